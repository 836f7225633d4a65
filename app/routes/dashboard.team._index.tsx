import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentTeam, submitInvitation } from '../.server/dashboard/team';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { RoleChoice } from '../components/RoleChoice';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentTeam(args);
export const action = (args: ActionFunctionArgs) => submitInvitation(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('team.title')} – ${t('dash.name')}` }];
};

type Result = { errors: FieldError[]; values: { email: string; role: string }; reason: string | null };
type Member = ReturnType<typeof useLoaderData<typeof loader>>['members'][number];

/** The actions each status offers, in the order shown (the service still decides on POST). */
const ACTIONS_OF: Record<Member['status'], readonly ('resend' | 'revoke' | 'role' | 'disable' | 'enable')[]> = {
  invited: ['resend', 'revoke', 'role'],
  active: ['role', 'disable'],
  disabled: ['enable', 'role'],
};

/** The Team page: everyone who can sign in, and (admins) the invite form and each person's actions. */
export default function Team() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const t = dashboardTranslator(data.frame.language);
  const admin = data.frame.role === 'admin';
  const errorOf = (field: string) => result?.errors.find((e) => e.field === field)?.message;
  const notice = data.done ? t(`team.done.${data.done}`, { email: data.doneEmail ?? '' }) : null;
  return (
    <DashboardPage frame={data.frame} section="team" title={t('team.title')}>
      <Notice text={notice} />
      <p>{t('team.intro')}</p>
      <div className="table-scroll" role="region" aria-label={t('team.title')} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('team.email')}</th>
              <th scope="col">{t('team.role')}</th>
              <th scope="col">{t('team.status')}</th>
              <th scope="col">{t('team.totp')}</th>
              <th scope="col">{t('team.last_sign_in')}</th>
              {admin ? <th scope="col">{t('team.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.members.map((m) => (
              <tr
                key={m.id}
                data-testid="member"
                data-id={m.id}
                data-status={m.status}
                data-role={m.role}
                data-link={m.linkExpired ? 'expired' : m.linkExpires ? 'live' : undefined}
              >
                <td>
                  {m.email}
                  {m.self ? ` ${t('team.you')}` : ''}
                </td>
                <td>{t(`team.role_label.${m.role}`)}</td>
                <td>
                  {t(`team.status.${m.status}`)}
                  {m.linkExpires ? (
                    <span className="hint"> · {t('team.link_expires', { time: m.linkExpires })}</span>
                  ) : null}
                  {m.linkExpired ? <span className="hint"> · {t('team.link_expired')}</span> : null}
                </td>
                <td>{m.totp ? t('team.on') : t('team.off')}</td>
                <td>{m.lastSignIn ?? t('team.never')}</td>
                {admin ? (
                  <td>
                    <ul className="actions">
                      {ACTIONS_OF[m.status].map((action) => (
                        <li key={action}>
                          <a
                            href={`/dashboard/team/${m.id}/${action}`}
                            aria-label={t(`team.action_named.${action}`, { email: m.email })}
                          >
                            {t(`team.action.${action}`)}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {admin ? (
        <>
          <h2>{t('team.invite')}</h2>
          <p>{t('team.invite_hint', { days: data.days })}</p>
          <div data-reason={result?.reason ?? undefined}>
            <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
            <CsrfForm csrf={data.frame.csrf} action="/dashboard/team?index">
              <Field
                name="email"
                label={t('team.email')}
                type="email"
                autoComplete="off"
                spellCheck={false}
                maxLength={254}
                defaultValue={result?.values.email}
                error={errorOf('email')}
              />
              <RoleChoice language={data.frame.language} checked={result?.values.role} error={errorOf('role')} />
              <button type="submit">{t('team.invite_submit')}</button>
            </CsrfForm>
          </div>
        </>
      ) : null}
    </DashboardPage>
  );
}

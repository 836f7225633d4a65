import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentTeamAction, submitTeamAction } from '../.server/dashboard/team-actions';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { RoleChoice } from '../components/RoleChoice';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentTeamAction(args);
export const action = (args: ActionFunctionArgs) => submitTeamAction(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  if (!data) return [{ title: t('dash.name') }];
  return [{ title: `${t(`team.confirm.${data.action}`, { email: data.member.email })} – ${t('dash.name')}` }];
};

/**
 * Asks before one of a person's actions (the form is the confirmation, the link back the way out);
 * a role change asks which role. A refusal comes back on this page with what to do.
 */
export default function TeamAction() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const data = refused && 'action' in refused ? refused : loaded;
  const t = dashboardTranslator(data.frame.language);
  const { member } = data;
  const roleErrors = data.errors.filter((e) => e.field === 'role');
  const refusal = data.errors.find((e) => e.field === 'refusal')?.message;
  return (
    <DashboardPage frame={data.frame} section="team" title={t(`team.confirm.${data.action}`, { email: member.email })}>
      <div data-reason={data.reason ?? undefined}>
        <ErrorSummary title={t('dash.error_summary')} errors={roleErrors} />
        {refusal ? (
          <div className="error-summary" role="alert" tabIndex={-1} data-focus-on-load>
            <h2>{t('dash.error_summary')}</h2>
            <p>{refusal}</p>
          </div>
        ) : null}
        <p>
          {t(`team.confirm_body.${data.action}`, { days: data.days })}
          {data.self && (data.action === 'disable' || data.action === 'role') ? ` ${t('team.confirm_self')}` : ''}
        </p>
        <CsrfForm csrf={data.frame.csrf} action={`/dashboard/team/${member.id}/${data.action}`}>
          {data.action === 'role' ? (
            <RoleChoice
              language={data.frame.language}
              checked={('chosen' in data && typeof data.chosen === 'string' && data.chosen) || member.role}
              error={roleErrors[0]?.message}
            />
          ) : null}
          <button
            type="submit"
            className={data.action === 'disable' || data.action === 'revoke' ? 'warning' : undefined}
          >
            {t(`team.submit.${data.action}`)}
          </button>
        </CsrfForm>
        <p>
          <a href="/dashboard/team">{t('team.back')}</a>
        </p>
      </div>
    </DashboardPage>
  );
}

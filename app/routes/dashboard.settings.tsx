import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentSettings, submitSettings, type SettingsIntent } from '../.server/dashboard/settings';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { Facts } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentSettings(args);
export const action = (args: ActionFunctionArgs) => submitSettings(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('settings.title')} – ${t('dash.name')}` }];
};

const COLOURS = [
  'button_background_colour',
  'content_box_border_colour',
  'header_background_colour',
  'link_text_colour',
] as const;
const APPROVALS = ['payment_pages_approved', 'white_label_partner', 'custom_payment_pages'] as const;

type Refused = { intent: SettingsIntent; errors: FieldError[]; submitted: Record<string, string> };

/**
 * The payer pages' branding and the creditor's contact (admins change them; viewers read them),
 * the payer notices the merchant sends itself, and the operator's live approvals, read only.
 * Plain forms: the logo is a multipart file upload.
 */
export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<Refused>();
  const { frame, creditor } = data;
  const t = dashboardTranslator(frame.language);
  const admin = frame.role === 'admin';
  const errorOf = (field: string) => refused?.errors.find((e) => e.field === field)?.message;
  // What was typed comes back only into the form that was sent.
  const typed = (intent: SettingsIntent, field: string, stored: string | null) =>
    refused?.intent === intent ? (refused.submitted[field] ?? '') : (stored ?? '');
  const hidden = (intent: SettingsIntent) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="creditor" value={creditor.id} />
    </>
  );
  return (
    <DashboardPage frame={frame} section="settings" title={t('settings.title')}>
      <Notice text={data.done ? t(`settings.done.${data.done}`) : null} />
      <ErrorSummary title={t('dash.error_summary')} errors={refused?.errors ?? []} />
      {data.creditors.length > 1 ? (
        <form method="get" action="/dashboard/settings" className="filters">
          <div className="field">
            <label htmlFor="creditor">{t('settings.creditor')}</label>
            <select id="creditor" name="creditor" defaultValue={creditor.id}>
              {data.creditors.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.id})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="secondary">
            {t('settings.show')}
          </button>
        </form>
      ) : null}
      {admin ? null : <p>{t('settings.admins_only')}</p>}

      <section aria-labelledby="details">
        <h2 id="details">{t('settings.details')}</h2>
        <p>{t('settings.details_hint')}</p>
        {admin ? (
          <CsrfForm csrf={frame.csrf} action="/dashboard/settings">
            {hidden('details')}
            <Field
              name="name"
              label={t('settings.name')}
              maxLength={255}
              defaultValue={typed('details', 'name', creditor.name)}
              error={errorOf('name')}
            />
            <Field
              name="email"
              type="email"
              label={t('settings.email')}
              optional={t('settings.optional')}
              maxLength={255}
              autoComplete="off"
              defaultValue={typed('details', 'email', creditor.email)}
              error={errorOf('email')}
            />
            <Field
              name="phone"
              type="tel"
              label={t('settings.phone')}
              optional={t('settings.optional')}
              maxLength={30}
              autoComplete="off"
              defaultValue={typed('details', 'phone', creditor.phone)}
              error={errorOf('phone')}
            />
            <button type="submit">{t('settings.save')}</button>
          </CsrfForm>
        ) : (
          <Facts
            rows={[
              [t('settings.name'), creditor.name],
              [t('settings.email'), creditor.email],
              [t('settings.phone'), creditor.phone],
            ]}
          />
        )}
      </section>

      <section aria-labelledby="logo-title">
        <h2 id="logo-title">{t('settings.logo')}</h2>
        {data.logo ? (
          <p>
            <img
              src={data.logo.url}
              width={data.logo.width}
              height={data.logo.height}
              alt={t('settings.logo_current')}
            />
          </p>
        ) : (
          <p>{t('settings.logo_none')}</p>
        )}
        {admin ? (
          <form method="post" action="/dashboard/settings" encType="multipart/form-data" noValidate>
            <input type="hidden" name="csrf" value={frame.csrf} />
            {hidden('logo')}
            <div className={errorOf('logo') ? 'field field-error' : 'field'}>
              <label htmlFor="logo">{t('settings.logo')}</label>
              <p id="logo-hint" className="hint">
                {t('settings.logo_hint')}
              </p>
              {errorOf('logo') ? (
                <p id="logo-error" className="error-message">
                  {errorOf('logo')}
                </p>
              ) : null}
              <input
                id="logo"
                name="logo"
                type="file"
                accept="image/png,image/jpeg,image/svg+xml"
                aria-describedby={errorOf('logo') ? 'logo-hint logo-error' : 'logo-hint'}
              />
            </div>
            <button type="submit">{t('settings.upload')}</button>
          </form>
        ) : null}
      </section>

      <section aria-labelledby="colours">
        <h2 id="colours">{t('settings.colours')}</h2>
        {admin ? (
          <CsrfForm csrf={frame.csrf} action="/dashboard/settings">
            {hidden('theme')}
            <p>{t('settings.colours_hint')}</p>
            {COLOURS.map((field) => (
              <Field
                key={field}
                name={field}
                label={t(`settings.colour.${field}`)}
                maxLength={7}
                spellCheck={false}
                autoComplete="off"
                defaultValue={typed('theme', field, data.colours[field])}
                error={errorOf(field)}
              />
            ))}
            <button type="submit">{t('settings.save_colours')}</button>
          </CsrfForm>
        ) : (
          <Facts rows={COLOURS.map((field) => [t(`settings.colour.${field}`), data.colours[field] || null])} />
        )}
      </section>

      <section aria-labelledby="notices-title">
        <h2 id="notices-title">{t('settings.notices')}</h2>
        <p>{t('settings.notices_hint')}</p>
        {admin ? (
          <CsrfForm csrf={frame.csrf} action="/dashboard/settings">
            {hidden('notices')}
            <fieldset id="notices" aria-describedby={errorOf('notices') ? 'notices-error' : undefined}>
              <legend>{t('settings.notices_legend')}</legend>
              {errorOf('notices') ? (
                <p id="notices-error" className="error-message">
                  {errorOf('notices')}
                </p>
              ) : null}
              {data.notices.map((n) => (
                <div className="choice" key={n.type}>
                  <input
                    type="checkbox"
                    id={`notice-${n.type}`}
                    name="notice"
                    value={n.type}
                    defaultChecked={n.takenOver}
                  />
                  <label htmlFor={`notice-${n.type}`}>{t(`settings.notice.${n.type}`)}</label>
                </div>
              ))}
            </fieldset>
            <button type="submit">{t('settings.save_notices')}</button>
          </CsrfForm>
        ) : (
          <Facts
            rows={data.notices.map((n) => [
              t(`settings.notice.${n.type}`),
              n.takenOver ? t('settings.notice_yours') : t('settings.notice_ours'),
            ])}
          />
        )}
      </section>

      {data.sandbox ? (
        <section aria-labelledby="sandbox-funds">
          <h2 id="sandbox-funds">{t('settings.sandbox_funds')}</h2>
          <p>{data.holdPayouts ? t('settings.sandbox_funds_held') : t('settings.sandbox_funds_paid')}</p>
          {admin ? (
            <CsrfForm csrf={frame.csrf} action="/dashboard/settings">
              {hidden('sandbox')}
              <input type="hidden" name="hold_payouts" value={data.holdPayouts ? 'false' : 'true'} />
              <button type="submit" className="secondary">
                {data.holdPayouts ? t('settings.release_payouts') : t('settings.hold_payouts')}
              </button>
            </CsrfForm>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="approvals">
        <h2 id="approvals">{t('settings.approvals')}</h2>
        <p>{data.sandbox ? t('settings.approvals_sandbox') : t('settings.approvals_hint')}</p>
        <Facts
          rows={APPROVALS.map((a) => [
            t(`settings.approval.${a}`),
            data.approvals[a] ? t('settings.approved') : t('settings.not_approved'),
          ])}
        />
      </section>
    </DashboardPage>
  );
}

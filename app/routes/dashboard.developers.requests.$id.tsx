import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentRequest, resendRequest } from '../.server/dashboard/requests';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm } from '../components/Form';
import { Facts } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentRequest(args);
export const action = (args: ActionFunctionArgs) => resendRequest(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('requests.request_title', { id: data?.request.id ?? '' })} – ${t('dash.name')}` }];
};

/**
 * One API request whole (bodies masked as kept), beside the events it recorded and the webhooks
 * that carried them; in the sandbox, a button that sends it again (decision 0094). A refused
 * re-send shows the page again with its sentence (422).
 */
export default function Request() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<{ error: string; reason: string }>();
  const { frame, request: r, events, webhooks, sandbox, resend, resendRefusal, resentFrom } = loaded;
  const t = dashboardTranslator(frame.language);
  const page = `/dashboard/developers/requests/${r.id}`;
  const body = (title: string, text: string | null, testId: string) => (
    <>
      <h2>{title}</h2>
      {text === null ? (
        <p>{r.truncated ? t('requests.truncated') : t('requests.no_body')}</p>
      ) : (
        <pre data-testid={testId} tabIndex={0} aria-label={title}>
          {text}
        </pre>
      )}
    </>
  );
  return (
    <DashboardPage frame={frame} section="developers" title={t('requests.request_title', { id: r.id })}>
      {refused?.error ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p data-testid="refusal" data-reason={refused.reason}>
            {refused.error}
          </p>
        </div>
      ) : null}
      {resentFrom ? (
        <p role="status" data-testid="resent">
          {t('requests.resent')} <a href={`/dashboard/developers/requests/${resentFrom}`}>{resentFrom}</a>
        </p>
      ) : null}
      <Facts
        rows={[
          [t('records.created'), r.created],
          [t('requests.method'), r.method],
          [t('requests.path'), r.path],
          [t('requests.status'), String(r.status)],
          [t('requests.duration'), t('requests.ms', { ms: r.durationMs })],
          [t('requests.request_id'), r.requestId],
          [t('requests.idempotency_key'), r.idempotencyKey ?? '–'],
          [t('requests.token'), r.token],
        ]}
      />
      <p>{t('requests.masked')}</p>
      {body(t('requests.request_body'), r.requestBody, 'request-body')}
      {body(t('requests.response_body'), r.responseBody, 'response-body')}
      <h2>{t('requests.events')}</h2>
      {events.length ? (
        <ul>
          {events.map((e) => (
            <li key={e.id} data-testid="event">
              <a href={`/dashboard/developers/events/${e.id}`}>{e.id}</a> {e.resource_type} {e.action}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('requests.no_events')}</p>
      )}
      <h2>{t('requests.webhooks')}</h2>
      {webhooks.length ? (
        <ul>
          {webhooks.map((w) => (
            <li key={w.id} data-testid="webhook">
              <a href={`/dashboard/developers/webhooks/${w.endpoint_id}/deliveries/${w.id}`}>{w.id}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('requests.no_webhooks')}</p>
      )}
      {sandbox ? (
        <>
          <h2>{t('requests.resend')}</h2>
          {resendRefusal === 'no_token' ? <p>{t('requests.resend_no_token')}</p> : null}
          {resendRefusal === null && frame.role === 'admin' ? (
            <CsrfForm csrf={frame.csrf} action={page}>
              <p>{t('requests.resend_as', { token: r.token })}</p>
              <button type="submit" data-testid="resend-now">
                {t('requests.resend_now')}
              </button>
            </CsrfForm>
          ) : null}
          {resend ? (
            <>
              <p>{t('requests.resend_intro')}</p>
              <pre data-testid="resend" tabIndex={0} aria-label={t('requests.resend')}>
                {resend}
              </pre>
            </>
          ) : (
            <p>{t(resendRefusal === 'truncated' ? 'requests.resend_truncated' : 'requests.resend_masked')}</p>
          )}
        </>
      ) : null}
      <p>
        <a href="/dashboard/developers/requests">{t('requests.back')}</a>
      </p>
    </DashboardPage>
  );
}

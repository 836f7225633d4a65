import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentRequest } from '../.server/dashboard/requests';
import { DashboardPage } from '../components/DashboardPage';
import { Facts } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentRequest(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('requests.request_title', { id: data?.request.id ?? '' })} – ${t('dash.name')}` }];
};

/** One API request whole (bodies masked as kept), beside the events it recorded and the webhooks that carried them. */
export default function Request() {
  const { frame, request: r, events, webhooks, sandbox, resend } = useLoaderData<typeof loader>();
  const t = dashboardTranslator(frame.language);
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
          {resend ? (
            <>
              <p>{t('requests.resend_intro')}</p>
              <pre data-testid="resend" tabIndex={0} aria-label={t('requests.resend')}>
                {resend}
              </pre>
            </>
          ) : (
            <p>{t('requests.resend_masked')}</p>
          )}
        </>
      ) : null}
      <p>
        <a href="/dashboard/developers/requests">{t('requests.back')}</a>
      </p>
    </DashboardPage>
  );
}

import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentDelivery } from '../.server/dashboard/webhook-deliveries';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { Facts } from '../components/RecordList';
import { dashboardTranslator, type DashboardTranslate } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentDelivery(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('deliveries.delivery_title', { id: data?.delivery.id ?? '' })} – ${t('dash.name')}` }];
};

/** Header names and values as a definition list (values are long words: they wrap). */
function Headers({ lines }: { lines: [string, string][] }) {
  return <Facts rows={lines.map(([name, value]): [string, string] => [name, value])} />;
}

function Attempts({ t, data }: { t: DashboardTranslate; data: SerializeFrom<typeof loader> }) {
  const { attempts, delivery } = data;
  if (!attempts.length) return <p>{t('deliveries.no_attempts')}</p>;
  return (
    <>
      {delivery.attempts > attempts.length ? (
        <p>{t('deliveries.more_attempts', { count: delivery.attempts, shown: attempts.length })}</p>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby="attempts" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('deliveries.attempt')}</th>
              <th scope="col">{t('deliveries.attempted_at')}</th>
              <th scope="col">{t('deliveries.outcome')}</th>
              <th scope="col">{t('deliveries.code_or_error')}</th>
              <th scope="col">{t('deliveries.duration')}</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((a) => (
              <tr key={a.attempt} data-testid="attempt">
                <td>{a.attempt}</td>
                <td>{a.at}</td>
                <td>{a.ok ? t('deliveries.outcome_ok') : t('deliveries.outcome_failed')}</td>
                <td>{a.code ?? a.error ?? '—'}</td>
                <td>{a.durationMs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One delivery: the request we sent, the receiver's latest answer, every attempt, its events and its retry. */
export default function WebhookDelivery() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const { endpoint, delivery: d, request, response } = data;
  const endpointPage = `/dashboard/developers/webhooks/${endpoint.id}`;
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('deliveries.delivery_title', { id: d.id })}>
      <Notice text={data.done && d.retryOf ? t('deliveries.done_retry', { id: d.retryOf }) : null} />
      <Facts
        rows={[
          [t('deliveries.endpoint'), <a href={endpointPage}>{endpoint.url}</a>],
          [t('hooks.status'), <code data-testid="delivery-status">{d.status}</code>],
          [t('records.created'), d.created],
          [t('deliveries.test'), d.test ? t('hooks.delivery_test') : null],
          [
            t('deliveries.retry_of'),
            d.retryOf ? <a href={`${endpointPage}/deliveries/${d.retryOf}`}>{d.retryOf}</a> : null,
          ],
          [t('deliveries.next_attempt'), d.nextAttempt],
          [t('deliveries.event_count'), String(d.eventCount)],
        ]}
      />
      {data.frame.role === 'admin' ? (
        data.retryable ? (
          <ul className="actions">
            <li>
              <a href={`${endpointPage}/deliveries/${d.id}/retry`}>{t('deliveries.retry')}</a>
            </li>
          </ul>
        ) : !endpoint.enabled ? (
          <p>{t('deliveries.retry_needs_enabled')}</p>
        ) : null
      ) : null}
      <section aria-labelledby="request">
        <h2 id="request">{t('deliveries.request')}</h2>
        <Facts rows={[[t('hooks.url'), <span data-testid="request-url">{request.url}</span>]]} />
        <h3>{t('deliveries.headers')}</h3>
        {request.headers.length ? <Headers lines={request.headers} /> : <p>{t('deliveries.headers_later')}</p>}
        <h3>{t('deliveries.body')}</h3>
        <pre data-testid="request-body" tabIndex={0}>
          {request.body}
        </pre>
      </section>
      <section aria-labelledby="response">
        <h2 id="response">{t('deliveries.response')}</h2>
        {response.code === null ? (
          <p>{t('deliveries.no_response')}</p>
        ) : (
          <>
            <Facts rows={[[t('deliveries.response_code'), <span data-testid="response-code">{response.code}</span>]]} />
            <h3>{t('deliveries.headers')}</h3>
            <Headers lines={response.headers} />
            {response.headersTruncated ? <p>{t('deliveries.headers_truncated')}</p> : null}
            {response.body ? (
              <>
                <h3>{t('deliveries.body')}</h3>
                <pre data-testid="response-body" tabIndex={0}>
                  {response.body}
                </pre>
                {response.bodyTruncated ? <p>{t('deliveries.body_truncated')}</p> : null}
              </>
            ) : null}
          </>
        )}
      </section>
      <section aria-labelledby="attempts">
        <h2 id="attempts">{t('deliveries.attempts')}</h2>
        <Attempts t={t} data={data} />
      </section>
      <section aria-labelledby="events">
        <h2 id="events">{t('deliveries.events')}</h2>
        <ul>
          {data.events.map((e) => (
            <li key={e.id} data-testid="delivery-event">
              {d.test ? (
                <>
                  <code>{e.id}</code> {e.resourceType} {e.action} ({t('deliveries.test_event')})
                </>
              ) : (
                <>
                  <a href={`/dashboard/developers/events/${e.id}`}>{e.id}</a> {e.resourceType} {e.action}
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <p>
        <a href={endpointPage}>{t('deliveries.back')}</a>
      </p>
    </DashboardPage>
  );
}

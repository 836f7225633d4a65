import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { isDomainError } from '../../../server/domain/shared/errors';
import type { WebhookAttemptRow, WebhookRow } from '../../../server/domain/webhooks/types';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { frameOf, owned } from './records';
import { ownEndpoint } from './webhooks';

/**
 * A webhook delivery's own page — the request we sent (URL, headers, the JSON body), the
 * receiver's latest answer, every attempt and the events it carries — and its retry: asked first
 * on a page of its own (a plain form with the CSRF token), then the API's
 * `POST /webhooks/:id/actions/retry` service call, which makes a new delivery the worker sends.
 * The URL names the endpoint too: a delivery of another endpoint, or of another organisation, is 404.
 */
const at = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : null);

/** The URL's endpoint and delivery, each the user's organisation's, the one the other's. */
async function ownDelivery(args: LoaderFunctionArgs, who: SignedIn) {
  const endpoint = await ownEndpoint(args, who);
  const delivery = await owned(who, () =>
    args.context.services.webhooks.get(args.context.services.db, actorOf(who.user), args.params.delivery ?? ''),
  );
  if (delivery.endpoint_id !== endpoint.id) dashboardError(404, who.language, 'not_found');
  return { endpoint, delivery };
}

/** The body as sent, indented to read; it is always our own JSON, but is shown as it is if not. */
function bodyOf(delivery: WebhookRow) {
  try {
    const body = JSON.parse(delivery.request_body) as { events?: Record<string, unknown>[] };
    const events = (body.events ?? []).map((e) => ({
      id: String(e.id),
      resourceType: String(e.resource_type),
      action: String(e.action),
    }));
    return { text: JSON.stringify(body, null, 2), events };
  } catch {
    return { text: delivery.request_body, events: [] };
  }
}

/** Headers as name and value, in name order (stored as a JSON object). */
const headerLines = (headers: Record<string, string> | null) =>
  Object.entries(headers ?? {}).sort(([a], [b]) => a.localeCompare(b));

const attemptLine = (a: WebhookAttemptRow) => ({
  attempt: a.attempt,
  at: at(a.attempted_at),
  ok: a.successful,
  code: a.response_code,
  error: a.error,
  durationMs: a.duration_ms,
});

export async function presentDelivery(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { endpoint, delivery: d } = await ownDelivery(args, who);
  const attempts = await args.context.services.webhooks.attempts(args.context.services.db, actorOf(who.user), d.id);
  const body = bodyOf(d);
  const done = new URL(args.request.url).searchParams.get('done') === 'retry' && d.retry_of !== null;
  return json(
    {
      frame: frameOf(who),
      endpoint: { id: endpoint.id, url: endpoint.url, enabled: endpoint.enabled },
      delivery: {
        id: d.id,
        created: at(d.created_at),
        status: d.status,
        test: d.is_test,
        retryOf: d.retry_of,
        nextAttempt: at(d.next_attempt_at),
        attempts: d.attempts,
        eventCount: d.event_count,
      },
      request: { url: d.url, headers: headerLines(d.request_headers), body: body.text },
      response: {
        code: d.response_code,
        headers: headerLines(d.response_headers),
        headersTruncated: d.response_headers_content_truncated || d.response_headers_count_truncated,
        body: d.response_body,
        bodyTruncated: d.response_body_truncated,
      },
      attempts: attempts.map(attemptLine),
      events: body.events,
      // The service's rules, to offer the retry only where it would be taken (decision 0049).
      retryable: endpoint.enabled && d.status !== 'pending',
      done,
    },
    { headers: noStore() },
  );
}

async function retryPage(args: LoaderFunctionArgs, who: SignedIn) {
  const { endpoint, delivery } = await ownDelivery(args, who);
  return {
    frame: frameOf(who),
    endpoint: { id: endpoint.id, url: endpoint.url },
    delivery: { id: delivery.id, eventCount: delivery.event_count },
  };
}

export async function presentDeliveryRetry(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json({ ...(await retryPage(args, who)), error: null as string | null }, { headers: noStore() });
}

/** The service's refusals, in the page's words: the endpoint disabled, or no first attempt yet. */
const REFUSALS = {
  'reason.webhook_endpoint_disabled': 'deliveries.refused_disabled',
  'reason.webhook_not_attempted': 'deliveries.refused_not_attempted',
} as const;

export async function submitDeliveryRetry(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const page = await retryPage(args, who);
  try {
    const made = await write(args.context, (tx) =>
      args.context.services.webhooks.retry(tx, actorOf(who.user), page.delivery.id),
    );
    const to = `/dashboard/developers/webhooks/${page.endpoint.id}/deliveries/${made.id}?done=retry`;
    return redirect(to, { status: 303, headers: noStore() });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.reason === 'resource_not_found') dashboardError(404, who.language, 'not_found');
    const t = dashboardTranslator(who.language);
    const cause = error.options.messageKey ?? `reason.${error.reason}`;
    const key = REFUSALS[cause as keyof typeof REFUSALS];
    const message = key
      ? `${t(key)} ${t('deliveries.nothing_changed')}`
      : t('records.refused', { reason: error.reason });
    return json(
      { ...page, error: message, reason: error.reason as string, cause: cause.replace(/^reason\./, '') },
      { status: 422, headers: noStore() },
    );
  }
}

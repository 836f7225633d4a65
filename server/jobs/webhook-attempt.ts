import { performance } from 'node:perf_hooks';
import type { Clock } from '../domain/shared/clock';
import type { AttemptOutcome, Claimed } from '../domain/webhooks/attempts';
import { signWebhookBody } from '../domain/webhooks/signing';
import type { WebhookSender } from './webhook-sender';

export { retryDelayMs, type AttemptOutcome, type Claimed } from '../domain/webhooks/attempts';

/** What the `webhooks` resource keeps of an answer (each attempt row keeps a shorter excerpt). */
const BODY_LIMIT = 10_000;
const HEADER_COUNT_LIMIT = 50;
const HEADER_CONTENT_LIMIT = 4_096;

/** Sends one delivery once. Never throws: a network failure or timeout is an outcome like a 500. */
export async function sendDelivery(
  claimed: Claimed,
  deps: { sender: WebhookSender; clock: Clock; timeoutMs: number; stopping: AbortSignal },
): Promise<AttemptOutcome> {
  const { delivery } = claimed;
  const requestHeaders = {
    'content-type': 'application/json',
    'user-agent': 'bankflow-webhooks/1',
    'idempotency-key': delivery.idempotency_key,
    'webhook-signature': signWebhookBody(delivery.request_body, claimed.secret),
  };
  const attemptedAt = deps.clock.now();
  const started = performance.now();
  const signal = AbortSignal.any([deps.stopping, AbortSignal.timeout(deps.timeoutMs)]);
  const base = {
    attemptedAt,
    requestHeaders,
    bodyTruncated: false,
    headersContentTruncated: false,
    headersCountTruncated: false,
  };
  try {
    const res = await deps.sender(delivery.url, {
      method: 'POST',
      headers: requestHeaders,
      body: delivery.request_body,
      signal,
      redirect: 'manual',
    });
    const text = await res.text();
    const headers: Record<string, string> = {};
    let count = 0;
    let content = 0;
    let headersCountTruncated = false;
    let headersContentTruncated = false;
    res.headers.forEach((value, key) => {
      if (++count > HEADER_COUNT_LIMIT) return void (headersCountTruncated = true);
      if (content + key.length + value.length > HEADER_CONTENT_LIMIT) return void (headersContentTruncated = true);
      content += key.length + value.length;
      headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    });
    return {
      ...base,
      durationMs: Math.round(performance.now() - started),
      ok: res.status >= 200 && res.status < 300,
      status: res.status,
      body: text ? text.slice(0, BODY_LIMIT) : undefined,
      bodyTruncated: text.length > BODY_LIMIT,
      headers,
      headersCountTruncated,
      headersContentTruncated,
    };
  } catch (error) {
    const timedOut = signal.aborted && !deps.stopping.aborted;
    // Network errors carry a code (ECONNREFUSED…), on themselves or, from fetch, on their cause.
    const codes = [(error as { code?: unknown }).code, (error as { cause?: { code?: unknown } }).cause?.code];
    const code = codes.find((c): c is string => typeof c === 'string');
    const message = timedOut
      ? `timed out after ${deps.timeoutMs} ms`
      : (code ?? (error instanceof Error ? error.message : String(error)));
    return { ...base, durationMs: Math.round(performance.now() - started), ok: false, error: message.slice(0, 500) };
  }
}

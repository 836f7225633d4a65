import { performance } from 'node:perf_hooks';
import type { Clock } from '../domain/shared/clock';
import type { AttemptOutcome, Claimed } from '../domain/webhooks/attempts';
import { signWebhookBody } from '../domain/webhooks/signing';
import { AddressRefusedError, type WebhookSender } from './webhook-sender';

export { retryDelayMs, type AttemptOutcome, type Claimed } from '../domain/webhooks/attempts';

/**
 * What the `webhooks` resource keeps of an answer, in UTF-8 bytes (each attempt row keeps a
 * shorter excerpt): enough to debug a receiver, too little to read an internal service through it.
 */
export const BODY_LIMIT = 2_048;
const HEADER_COUNT_LIMIT = 50;
const HEADER_CONTENT_LIMIT = 4_096;

/** What sending needs of a delivery: the worker's claimed row, or `npm run cli -- listen`'s own. */
export interface Sendable {
  delivery: Pick<Claimed['delivery'], 'url' | 'request_body' | 'idempotency_key'>;
  secret: string;
}

/** Sends one delivery once. Never throws: a network failure or timeout is an outcome like a 500. */
export async function sendDelivery(
  claimed: Sendable,
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
  // A timer this attempt holds, cleared in `finally`. AbortSignal.timeout under AbortSignal.any
  // is held only weakly: once collected it never fires, and the request hangs (issue 40.2).
  const controller = new AbortController();
  const signal = controller.signal;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${deps.timeoutMs} ms`));
  }, deps.timeoutMs);
  const onStopping = () => controller.abort(deps.stopping.reason);
  if (deps.stopping.aborted) onStopping();
  else deps.stopping.addEventListener('abort', onStopping, { once: true });
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
    const { text: body, truncated: bodyTruncated } = storedBody(await res.text());
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
      body: body || undefined,
      bodyTruncated,
      headers,
      headersCountTruncated,
      headersContentTruncated,
    };
  } catch (error) {
    // Network errors carry a code (ECONNREFUSED…), on themselves or, from fetch, on their cause.
    const codes = [(error as { code?: unknown }).code, (error as { cause?: { code?: unknown } }).cause?.code];
    const code = codes.find((c): c is string => typeof c === 'string');
    const message = timedOut
      ? `timed out after ${deps.timeoutMs} ms`
      : error instanceof AddressRefusedError
        ? error.message
        : (code ?? (error instanceof Error ? error.message : String(error)));
    return { ...base, durationMs: Math.round(performance.now() - started), ok: false, error: message.slice(0, 500) };
  } finally {
    clearTimeout(timer);
    deps.stopping.removeEventListener('abort', onStopping);
  }
}

// C0 and C1 controls and DEL, but tab, line feed and carriage return (bodies have lines).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * A receiver's answer as it is stored and shown to the merchant: well-formed (lone surrogates and
 * undecodable bytes are U+FFFD already), control characters replaced by U+FFFD (Postgres refuses
 * NUL in text), at most BODY_LIMIT bytes of UTF-8 cut on a character boundary.
 */
export function storedBody(raw: string): { text: string; truncated: boolean } {
  // Encoding to UTF-8 turns lone surrogates into U+FFFD.
  const bytes = Buffer.from(raw.replace(CONTROL, '\uFFFD'), 'utf8');
  if (bytes.length <= BODY_LIMIT) return { text: bytes.toString('utf8'), truncated: false };
  // stream: true keeps a character cut in half back instead of decoding it as U+FFFD.
  return { text: new TextDecoder().decode(bytes.subarray(0, BODY_LIMIT), { stream: true }), truncated: true };
}

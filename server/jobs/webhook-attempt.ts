import { performance } from 'node:perf_hooks';
import type { Database } from '../db/db';
import { json } from '../db/sql';
import type { Clock } from '../domain/shared/clock';
import { signWebhookBody } from '../domain/webhooks/signing';
import type { WebhookRow } from '../domain/webhooks/types';
import type { WebhookSender } from './webhook-sender';

/** A delivery a worker holds the lease of, with what it needs to send it. */
export interface Claimed {
  delivery: WebhookRow;
  secret: string;
  token: string;
}

export interface AttemptOutcome {
  attemptedAt: Date;
  durationMs: number;
  requestHeaders: Record<string, string>;
  ok: boolean;
  status?: number;
  body?: string;
  bodyTruncated: boolean;
  headers?: Record<string, string>;
  headersContentTruncated: boolean;
  headersCountTruncated: boolean;
  error?: string;
}

/** What the `webhooks` resource keeps of an answer, and the shorter excerpt each attempt row keeps. */
const BODY_LIMIT = 10_000;
const ATTEMPT_BODY_LIMIT = 1_000;
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

/** Delay before the next attempt after `attempts` failures: 30 s, doubling, at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/**
 * Records an attempt in one transaction: the attempt row, the delivery's latest answer and its
 * next attempt (or none: succeeded, or past the retry period), its events marked delivered, and
 * the lease released. If the lease ran out meanwhile and another worker took the delivery over,
 * only the attempt (and a success) is recorded; the schedule is that worker's.
 */
export async function recordAttempt(
  db: Database,
  clock: Clock,
  claimed: Claimed,
  outcome: AttemptOutcome,
  retryPeriodMs: number,
): Promise<{ attempt: number; nextAttemptAt: Date | null }> {
  const { delivery, token } = claimed;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const { rows } = await tx.query<{ attempts: number; claim_token: string | null; successful: boolean }>(
      'UPDATE webhooks SET attempts = attempts + 1, updated_at = $2 WHERE id = $1 RETURNING attempts, claim_token, successful',
      [delivery.id, now],
    );
    const current = rows[0]!;
    await tx.query(
      `INSERT INTO webhook_attempts (webhook_id, attempt, organisation_id, attempted_at, duration_ms, response_code, response_body, error, successful)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        delivery.id,
        current.attempts,
        delivery.organisation_id,
        outcome.attemptedAt,
        outcome.durationMs,
        outcome.status ?? null,
        outcome.body?.slice(0, ATTEMPT_BODY_LIMIT) ?? null,
        outcome.error ?? null,
        outcome.ok,
      ],
    );
    const done = current.successful || outcome.ok;
    const retryAt = new Date(now.getTime() + retryDelayMs(current.attempts));
    const giveUp = retryAt.getTime() > delivery.created_at.getTime() + retryPeriodMs;
    const nextAttemptAt = done || giveUp ? null : retryAt;
    if (current.claim_token === token) {
      await tx.query(
        `UPDATE webhooks SET request_headers = $2, response_code = $3, response_body = $4, response_body_truncated = $5,
           response_headers = $6, response_headers_content_truncated = $7, response_headers_count_truncated = $8,
           successful = successful OR $9, next_attempt_at = $10, lease_expires_at = NULL, claim_token = NULL
         WHERE id = $1`,
        [
          delivery.id,
          json(outcome.requestHeaders),
          outcome.status ?? null,
          outcome.body ?? null,
          outcome.bodyTruncated,
          outcome.headers ? json(outcome.headers) : null,
          outcome.headersContentTruncated,
          outcome.headersCountTruncated,
          outcome.ok,
          nextAttemptAt,
        ],
      );
    } else if (outcome.ok) {
      await tx.query('UPDATE webhooks SET successful = true, next_attempt_at = NULL WHERE id = $1', [delivery.id]);
    }
    if (outcome.ok) {
      await tx.query('UPDATE webhook_outbox SET delivered_at = $2 WHERE webhook_id = $1 AND delivered_at IS NULL', [
        delivery.id,
        now,
      ]);
      // The endpoint answers again: what waits in backoff for it goes now, not hours later.
      await tx.query(
        `UPDATE webhooks SET next_attempt_at = $2
         WHERE endpoint_id = $1 AND organisation_id = $3 AND next_attempt_at > $2 AND NOT successful`,
        [delivery.endpoint_id, now, delivery.organisation_id],
      );
    }
    return { attempt: current.attempts, nextAttemptAt: current.claim_token === token ? nextAttemptAt : null };
  });
}

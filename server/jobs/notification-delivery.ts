import type { Database, Queryable } from '../db/db';
import type { Mailer, MailMessage } from '../domain/notifications/mailer';
import { recordEvent } from '../domain/events/queries';
import { noticeFailedEvent } from '../domain/notifications/outbox';
import { claimDue, recordOutcome, type NotificationRow } from '../domain/notifications/queries';
import { isUsableAddress, type NoticeContent, type NoticeFailure } from '../domain/notifications/types';
import type { Clock } from '../domain/shared/clock';
import type { IdGenerator } from '../domain/shared/ids';
import type { Logger } from '../logger';
import { MailError } from '../mail/transport';
import { pollingLoop } from './polling-loop';

/** First retry after 30 s, doubling, at most an hour apart; given up 72 h after the notice was made. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const RETRY_PERIOD_MS = 72 * 60 * 60_000;
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

export interface NotificationDeliveryOptions {
  db: Database;
  clock: Clock;
  /** For the `customer_notification_failed` event a notice that will never be sent writes. */
  ids: IdGenerator;
  logger: Logger;
  mailer: Mailer;
  contentFor: (db: Queryable, notification: NotificationRow) => Promise<NoticeContent | null>;
  render: (content: NoticeContent) => Promise<Omit<MailMessage, 'organisationId'>>;
  /** How long a claim keeps a notice from other processes; well over one SMTP send's timeouts. */
  leaseMs?: number;
  /** Mails sent at once by one process. */
  concurrency?: number;
}

/**
 * Sends the payer notices in the outbox after the changes that wrote them committed (decision
 * 0032). Claim, send, record — no SMTP inside a transaction: due notices are claimed in one short
 * statement (`FOR UPDATE SKIP LOCKED`, then a lease in `claimed_until`), so two processes never
 * send one notice at the same time; each outcome is recorded only by the claim's holder. A 5xx
 * answer or a refused address fails the notice with its reason; anything else (the server down,
 * a 4xx) retries it later with back-off. A process dying between sending and recording leaves a
 * claim that runs out: that notice is sent again (at least once, never lost). A notice that will
 * never be sent writes a `customer_notification_failed` event on its resource in the transaction
 * that marks it failed (decision 0038). A notice a merchant took over is due only at its deadline.
 */
export function createNotificationDelivery(options: NotificationDeliveryOptions) {
  const leaseMs = options.leaseMs ?? 120_000;
  const concurrency = options.concurrency ?? 16;

  /** Marks the notice failed and, if the claim was still ours, tells the merchant with an event. */
  async function fail(n: NotificationRow, reason: NoticeFailure, error: string): Promise<void> {
    await options.db.transaction(async (tx) => {
      if (await recordOutcome(tx, n, { kind: 'failed', reason, error }))
        await recordEvent(tx, { clock: options.clock, ids: options.ids }, noticeFailedEvent(n, reason));
    });
  }

  async function deliverOne(n: NotificationRow): Promise<boolean> {
    const now = () => options.clock.now();
    // A taken-over notice left to us at its deadline may have no address to go to.
    if (!isUsableAddress(n.recipient)) {
      await fail(n, 'no_usable_address', 'no usable address');
      return false;
    }
    let message: MailMessage;
    try {
      const content = await options.contentFor(options.db, n);
      if (!content) {
        await fail(n, 'nothing_to_send', 'resource gone');
        return false;
      }
      message = { ...(await options.render(content)), organisationId: n.organisation_id };
    } catch (error) {
      await fail(n, 'render_failed', String(error));
      options.logger.error('payer notice could not be rendered', { notification: n.id, error: String(error) });
      return false;
    }
    try {
      await options.mailer.send(message);
    } catch (error) {
      const mailError = error instanceof MailError ? error : new MailError(String(error), false, 'temporary');
      const retryAt = new Date(now().getTime() + retryDelayMs(n.attempts));
      const outcome =
        mailError.permanent && mailError.reason !== 'temporary'
          ? ({ kind: 'failed', reason: mailError.reason, error: mailError.message } as const)
          : retryAt.getTime() - n.created_at.getTime() > RETRY_PERIOD_MS
            ? ({ kind: 'failed', reason: 'retries_exhausted', error: mailError.message } as const)
            : ({ kind: 'retry', at: retryAt, error: mailError.message } as const);
      if (outcome.kind === 'failed') await fail(n, outcome.reason, outcome.error);
      else await recordOutcome(options.db, n, outcome);
      options.logger.warn('payer notice not sent', {
        notification: n.id,
        outcome: outcome.kind,
        error: mailError.message,
      });
      return false;
    }
    await recordOutcome(options.db, n, { kind: 'sent', at: now() });
    return true;
  }

  /** Sends what is due now, `concurrency` at a time, until nothing is due or `limit` were tried. */
  async function deliverPending(limit = 500): Promise<number> {
    let sent = 0;
    for (let tried = 0; tried < limit;) {
      const claimed = await claimDue(
        options.db,
        options.clock.now(),
        leaseMs,
        Math.min(concurrency * 4, limit - tried),
      );
      if (!claimed.length) break;
      tried += claimed.length;
      for (let i = 0; i < claimed.length; i += concurrency) {
        const results = await Promise.all(claimed.slice(i, i + concurrency).map(deliverOne));
        sent += results.filter(Boolean).length;
      }
    }
    return sent;
  }

  const loop = pollingLoop('notification delivery', deliverPending, options.logger);
  return Object.assign(deliverPending, { start: loop.start, stop: loop.stop });
}

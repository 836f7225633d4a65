import type { Database } from '../db/db';
import type { Mailer } from '../domain/notifications/mailer';
import { lockNextUnsent, markSent, type NotificationRow } from '../domain/notifications/queries';
import type { MailMessage } from '../domain/notifications/mailer';
import type { Queryable } from '../db/db';
import type { Clock } from '../domain/shared/clock';

/**
 * Sends the payer mails `notify` left in the outbox, after the request that wrote them committed.
 * Each mail is its own short transaction holding only its notification's row (taken with SKIP
 * LOCKED, so two processes never mail one twice); a failed send leaves the row for the next run.
 */
export function createNotificationDelivery(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  mailFor: (db: Queryable, notification: NotificationRow) => Promise<MailMessage>;
}) {
  return async function deliverPending(limit = 50): Promise<number> {
    let sent = 0;
    for (let i = 0; i < limit; i++) {
      const delivered = await deps.db.transaction(async (tx) => {
        const notification = await lockNextUnsent(tx);
        if (!notification) return false;
        await deps.mailer.send(await deps.mailFor(tx, notification));
        await markSent(tx, notification.id, deps.clock.now());
        return true;
      });
      if (!delivered) break;
      sent++;
    }
    return sent;
  };
}

import type { Queryable } from '../../db/db';
import { defineTable } from '../shared/table';

/** The only file that names the `notifications` table (the payer-mail outbox) in SQL. */
export const notificationsTable = defineTable('notifications', [
  'id',
  'organisation_id',
  'billing_request_id',
  'notification_type',
  'recipient',
  'redirect_uri',
  'created_at',
  'sent_at',
]);

export interface NotificationRow {
  id: string;
  organisation_id: string;
  billing_request_id: string;
  notification_type: string;
  recipient: string;
  redirect_uri: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export async function insertNotification(tx: Queryable, row: Omit<NotificationRow, 'sent_at'>): Promise<void> {
  await tx.query(
    `INSERT INTO notifications (id, organisation_id, billing_request_id, notification_type, recipient, redirect_uri, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      row.id,
      row.organisation_id,
      row.billing_request_id,
      row.notification_type,
      row.recipient,
      row.redirect_uri,
      row.created_at,
    ],
  );
}

/**
 * The oldest notification not yet sent, locked for the caller's transaction; one another process
 * is sending is skipped, so two never mail the same notification at once.
 */
export async function lockNextUnsent(tx: Queryable): Promise<NotificationRow | undefined> {
  const { rows } = await tx.query<NotificationRow>(
    'SELECT * FROM notifications WHERE sent_at IS NULL ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED',
  );
  return rows[0];
}

export async function markSent(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx.query('UPDATE notifications SET sent_at = $2 WHERE id = $1', [id, at]);
}

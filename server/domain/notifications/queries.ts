import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import { notFound } from '../shared/errors';
import { col, defineTable, type RowOf } from '../shared/table';
import type { NoticeFailure, NoticeType } from './types';

/** The only file that names the `notifications` table (the payer-mail outbox) in SQL. */
export const notificationsTable = defineTable(
  'notifications',
  {
    id: col.text(),
    organisation_id: col.text(),
    billing_request_id: col.text().nullable(),
    notification_type: col.text(),
    recipient: col.text().nullable(),
    redirect_uri: col.text().nullable(),
    created_at: col.timestamptz(),
    sent_at: col.timestamptz().nullable(),
    notice_type: col.text<NoticeType>(),
    creditor_id: col.text().nullable(),
    customer_id: col.text().nullable(),
    event_id: col.text().nullable(),
    links: col.jsonb<Record<string, string>>(),
    language: col.text(),
    status: col.text<NoticeStatus>(),
    failure_reason: col.text<NoticeFailure>().nullable(),
    attempts: col.integer(),
    next_attempt_at: col.timestamptz().nullable(),
    claimed_until: col.timestamptz().nullable(),
    last_error: col.text().nullable(),
    deadline: col.timestamptz().nullable(),
    mandatory: col.boolean().nullable(),
    action_taken: col.text<'handled'>().nullable(),
    action_taken_at: col.timestamptz().nullable(),
    action_taken_by: col.text().nullable(),
  },
  // A notice is seen through the API only as a customer notification (decision 0038).
  'customer_notifications',
);

export type NoticeStatus = 'pending' | 'sent' | 'failed' | 'handled';

/** A row of `notifications` as stored: its table's declaration. */
export type NotificationRow = RowOf<typeof notificationsTable>;

export interface NewNotification {
  id: string;
  organisation_id: string;
  notice_type: NoticeType;
  billing_request_id?: string | null;
  creditor_id?: string | null;
  customer_id?: string | null;
  event_id?: string | null;
  links?: Record<string, string>;
  language: string;
  recipient: string | null;
  redirect_uri?: string | null;
  created_at: Date;
  /** Set when the notice can never be sent (no usable address): written as `failed` at once. */
  failure_reason?: NoticeFailure | null;
  /** A taken-over notice: not due before this (decision 0038). */
  deadline?: Date | null;
  /** When it is due: real time (the sender's), though `created_at` is an organisation's test clock's (decision 0079). */
  due_at?: Date;
  mandatory?: boolean | null;
}

/**
 * Writes a notice in the caller's transaction: pending and due at once (at its deadline when the
 * merchant took it over), or failed with its reason.
 */
export async function insertNotification(tx: Queryable, row: NewNotification): Promise<void> {
  const failed = row.failure_reason ?? null;
  await tx.query(
    `INSERT INTO notifications (id, organisation_id, billing_request_id, notification_type, notice_type, creditor_id,
       customer_id, event_id, links, language, recipient, redirect_uri, status, failure_reason, next_attempt_at, created_at,
       deadline, mandatory)
     VALUES ($1, $2, $3, 'email', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      row.id,
      row.organisation_id,
      row.billing_request_id ?? null,
      row.notice_type,
      row.creditor_id ?? null,
      row.customer_id ?? null,
      row.event_id ?? null,
      json(row.links ?? {}),
      row.language,
      row.recipient,
      row.redirect_uri ?? null,
      failed ? 'failed' : 'pending',
      failed,
      failed ? null : (row.deadline ?? row.due_at ?? row.created_at),
      row.created_at,
      row.deadline ?? null,
      row.mandatory ?? null,
    ],
  );
}

/**
 * Claims up to `limit` due notices for `leaseMs`: one short statement whose inner SELECT skips rows
 * another process holds (SKIP LOCKED) and whose claim (`claimed_until`) keeps them from every
 * other process after this transaction commits, while the mail is sent outside any transaction.
 */
export async function claimDue(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `UPDATE notifications n SET claimed_until = $2, attempts = n.attempts + 1
     FROM (SELECT id FROM notifications
           WHERE status = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) due
     WHERE n.id = due.id
     RETURNING n.*`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows.sort((a, b) => a.next_attempt_at!.getTime() - b.next_attempt_at!.getTime() || (a.id < b.id ? -1 : 1));
}

/**
 * Records a claimed notice's outcome. Only while the claim is this process's (same `claimed_until`
 * and still pending), so a process whose claim ran out cannot overwrite its successor's result.
 */
export async function recordOutcome(
  db: Queryable,
  claimed: NotificationRow,
  outcome:
    | { kind: 'sent'; at: Date }
    | { kind: 'failed'; reason: NoticeFailure; error: string }
    | { kind: 'retry'; at: Date; error: string },
): Promise<boolean> {
  const [status, sentAt, reason, next, error] =
    outcome.kind === 'sent'
      ? ['sent', outcome.at, null, null, null]
      : outcome.kind === 'failed'
        ? ['failed', null, outcome.reason, null, outcome.error]
        : ['pending', null, null, outcome.at, outcome.error];
  const { rowCount } = await db.query(
    `UPDATE notifications SET status = $3, sent_at = $4, failure_reason = $5, next_attempt_at = $6,
       last_error = $7, claimed_until = NULL
     WHERE id = $1 AND status = 'pending' AND claimed_until = $2`,
    [claimed.id, claimed.claimed_until, status, sentAt, reason, next, error?.slice(0, 500) ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** The organisation's notices, newest first (the operator's view, and tests). */
export async function listNotifications(
  db: Queryable,
  filter: { organisationId?: string; status?: NoticeStatus; limit?: number } = {},
): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT * FROM notifications WHERE ($1::text IS NULL OR organisation_id = $1) AND ($2::text IS NULL OR status = $2)
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [filter.organisationId ?? null, filter.status ?? null, filter.limit ?? 100],
  );
  return rows;
}

/**
 * One of the organisation's customer notifications (a taken-over notice), locked for the handle
 * action; any other notice, or another organisation's, is not found (404).
 */
export async function findCustomerNotification(tx: Queryable, organisationId: string, id: string) {
  const { rows } = await tx.query<NotificationRow>(
    'SELECT * FROM notifications WHERE id = $1 AND organisation_id = $2 AND deadline IS NOT NULL FOR UPDATE',
    [id, organisationId],
  );
  if (!rows[0]) throw notFound(notificationsTable.resource);
  return rows[0];
}

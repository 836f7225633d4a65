import type { Queryable } from '../../db/db';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `mailbox_messages` (the embedded mailbox, used with no SMTP_URL) in SQL. */
export const mailboxTable = defineTable('mailbox_messages', {
  id: col.text(),
  notification_id: col.text().nullable(),
  recipient: col.text(),
  sender: col.text(),
  subject: col.text(),
  language: col.text(),
  html: col.text().nullable(),
  text_body: col.text(),
  created_at: col.timestamptz(),
  /** Null for mail kept before migration 0080. */
  organisation_id: col.text().nullable(),
});

/** A row of `mailbox_messages` as stored: its table's declaration. */
export type MailboxMessageRow = RowOf<typeof mailboxTable>;

export async function insertMailboxMessage(db: Queryable, row: MailboxMessageRow): Promise<void> {
  await db.query(
    `INSERT INTO mailbox_messages (id, notification_id, recipient, sender, subject, language, html, text_body, created_at, organisation_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.id,
      row.notification_id,
      row.recipient,
      row.sender,
      row.subject,
      row.language,
      row.html,
      row.text_body,
      row.created_at,
      row.organisation_id,
    ],
  );
}

/** One organisation's mails, newest first, a page at a time along mailbox_messages_organisation. */
export async function listOrganisationMailboxMessages(
  db: Queryable,
  organisationId: string,
  options: { limit?: number; before?: { createdAt: Date; id: string } } = {},
): Promise<MailboxMessageRow[]> {
  const { rows } = await db.query<MailboxMessageRow>(
    `SELECT * FROM mailbox_messages
     WHERE organisation_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2, $3))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [organisationId, options.before?.createdAt ?? null, options.before?.id ?? null, options.limit ?? 50],
  );
  return rows;
}

/** The newest mails first, a page at a time by (created_at, id) — never OFFSET. */
export async function listMailboxMessages(
  db: Queryable,
  options: { limit?: number; before?: { createdAt: Date; id: string }; recipient?: string } = {},
): Promise<MailboxMessageRow[]> {
  const { rows } = await db.query<MailboxMessageRow>(
    `SELECT * FROM mailbox_messages
     WHERE ($1::timestamptz IS NULL OR (created_at, id) < ($1, $2)) AND ($3::text IS NULL OR recipient = $3)
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [options.before?.createdAt ?? null, options.before?.id ?? null, options.recipient ?? null, options.limit ?? 50],
  );
  return rows;
}

export async function findMailboxMessage(db: Queryable, id: string): Promise<MailboxMessageRow | undefined> {
  const { rows } = await db.query<MailboxMessageRow>('SELECT * FROM mailbox_messages WHERE id = $1', [id]);
  return rows[0];
}

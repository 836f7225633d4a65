import type { Queryable } from '../../db/db';
import { col, defineTable } from '../shared/table';
import type { CustomerNotificationType } from './types';

/** The only file that names `notice_takeovers` (notices a merchant sends itself) in SQL. */
export const noticeTakeoversTable = defineTable('notice_takeovers', {
  creditor_id: col.text(),
  notice_type: col.text(),
  created_at: col.timestamptz(),
});

/** Whether the creditor's merchant sends this type of notice itself (then the service waits until its deadline). */
export async function isTakenOver(db: Queryable, creditorId: string, type: CustomerNotificationType): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM notice_takeovers WHERE creditor_id = $1 AND notice_type = $2', [
    creditorId,
    type,
  ]);
  return rows.length > 0;
}

export async function setTakeover(
  db: Queryable,
  creditorId: string,
  type: CustomerNotificationType,
  on: boolean,
  at: Date,
) {
  if (on)
    await db.query(
      `INSERT INTO notice_takeovers (creditor_id, notice_type, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (creditor_id, notice_type) DO NOTHING`,
      [creditorId, type, at],
    );
  else await db.query('DELETE FROM notice_takeovers WHERE creditor_id = $1 AND notice_type = $2', [creditorId, type]);
}

export async function listTakeovers(db: Queryable, creditorId: string): Promise<CustomerNotificationType[]> {
  const { rows } = await db.query<{ notice_type: CustomerNotificationType }>(
    'SELECT notice_type FROM notice_takeovers WHERE creditor_id = $1 ORDER BY notice_type',
    [creditorId],
  );
  return rows.map((r) => r.notice_type);
}

/** Makes exactly `types` the creditor's taken-over notice types (the dashboard's settings form). */
export async function replaceTakeovers(db: Queryable, creditorId: string, types: CustomerNotificationType[], at: Date) {
  await db.query('DELETE FROM notice_takeovers WHERE creditor_id = $1 AND NOT (notice_type = ANY($2))', [
    creditorId,
    types,
  ]);
  for (const type of types) await setTakeover(db, creditorId, type, true, at);
}

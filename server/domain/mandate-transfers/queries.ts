import type { Queryable } from '../../db/db';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `mandate_transfers` in SQL. */
export const mandateTransfersTable = defineTable('mandate_transfers', {
  id: col.text(),
  organisation_id: col.text(),
  mandate_id: col.text(),
  previous_customer_bank_account_id: col.text(),
  new_customer_bank_account_id: col.text(),
  created_at: col.timestamptz(),
});

/** A row of `mandate_transfers` as stored: its table's declaration. */
export type MandateTransferRow = RowOf<typeof mandateTransfersTable>;

export async function insertMandateTransfer(tx: Queryable, row: MandateTransferRow): Promise<MandateTransferRow> {
  const { rows } = await tx.query<MandateTransferRow>(
    `INSERT INTO mandate_transfers (id, organisation_id, mandate_id, previous_customer_bank_account_id,
       new_customer_bank_account_id, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.mandate_id,
      row.previous_customer_bank_account_id,
      row.new_customer_bank_account_id,
      row.created_at,
    ],
  );
  return rows[0]!;
}

/** A mandate's newest transfer within the organisation, if it was ever transferred. */
export async function findLatestTransfer(
  db: Queryable,
  organisationId: string,
  mandateId: string,
): Promise<MandateTransferRow | undefined> {
  const { rows } = await db.query<MandateTransferRow>(
    'SELECT * FROM mandate_transfers WHERE mandate_id = $1 AND organisation_id = $2 ORDER BY id DESC LIMIT 1',
    [mandateId, organisationId],
  );
  return rows[0];
}

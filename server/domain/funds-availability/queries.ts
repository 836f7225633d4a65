import type { Queryable } from '../../db/db';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `simulated_account_funds` in SQL (the sandbox's simulated bank). */
export const simulatedFundsTable = defineTable('simulated_account_funds', {
  customer_bank_account_id: col.text(),
  organisation_id: col.text(),
  available_amount: col.bigint(),
  updated_at: col.timestamptz(),
});

/** A row of `simulated_account_funds` as stored: its table's declaration. */
export type SimulatedFundsRow = RowOf<typeof simulatedFundsTable>;

export async function findSimulatedFunds(db: Queryable, bankAccountId: string): Promise<SimulatedFundsRow | undefined> {
  const { rows } = await db.query<SimulatedFundsRow>(
    'SELECT * FROM simulated_account_funds WHERE customer_bank_account_id = $1',
    [bankAccountId],
  );
  return rows[0] && { ...rows[0], available_amount: Number(rows[0].available_amount) };
}

export async function upsertSimulatedFunds(
  tx: Queryable,
  row: Omit<SimulatedFundsRow, 'updated_at'>,
  now: Date,
): Promise<SimulatedFundsRow> {
  const { rows } = await tx.query<SimulatedFundsRow>(
    `INSERT INTO simulated_account_funds (customer_bank_account_id, organisation_id, available_amount, updated_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_bank_account_id) DO UPDATE
       SET available_amount = EXCLUDED.available_amount, updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [row.customer_bank_account_id, row.organisation_id, row.available_amount, now],
  );
  return { ...rows[0]!, available_amount: Number(rows[0]!.available_amount) };
}

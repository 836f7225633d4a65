import type { Queryable } from '../../db/db';
import { col, defineTable, findOwned } from '../shared/table';
import type { HolderVerificationRow } from './types';
import type { HolderMatchResult } from './sandbox-names';
import type { HolderVerificationType } from './types';

/** The only file that names the `bank_account_holder_verifications` table in SQL. */
export const holderVerificationsTable = defineTable(
  'bank_account_holder_verifications',
  {
    id: col.text(),
    organisation_id: col.text(),
    customer_bank_account_id: col.text(),
    type: col.text<HolderVerificationType>(),
    status: col.text<'pending' | 'completed'>(),
    result: col.text<HolderMatchResult>().nullable(),
    actual_account_name: col.text().nullable(),
    reference: col.text().nullable(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  'bank_account_holder_verifications',
);

export const findHolderVerification = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<HolderVerificationRow>(db, holderVerificationsTable, organisationId, id, options);

export interface NewHolderVerificationRow {
  id: string;
  organisation_id: string;
  customer_bank_account_id: string;
  reference: string | null;
  created_at: Date;
}

/** A verification starts `pending`: asked of the bank, no answer yet. */
export async function insertHolderVerification(
  tx: Queryable,
  row: NewHolderVerificationRow,
): Promise<HolderVerificationRow> {
  const { rows } = await tx.query<HolderVerificationRow>(
    `INSERT INTO bank_account_holder_verifications
       (id, organisation_id, customer_bank_account_id, type, status, reference, created_at, updated_at)
     VALUES ($1, $2, $3, 'confirmation_of_payee', 'pending', $4, $5, $5) RETURNING *`,
    [row.id, row.organisation_id, row.customer_bank_account_id, row.reference, row.created_at],
  );
  return rows[0]!;
}

import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { defineTable } from '../shared/table';
import type { LedgerAccount, PayoutItemType } from './postings';

/** The only file that names `ledger_entries` and `payment_accounts` in SQL. */
export const ledgerEntriesTable = defineTable('ledger_entries', [
  'id',
  'organisation_id',
  'creditor_id',
  'currency',
  'posting_id',
  'account',
  'amount',
  'item_type',
  'payment_id',
  'refund_id',
  'mandate_id',
  'payout_id',
  'created_at',
]);

export const paymentAccountsTable = defineTable('payment_accounts', [
  'id',
  'organisation_id',
  'creditor_id',
  'currency',
  'account_number_ending',
  'created_at',
]);

export interface LedgerEntryRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  currency: string;
  posting_id: string;
  account: LedgerAccount;
  amount: number;
  item_type: PayoutItemType | null;
  payment_id: string | null;
  refund_id: string | null;
  mandate_id: string | null;
  payout_id: string | null;
  created_at: Date;
}

export interface PaymentAccountRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  currency: string;
  account_number_ending: string;
  created_at: Date;
}

export type NewLedgerEntry = Omit<LedgerEntryRow, 'created_at'>;

/** Writes a posting's entries in one statement. */
export async function insertEntries(tx: Queryable, entries: readonly NewLedgerEntry[], createdAt: Date): Promise<void> {
  const params = new Params();
  const rows = entries.map(
    (e) =>
      `(${[
        e.id,
        e.organisation_id,
        e.creditor_id,
        e.currency,
        e.posting_id,
        e.account,
        e.amount,
        e.item_type,
        e.payment_id,
        e.refund_id,
        e.mandate_id,
        e.payout_id,
        createdAt,
      ]
        .map((v) => params.add(v))
        .join(', ')})`,
  );
  await tx.query(
    `INSERT INTO ledger_entries (id, organisation_id, creditor_id, currency, posting_id, account, amount, item_type, payment_id, refund_id, mandate_id, payout_id, created_at)
     VALUES ${rows.join(', ')}`,
    params.values,
  );
}

/** Each account's balance for one creditor, per currency: one indexed aggregate. */
export async function accountBalances(
  db: Queryable,
  creditorId: string,
  accounts: readonly LedgerAccount[],
): Promise<{ currency: string; account: LedgerAccount; amount: number; last_updated_at: Date }[]> {
  const { rows } = await db.query<{ currency: string; account: LedgerAccount; amount: number; last_updated_at: Date }>(
    `SELECT currency, account, sum(amount)::bigint AS amount, max(created_at) AS last_updated_at
     FROM ledger_entries WHERE creditor_id = $1 AND account = ANY($2)
     GROUP BY currency, account ORDER BY currency, account`,
    [creditorId, accounts],
  );
  return rows;
}

/** The payment account of a creditor and currency, made on first use and locked for the caller's transaction. */
export async function lockPaymentAccount(
  tx: Queryable,
  row: Omit<PaymentAccountRow, 'created_at'>,
  now: Date,
): Promise<PaymentAccountRow> {
  await tx.query(
    `INSERT INTO payment_accounts (id, organisation_id, creditor_id, currency, account_number_ending, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (creditor_id, currency) DO NOTHING`,
    [row.id, row.organisation_id, row.creditor_id, row.currency, row.account_number_ending, now],
  );
  const { rows } = await tx.query<PaymentAccountRow>(
    'SELECT * FROM payment_accounts WHERE creditor_id = $1 AND currency = $2 FOR UPDATE',
    [row.creditor_id, row.currency],
  );
  return rows[0]!;
}

/**
 * Takes every unpaid entry on `confirmed` of a creditor and currency into payout `payoutId`, once:
 * the conditional UPDATE makes a second process running payouts at the same time find nothing.
 */
export async function takeUnpaidIntoPayout(
  tx: Queryable,
  creditorId: string,
  currency: string,
  payoutId: string,
): Promise<number> {
  const { rows } = await tx.query<{ total: number | null }>(
    `WITH taken AS (
       UPDATE ledger_entries SET payout_id = $3
       WHERE creditor_id = $1 AND currency = $2 AND account = 'confirmed' AND payout_id IS NULL
       RETURNING amount
     ) SELECT sum(amount)::bigint AS total FROM taken`,
    [creditorId, currency, payoutId],
  );
  return rows[0]?.total ?? 0;
}

/** A bounced payout gives its items back to the next payout. */
export async function releaseFromPayout(tx: Queryable, payoutId: string): Promise<void> {
  await tx.query(
    `UPDATE ledger_entries SET payout_id = NULL WHERE payout_id = $1 AND account = 'confirmed' AND item_type IS NOT NULL`,
    [payoutId],
  );
}

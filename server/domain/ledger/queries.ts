import type { Queryable } from '../../db/db';
import { organisationCondition, type OrganisationScope } from '../shared/organisation-scope';
import { Params } from '../../db/sql';
import { pageQuery, type PageRequest } from '../shared/pagination';
import { col, defineTable, type RowOf } from '../shared/table';
import type { LedgerAccount, PayoutItemType } from './postings';

/** The only file that names `ledger_entries` and `payment_accounts` in SQL. */
export const ledgerEntriesTable = defineTable('ledger_entries', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  currency: col.text(),
  posting_id: col.text(),
  account: col.text<LedgerAccount>(),
  amount: col.bigint(),
  item_type: col.text<PayoutItemType>().nullable(),
  payment_id: col.text().nullable(),
  refund_id: col.text().nullable(),
  mandate_id: col.text().nullable(),
  payout_id: col.text().nullable(),
  created_at: col.timestamptz(),
  outbound_payment_id: col.text().nullable(),
});

export const paymentAccountsTable = defineTable('payment_accounts', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  currency: col.text(),
  account_number_ending: col.text(),
  created_at: col.timestamptz(),
});

/** A row of `ledger_entries` as stored: its table's declaration. */
export type LedgerEntryRow = RowOf<typeof ledgerEntriesTable>;

/** A row of `payment_accounts` as stored: its table's declaration. */
export type PaymentAccountRow = RowOf<typeof paymentAccountsTable>;

export type NewLedgerEntry = Omit<LedgerEntryRow, 'created_at' | 'outbound_payment_id'> & {
  outbound_payment_id?: string | null;
};

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
        e.outbound_payment_id ?? null,
        createdAt,
      ]
        .map((v) => params.add(v))
        .join(', ')})`,
  );
  await tx.query(
    `INSERT INTO ledger_entries (id, organisation_id, creditor_id, currency, posting_id, account, amount, item_type, payment_id, refund_id, mandate_id, payout_id, outbound_payment_id, created_at)
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

/** One account's balance for a creditor and currency (0 when it has no entries). */
export async function accountBalance(
  db: Queryable,
  creditorId: string,
  currency: string,
  account: LedgerAccount,
): Promise<number> {
  const { rows } = await db.query<{ amount: number | null }>(
    `SELECT sum(amount)::bigint AS amount FROM ledger_entries WHERE creditor_id = $1 AND currency = $2 AND account = $3`,
    [creditorId, currency, account],
  );
  return rows[0]?.amount ?? 0;
}

/** Makes the payment account of a creditor and currency if it has none yet (no lock taken). */
export async function ensurePaymentAccount(
  tx: Queryable,
  row: Omit<PaymentAccountRow, 'created_at'>,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO payment_accounts (id, organisation_id, creditor_id, currency, account_number_ending, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (creditor_id, currency) DO NOTHING`,
    [row.id, row.organisation_id, row.creditor_id, row.currency, row.account_number_ending, now],
  );
}

export async function findPaymentAccount(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<PaymentAccountRow | undefined> {
  const { rows } = await db.query<PaymentAccountRow>(
    'SELECT * FROM payment_accounts WHERE id = $1 AND organisation_id = $2',
    [id, organisationId],
  );
  return rows[0];
}

/** The organisation's payment accounts, newest first, one cursor page. */
export async function listPaymentAccounts(db: Queryable, organisationId: string, page: PageRequest) {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  return pageQuery<PaymentAccountRow>(db, { from: 'payment_accounts', where, params }, page);
}

/** What each of these creditor-and-currency pairs holds on `accounts`, summed (one aggregate). */
export async function heldBalances(
  db: Queryable,
  pairs: readonly { creditor_id: string; currency: string }[],
  accounts: readonly LedgerAccount[],
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (!pairs.length) return held;
  const { rows } = await db.query<{ creditor_id: string; currency: string; amount: number }>(
    `SELECT creditor_id, currency, sum(amount)::bigint AS amount FROM ledger_entries
     WHERE creditor_id = ANY($1) AND account = ANY($2) GROUP BY creditor_id, currency`,
    [[...new Set(pairs.map((p) => p.creditor_id))], accounts],
  );
  for (const row of rows) held.set(`${row.creditor_id}/${row.currency}`, row.amount);
  return held;
}

/** Creditors and currencies with confirmed funds not yet in a payout: where a payout run looks. */
export async function listUnpaidFunds(
  db: Queryable,
  scope?: OrganisationScope,
): Promise<{ organisation_id: string; creditor_id: string; currency: string }[]> {
  const whose = organisationCondition(scope, 1);
  const { rows } = await db.query<{ organisation_id: string; creditor_id: string; currency: string }>(
    `SELECT DISTINCT organisation_id, creditor_id, currency FROM ledger_entries
     WHERE account = 'confirmed' AND payout_id IS NULL AND ${whose.sql} ORDER BY creditor_id, currency`,
    whose.values,
  );
  return rows;
}

/** A payout's items: its entries on `confirmed` that carry an item type, oldest first, paged by id. */
export async function listPayoutItems(
  db: Queryable,
  payoutId: string,
  page: { after?: string; limit: number },
): Promise<LedgerEntryRow[]> {
  const { rows } = await db.query<LedgerEntryRow>(
    `SELECT * FROM ledger_entries WHERE payout_id = $1 AND account = 'confirmed' AND item_type IS NOT NULL
       AND ($2::text IS NULL OR id > $2) ORDER BY id LIMIT $3`,
    [payoutId, page.after ?? null, page.limit],
  );
  return rows;
}

/** What a payout took, summed per item type (its fees are the fee types' sum). */
export async function payoutItemTotals(
  db: Queryable,
  payoutId: string,
): Promise<{ item_type: PayoutItemType; amount: number }[]> {
  const { rows } = await db.query<{ item_type: PayoutItemType; amount: number }>(
    `SELECT item_type, sum(amount)::bigint AS amount FROM ledger_entries
     WHERE payout_id = $1 AND account = 'confirmed' AND item_type IS NOT NULL GROUP BY item_type`,
    [payoutId],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The payments whose collected funds a payout took: those it pays out. */
export async function listPaymentsPaidOutIn(db: Queryable, payoutId: string): Promise<string[]> {
  const { rows } = await db.query<{ payment_id: string }>(
    `SELECT DISTINCT payment_id FROM ledger_entries
     WHERE payout_id = $1 AND item_type = 'payment_paid_out' AND payment_id IS NOT NULL ORDER BY payment_id`,
    [payoutId],
  );
  return rows.map((r) => r.payment_id);
}

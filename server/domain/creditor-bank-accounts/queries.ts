import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findOwned } from '../shared/table';
import type { CreditorBankAccountFilters, CreditorBankAccountRow } from './types';
import type { Metadata } from '../shared/metadata';

/** The only file that names the `creditor_bank_accounts` table in SQL. */
export const creditorBankAccountsTable = defineTable('creditor_bank_accounts', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  account_holder_name: col.text(),
  account_number_ending: col.text(),
  account_type: col.text<'checking' | 'savings'>().nullable(),
  bank_name: col.text().nullable(),
  bic: col.text().nullable(),
  country_code: col.text(),
  currency: col.text(),
  fingerprint: col.text(),
  enabled: col.boolean(),
  default_payout: col.boolean(),
  verification_status: col.text<'pending' | 'in_review' | 'successful' | 'could_not_verify'>(),
  metadata: col.jsonb<Metadata>(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export const findCreditorBankAccount = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<CreditorBankAccountRow>(db, creditorBankAccountsTable, organisationId, id, options);

/** The creditor's account with these details (its fingerprint): the same details are the same account. */
export async function findSameCreditorBankAccount(
  tx: Queryable,
  creditorId: string,
  fingerprint: string,
): Promise<CreditorBankAccountRow | undefined> {
  const { rows } = await tx.query<CreditorBankAccountRow>(
    'SELECT * FROM creditor_bank_accounts WHERE creditor_id = $1 AND fingerprint = $2',
    [creditorId, fingerprint],
  );
  return rows[0];
}

/** Where payouts in `currency` go: the creditor's enabled default account for it, if any. */
export async function findDefaultPayoutAccount(
  db: Queryable,
  creditorId: string,
  currency: string,
): Promise<CreditorBankAccountRow | undefined> {
  const { rows } = await db.query<CreditorBankAccountRow>(
    'SELECT * FROM creditor_bank_accounts WHERE creditor_id = $1 AND currency = $2 AND default_payout AND enabled',
    [creditorId, currency],
  );
  return rows[0];
}

/** The default payout account of each currency of these creditors (the creditor's `links`). */
export async function listDefaultPayoutAccounts(
  db: Queryable,
  creditorIds: readonly string[],
): Promise<Pick<CreditorBankAccountRow, 'id' | 'creditor_id' | 'currency'>[]> {
  if (!creditorIds.length) return [];
  const { rows } = await db.query<Pick<CreditorBankAccountRow, 'id' | 'creditor_id' | 'currency'>>(
    'SELECT id, creditor_id, currency FROM creditor_bank_accounts WHERE creditor_id = ANY($1) AND default_payout',
    [creditorIds],
  );
  return rows;
}

/** Whether the creditor has ever had an account in this currency (its first is a new payout currency). */
export async function hasAccountInCurrency(tx: Queryable, creditorId: string, currency: string): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM creditor_bank_accounts WHERE creditor_id = $1 AND currency = $2 LIMIT 1',
    [creditorId, currency],
  );
  return rows.length > 0;
}

/** Takes the default of a currency away from the creditor's current account, so another can have it. */
export async function clearDefaultPayoutAccount(tx: Queryable, creditorId: string, currency: string, now: Date) {
  await tx.query(
    'UPDATE creditor_bank_accounts SET default_payout = false, updated_at = $3 WHERE creditor_id = $1 AND currency = $2 AND default_payout',
    [creditorId, currency, now],
  );
}

/** Makes this account its currency's default (after `clearDefaultPayoutAccount` took it from another). */
export async function markDefaultPayoutAccount(tx: Queryable, id: string, now: Date) {
  await tx.query('UPDATE creditor_bank_accounts SET default_payout = true, updated_at = $2 WHERE id = $1', [id, now]);
}

export type NewCreditorBankAccount = Omit<CreditorBankAccountRow, 'enabled' | 'verification_status' | 'updated_at'>;

export async function insertCreditorBankAccount(
  tx: Queryable,
  row: NewCreditorBankAccount,
): Promise<CreditorBankAccountRow> {
  const { rows } = await tx.query<CreditorBankAccountRow>(
    `INSERT INTO creditor_bank_accounts (id, organisation_id, creditor_id, account_holder_name, account_number_ending, account_type,
       bank_name, bic, country_code, currency, fingerprint, default_payout, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.account_holder_name,
      row.account_number_ending,
      row.account_type,
      row.bank_name,
      row.bic,
      row.country_code,
      row.currency,
      row.fingerprint,
      row.default_payout,
      json(row.metadata),
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function listCreditorBankAccounts(
  db: Queryable,
  organisationId: string,
  filters: CreditorBankAccountFilters,
  page: PageRequest,
): Promise<Page<CreditorBankAccountRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
  if (filters.enabled !== undefined) where.push(`enabled = ${params.add(filters.enabled)}`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<CreditorBankAccountRow>(db, { from: creditorBankAccountsTable.name, where, params }, page);
}

/** Disables an enabled account (it stops being a default); undefined when it was already disabled. */
export async function disableCreditorBankAccount(
  tx: Queryable,
  id: string,
  now: Date,
): Promise<CreditorBankAccountRow | undefined> {
  const { rows } = await tx.query<CreditorBankAccountRow>(
    `UPDATE creditor_bank_accounts SET enabled = false, default_payout = false, updated_at = $2
     WHERE id = $1 AND enabled RETURNING *`,
    [id, now],
  );
  return rows[0];
}

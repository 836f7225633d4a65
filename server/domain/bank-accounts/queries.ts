import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { CUSTOMER_OF_BANK_ACCOUNT_NOT_REMOVED } from '../customers/queries';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { BankAccountRow } from './types';

/** The only file that names the `customer_bank_accounts` table in SQL. */
export const bankAccountsTable = defineTable(
  'customer_bank_accounts',
  {
    id: col.text(),
    organisation_id: col.text(),
    customer_id: col.text(),
    account_holder_name: col.text(),
    account_number_ending: col.text(),
    account_type: col.text<'checking' | 'savings'>().nullable(),
    bank_name: col.text().nullable(),
    bic: col.text().nullable(),
    bank_code: col.text().nullable(),
    branch_code: col.text().nullable(),
    country_code: col.text(),
    currency: col.text(),
    fingerprint: col.text(),
    enabled: col.boolean(),
    metadata: col.jsonb<Metadata>(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  'customer_bank_accounts',
);

/**
 * A condition for lists of customers (`GET /customers?currency=`): the customer has an enabled bank
 * account in the currency at `placeholder`. This table's owner writes it; it refers only to
 * `customers.id` and `customers.organisation_id` (the index on organisation and customer serves it).
 */
export const customerHasAccountIn = (placeholder: string) =>
  `EXISTS (SELECT 1 FROM customer_bank_accounts b WHERE b.organisation_id = customers.organisation_id
     AND b.customer_id = customers.id AND b.currency = ${placeholder} AND b.enabled)`;

export interface AccountIdentity {
  id: string;
  fingerprint: string;
  bank_name: string | null;
}

/** What a block matches a bank account on: its fingerprint and its bank's name. */
export async function findAccountIdentity(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<AccountIdentity | undefined> {
  const { rows } = await db.query<AccountIdentity>(
    'SELECT id, fingerprint, bank_name FROM customer_bank_accounts WHERE id = $1 AND organisation_id = $2',
    [id, organisationId],
  );
  return rows[0];
}

/** Every bank account of a customer, oldest first, by what blocks match on. */
export async function listAccountIdentitiesOfCustomer(
  db: Queryable,
  organisationId: string,
  customerId: string,
): Promise<AccountIdentity[]> {
  const { rows } = await db.query<AccountIdentity>(
    'SELECT id, fingerprint, bank_name FROM customer_bank_accounts WHERE customer_id = $1 AND organisation_id = $2 ORDER BY id',
    [customerId, organisationId],
  );
  return rows;
}

export const findBankAccount = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<BankAccountRow>(db, bankAccountsTable, organisationId, id, options);

/** A bank account by id alone: for code acting on a row that already names it. */
export const findBankAccountById = (db: Queryable, id: string) => findById<BankAccountRow>(db, bankAccountsTable, id);

/** The customer's account with these details (its fingerprint), locked: the same details are the same account. */
export async function findSameBankAccount(
  tx: Queryable,
  organisationId: string,
  customerId: string,
  fingerprint: string,
): Promise<BankAccountRow | undefined> {
  const { rows } = await tx.query<BankAccountRow>(
    'SELECT * FROM customer_bank_accounts WHERE organisation_id = $1 AND customer_id = $2 AND fingerprint = $3 FOR UPDATE',
    [organisationId, customerId, fingerprint],
  );
  return rows[0];
}

export interface NewBankAccountRow {
  id: string;
  organisation_id: string;
  customer_id: string;
  account_holder_name: string;
  account_number_ending: string;
  account_type: 'checking' | 'savings' | null;
  bank_name: string | null;
  bic: string | null;
  bank_code: string | null;
  branch_code: string | null;
  country_code: string;
  currency: string;
  fingerprint: string;
  metadata: Metadata;
  created_at: Date;
}

export async function insertBankAccount(tx: Queryable, row: NewBankAccountRow): Promise<BankAccountRow> {
  const { rows } = await tx.query<BankAccountRow>(
    `INSERT INTO customer_bank_accounts (id, organisation_id, customer_id, account_holder_name, account_number_ending, account_type,
       bank_name, bic, bank_code, branch_code, country_code, currency, fingerprint, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.customer_id,
      row.account_holder_name,
      row.account_number_ending,
      row.account_type,
      row.bank_name,
      row.bic,
      row.bank_code,
      row.branch_code,
      row.country_code,
      row.currency,
      row.fingerprint,
      json(row.metadata),
      row.created_at,
    ],
  );
  return rows[0]!;
}

export interface BankAccountFilters {
  customer?: string;
  enabled?: boolean;
  createdAt?: TimeRange;
}

/** A page of the organisation's bank accounts, leaving out those of removed customers. */
export async function listBankAccounts(
  db: Queryable,
  organisationId: string,
  filters: BankAccountFilters,
  page: PageRequest,
): Promise<Page<BankAccountRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`, CUSTOMER_OF_BANK_ACCOUNT_NOT_REMOVED];
  if (filters.customer) where.push(`customer_id = ${params.add(filters.customer)}`);
  if (filters.enabled !== undefined) where.push(`enabled = ${params.add(filters.enabled)}`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<BankAccountRow>(db, { from: bankAccountsTable.name, where, params }, page);
}

export async function updateBankAccountMetadata(
  tx: Queryable,
  id: string,
  metadata: Metadata,
  updatedAt: Date,
): Promise<BankAccountRow> {
  const { rows } = await tx.query<BankAccountRow>(
    'UPDATE customer_bank_accounts SET metadata = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, json(metadata), updatedAt],
  );
  return rows[0]!;
}

/** Disables an enabled account; undefined when it was already disabled (a concurrent disable won). */
export async function disableBankAccount(
  tx: Queryable,
  id: string,
  updatedAt: Date,
): Promise<BankAccountRow | undefined> {
  const { rows } = await tx.query<BankAccountRow>(
    'UPDATE customer_bank_accounts SET enabled = false, updated_at = $2 WHERE id = $1 AND enabled RETURNING *',
    [id, updatedAt],
  );
  return rows[0];
}

/** A removed customer's accounts: the holder's name and metadata erased, and no longer usable. */
export async function eraseBankAccountsOfCustomer(tx: Queryable, customerId: string, updatedAt: Date): Promise<void> {
  await tx.query(
    `UPDATE customer_bank_accounts SET account_holder_name = '', metadata = '{}'::jsonb, enabled = false, updated_at = $2
     WHERE customer_id = $1`,
    [customerId, updatedAt],
  );
}

/** Bank accounts by id (billing requests show the account they collected). */
export async function findBankAccountsByIds(db: Queryable, ids: readonly string[]): Promise<BankAccountRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<BankAccountRow>('SELECT * FROM customer_bank_accounts WHERE id = ANY($1)', [ids]);
  return rows;
}

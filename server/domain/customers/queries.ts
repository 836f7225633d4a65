import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { customerHasAccountIn } from '../bank-accounts/queries';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { col, columnsExcept, defineTable, insertInto } from '../shared/table';
import type { CustomerInput, CustomerRow } from './types';

/** The only file that names the `customers` table in SQL. */
export const customersTable = defineTable('customers', {
  id: col.text(),
  organisation_id: col.text(),
  email: col.text().nullable(),
  given_name: col.text().nullable(),
  family_name: col.text().nullable(),
  company_name: col.text().nullable(),
  language: col.text().nullable(),
  phone_number: col.text().nullable(),
  address_line1: col.text().nullable(),
  address_line2: col.text().nullable(),
  address_line3: col.text().nullable(),
  city: col.text().nullable(),
  region: col.text().nullable(),
  postal_code: col.text().nullable(),
  country_code: col.text().nullable(),
  swedish_identity_number: col.text().nullable(),
  danish_identity_number: col.text().nullable(),
  metadata: col.jsonb<Metadata>(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  removed_at: col.timestamptz().nullable(),
});

/** The customer fields a merchant or payer can set (customers create/update, collect_customer_details). */
export const CUSTOMER_FIELDS = columnsExcept(customersTable, [
  'id',
  'organisation_id',
  'metadata',
  'created_at',
  'updated_at',
  'removed_at',
]);

/** A customer of the organisation that has not been removed, with its email (blocks by reference). */
export async function findLiveCustomerEmail(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<{ id: string; email: string | null } | undefined> {
  const { rows } = await db.query<{ id: string; email: string | null }>(
    'SELECT id, email FROM customers WHERE id = $1 AND organisation_id = $2 AND removed_at IS NULL',
    [id, organisationId],
  );
  return rows[0];
}

/** A customer's email, removed or not (a removed customer's is already erased). */
export async function findCustomerEmail(db: Queryable, organisationId: string, id: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string | null }>(
    'SELECT email FROM customers WHERE id = $1 AND organisation_id = $2',
    [id, organisationId],
  );
  return rows[0]?.email ?? null;
}

/** A customer's given name, whatever their organisation: the sandbox's name triggers read it for the bank. */
export async function findCustomerGivenName(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ given_name: string | null }>('SELECT given_name FROM customers WHERE id = $1', [
    id,
  ]);
  return rows[0]?.given_name ?? null;
}

/** Whether the customer was removed (their personal data erased): references then answer customer_data_removed. */
export async function isCustomerRemoved(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ removed_at: Date | null }>('SELECT removed_at FROM customers WHERE id = $1', [id]);
  return Boolean(rows[0]?.removed_at);
}

/**
 * A condition for lists of customer bank accounts: the account's customer was not removed. The
 * customers' owner writes it, so a list of another table filters on customers without naming
 * their columns itself; it refers only to `customer_bank_accounts.customer_id`.
 */
export const CUSTOMER_OF_BANK_ACCOUNT_NOT_REMOVED =
  'NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = customer_bank_accounts.customer_id AND c.removed_at IS NOT NULL)';

/** Customers by id, removed or not (a billing request shows its customer whatever became of them). */
export async function findCustomersByIds(db: Queryable, ids: readonly string[]): Promise<CustomerRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = ANY($1)', [ids]);
  return rows;
}

/** The personal data a removal erases; the row stays so references can answer customer_data_removed. */
const ERASED = CUSTOMER_FIELDS.filter((f) => f !== 'language');

const INSERT_CUSTOMER = insertInto(customersTable, [
  'id',
  'organisation_id',
  ...CUSTOMER_FIELDS,
  'metadata',
  'created_at',
  'updated_at',
]);

export async function insertCustomer(
  tx: Queryable,
  row: { id: string; organisation_id: string; created_at: Date; metadata: Metadata },
  input: CustomerInput,
): Promise<CustomerRow> {
  const values: Record<string, unknown> = { ...row, updated_at: row.created_at };
  for (const field of CUSTOMER_FIELDS) values[field] = input[field] ?? null;
  const { rows } = await tx.query<CustomerRow>(
    INSERT_CUSTOMER.text,
    INSERT_CUSTOMER.values(values as Parameters<typeof INSERT_CUSTOMER.values>[0]),
  );
  return rows[0]!;
}

/** Sets the given fields (a `null` clears one; absent fields are left alone). */
export async function updateCustomer(
  tx: Queryable,
  organisationId: string,
  id: string,
  input: CustomerInput,
  updatedAt: Date,
): Promise<CustomerRow> {
  const params = new Params();
  const sets: string[] = [];
  for (const field of CUSTOMER_FIELDS) {
    if (field in input) sets.push(`${field} = ${params.add(input[field] ?? null)}`);
  }
  if (input.metadata !== undefined) sets.push(`metadata = ${params.add(json(input.metadata))}`);
  sets.push(`updated_at = ${params.add(updatedAt)}`);
  const { rows } = await tx.query<CustomerRow>(
    `UPDATE customers SET ${sets.join(', ')} WHERE id = ${params.add(id)} AND organisation_id = ${params.add(organisationId)} RETURNING *`,
    params.values,
  );
  return rows[0]!;
}

/** A page of the organisation's customers that were not removed. */
export async function listCustomers(
  db: Queryable,
  organisationId: string,
  filters: { createdAt?: TimeRange; email?: string; name?: string; currency?: string },
  page: PageRequest,
): Promise<Page<CustomerRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`, 'removed_at IS NULL'];
  // The dashboard's search by email: the whole address, in any case.
  if (filters.email) where.push(`lower(email) = lower(${params.add(filters.email)})`);
  // …and by name: the start of a given, family or company name, in any case.
  if (filters.name) {
    const prefix = params.add(`${filters.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(given_name ILIKE ${prefix} OR family_name ILIKE ${prefix} OR company_name ILIKE ${prefix})`);
  }
  if (filters.currency) where.push(customerHasAccountIn(params.add(filters.currency)));
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<CustomerRow>(db, { from: customersTable.name, where, params }, page);
}

/** Erases a customer's personal data and metadata for good, marking the row removed. */
export async function eraseCustomer(
  tx: Queryable,
  organisationId: string,
  id: string,
  now: Date,
): Promise<CustomerRow> {
  const { rows } = await tx.query<CustomerRow>(
    `UPDATE customers SET ${ERASED.map((f) => `${f} = NULL`).join(', ')}, metadata = '{}'::jsonb, removed_at = $3, updated_at = $3
     WHERE id = $1 AND organisation_id = $2 RETURNING *`,
    [id, organisationId, now],
  );
  return rows[0]!;
}

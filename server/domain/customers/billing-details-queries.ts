import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import type { BillingDetailInput, CustomerBillingDetailRow, CustomerRow } from './types';
import { col, columnsExcept, defineTable, insertInto } from '../shared/table';
import { CUSTOMER_FIELDS } from './queries';

/** The only file that names `customer_billing_details` in SQL. */
export const billingDetailsTable = defineTable('customer_billing_details', {
  id: col.text(),
  organisation_id: col.text(),
  customer_id: col.text(),
  address_line1: col.text().nullable(),
  address_line2: col.text().nullable(),
  address_line3: col.text().nullable(),
  city: col.text().nullable(),
  region: col.text().nullable(),
  postal_code: col.text().nullable(),
  country_code: col.text().nullable(),
  swedish_identity_number: col.text().nullable(),
  danish_identity_number: col.text().nullable(),
  ip_address: col.text().nullable(),
  schemes: col.textArray(),
  created_at: col.timestamptz(),
});

/** Billing-detail fields (collect_customer_details' customer_billing_detail). */
export const BILLING_DETAIL_FIELDS = columnsExcept(billingDetailsTable, [
  'id',
  'organisation_id',
  'customer_id',
  'schemes',
  'created_at',
]);

/** Fields a customer and a billing detail share: collecting the billing detail updates both. */
export const SHARED_ADDRESS_FIELDS = BILLING_DETAIL_FIELDS.filter(
  (f): f is Exclude<(typeof BILLING_DETAIL_FIELDS)[number], 'ip_address'> =>
    (CUSTOMER_FIELDS as readonly string[]).includes(f),
);

const INSERT_BILLING_DETAIL = insertInto(billingDetailsTable, [
  'id',
  'organisation_id',
  'customer_id',
  ...SHARED_ADDRESS_FIELDS,
  'created_at',
]);

/** A billing detail starts as a copy of the customer's address and identity numbers. */
export async function insertBillingDetail(
  tx: Queryable,
  row: { id: string; organisation_id: string; created_at: Date },
  customer: CustomerRow,
): Promise<CustomerBillingDetailRow> {
  const values: Record<string, unknown> = { ...row, customer_id: customer.id };
  for (const field of SHARED_ADDRESS_FIELDS) values[field] = customer[field];
  const { rows } = await tx.query<CustomerBillingDetailRow>(
    INSERT_BILLING_DETAIL.text,
    INSERT_BILLING_DETAIL.values(values as Parameters<typeof INSERT_BILLING_DETAIL.values>[0]),
  );
  return rows[0]!;
}

/** Sets the given fields of a billing detail (absent ones are left alone) and answers the row. */
export async function updateBillingDetail(
  tx: Queryable,
  id: string,
  input: BillingDetailInput,
): Promise<CustomerBillingDetailRow> {
  const params = new Params();
  const sets = BILLING_DETAIL_FIELDS.filter((f) => f in input).map((f) => `${f} = ${params.add(input[f] ?? null)}`);
  const { rows } = sets.length
    ? await tx.query<CustomerBillingDetailRow>(
        `UPDATE customer_billing_details SET ${sets.join(', ')} WHERE id = ${params.add(id)} RETURNING *`,
        params.values,
      )
    : await tx.query<CustomerBillingDetailRow>('SELECT * FROM customer_billing_details WHERE id = $1', [id]);
  return rows[0]!;
}

/** A removed customer's billing details lose their personal data with them. */
export async function eraseBillingDetailsOfCustomer(tx: Queryable, customerId: string): Promise<void> {
  await tx.query(
    `UPDATE customer_billing_details SET ${BILLING_DETAIL_FIELDS.map((f) => `${f} = NULL`).join(', ')} WHERE customer_id = $1`,
    [customerId],
  );
}

/** The `customer_billing_details` rows with these ids. */
export async function findBillingDetailsByIds(
  db: Queryable,
  ids: readonly string[],
): Promise<CustomerBillingDetailRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<CustomerBillingDetailRow>(
    'SELECT * FROM customer_billing_details WHERE id = ANY($1)',
    [ids],
  );
  return rows;
}

/** The payer's address as recorded on a billing detail (ACH mandates keep it). */
export async function findBillingDetailIpAddress(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ ip_address: string | null }>(
    'SELECT ip_address FROM customer_billing_details WHERE id = $1',
    [id],
  );
  return rows[0]?.ip_address ?? null;
}

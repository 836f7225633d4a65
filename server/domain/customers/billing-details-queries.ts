import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import {
  BILLING_DETAIL_FIELDS,
  type BillingDetailInput,
  type CustomerBillingDetailRow,
  type CustomerRow,
} from './types';

/** The only file that names the `customer_billing_details` table in SQL. */

/** A billing detail starts as a copy of the customer's address and identity numbers. */
export async function insertBillingDetail(
  tx: Queryable,
  row: { id: string; organisation_id: string; created_at: Date },
  customer: CustomerRow,
): Promise<CustomerBillingDetailRow> {
  const fields = BILLING_DETAIL_FIELDS.filter((f) => f !== 'ip_address');
  const { rows } = await tx.query<CustomerBillingDetailRow>(
    `INSERT INTO customer_billing_details (id, organisation_id, customer_id, ${fields.join(', ')}, created_at)
     VALUES ($1, $2, $3, ${fields.map((_, i) => `$${i + 4}`).join(', ')}, $${fields.length + 4}) RETURNING *`,
    [row.id, row.organisation_id, customer.id, ...fields.map((f) => customer[f]), row.created_at],
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

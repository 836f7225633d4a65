import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { BillingRequestRow, BillingRequestStatus, MandateRequest, SelectedInstitution } from './types';
import type { InstalmentScheduleRequest } from './types';
import type { Metadata } from '../shared/metadata';
import type { PaymentRequest } from './types';
import type { SubscriptionRequest } from './types';

/** The only file that names the `billing_requests` table in SQL. */
export const billingRequestsTable = defineTable('billing_requests', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  customer_id: col.text(),
  customer_billing_detail_id: col.text(),
  customer_bank_account_id: col.text().nullable(),
  status: col.text<BillingRequestStatus>(),
  mandate_request: col.jsonb<MandateRequest>().nullable(),
  payment_request: col.jsonb<PaymentRequest>().nullable(),
  subscription_request: col.jsonb<SubscriptionRequest>().nullable(),
  instalment_schedule_request: col.jsonb<InstalmentScheduleRequest>().nullable(),
  metadata: col.jsonb<Metadata>(),
  fallback_enabled: col.boolean(),
  fallback_occurred: col.boolean(),
  purpose_code: col.text().nullable(),
  payment_context_code: col.text().nullable(),
  payment_purpose_code: col.text().nullable(),
  completed_actions: col.textArray(),
  institution: col.jsonb<SelectedInstitution>().nullable(),
  bank_authorisation_id: col.text().nullable(),
  mandate_id: col.text().nullable(),
  payment_id: col.text().nullable(),
  subscription_id: col.text().nullable(),
  instalment_schedule_id: col.text().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  /** The template whose public link made it, for a payer who came through one. */
  billing_request_template_id: col.text().nullable(),
});

export const findBillingRequest = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<BillingRequestRow>(db, billingRequestsTable, organisationId, id, options);

/** By id alone: for a row that already names the request (a flow, a bank authorisation). */
export const findBillingRequestById = (db: Queryable, id: string) =>
  findById<BillingRequestRow>(db, billingRequestsTable, id);

export type NewBillingRequestRow = Pick<
  BillingRequestRow,
  | 'id'
  | 'organisation_id'
  | 'creditor_id'
  | 'customer_id'
  | 'customer_billing_detail_id'
  | 'customer_bank_account_id'
  | 'mandate_request'
  | 'payment_request'
  | 'subscription_request'
  | 'instalment_schedule_request'
  | 'metadata'
  | 'fallback_enabled'
  | 'purpose_code'
  | 'payment_context_code'
  | 'payment_purpose_code'
  | 'billing_request_template_id'
  | 'created_at'
>;

const nullableJson = (value: unknown) => (value === null || value === undefined ? null : json(value));

/** A new request starts `pending`; the state runner moves it from there. */
export async function insertBillingRequest(tx: Queryable, row: NewBillingRequestRow): Promise<BillingRequestRow> {
  const { rows } = await tx.query<BillingRequestRow>(
    `INSERT INTO billing_requests (id, organisation_id, creditor_id, customer_id, customer_billing_detail_id, customer_bank_account_id, status,
       mandate_request, payment_request, subscription_request, instalment_schedule_request, metadata, fallback_enabled,
       purpose_code, payment_context_code, payment_purpose_code, billing_request_template_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.customer_id,
      row.customer_billing_detail_id,
      row.customer_bank_account_id,
      nullableJson(row.mandate_request),
      nullableJson(row.payment_request),
      nullableJson(row.subscription_request),
      nullableJson(row.instalment_schedule_request),
      json(row.metadata),
      row.fallback_enabled,
      row.purpose_code,
      row.payment_context_code,
      row.payment_purpose_code,
      row.billing_request_template_id,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export interface BillingRequestFilters {
  customer?: string;
  /** The template whose link made them (not an API filter: the dashboard's template page). */
  template?: string;
  status?: BillingRequestStatus;
  createdAt?: TimeRange;
}

export async function listBillingRequests(
  db: Queryable,
  organisationId: string,
  filters: BillingRequestFilters,
  page: PageRequest,
): Promise<Page<BillingRequestRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.customer) where.push(`customer_id = ${params.add(filters.customer)}`);
  if (filters.template) where.push(`billing_request_template_id = ${params.add(filters.template)}`);
  if (filters.status) where.push(`status = ${params.add(filters.status)}`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<BillingRequestRow>(db, { from: billingRequestsTable.name, where, params }, page);
}

// --- what the actions change (each names its own columns) -------------------------------------

export async function setCompletedActions(tx: Queryable, id: string, completed: string[], now: Date): Promise<void> {
  await tx.query('UPDATE billing_requests SET completed_actions = $2, updated_at = $3 WHERE id = $1', [
    id,
    completed,
    now,
  ]);
}

/** The account the payer gave, and the mandate request as that account decides it. */
export async function setBankAccount(
  tx: Queryable,
  id: string,
  change: { bankAccountId: string | null; mandateRequest: MandateRequest | null; completed: string[] },
  now: Date,
): Promise<void> {
  await tx.query(
    'UPDATE billing_requests SET customer_bank_account_id = $2, mandate_request = $3, completed_actions = $4, updated_at = $5 WHERE id = $1',
    [id, change.bankAccountId, nullableJson(change.mandateRequest), change.completed, now],
  );
}

export async function setMandateRequest(
  tx: Queryable,
  id: string,
  change: { mandateRequest: MandateRequest | null; completed: string[] },
  now: Date,
): Promise<void> {
  await tx.query(
    'UPDATE billing_requests SET completed_actions = $2, mandate_request = $3, updated_at = $4 WHERE id = $1',
    [id, change.completed, nullableJson(change.mandateRequest), now],
  );
}

export async function setInstitution(tx: Queryable, id: string, institution: SelectedInstitution, now: Date) {
  await tx.query('UPDATE billing_requests SET institution = $2, updated_at = $3 WHERE id = $1', [
    id,
    json(institution),
    now,
  ]);
}

export async function markFallbackOccurred(tx: Queryable, id: string, completed: string[], now: Date) {
  await tx.query(
    'UPDATE billing_requests SET fallback_occurred = true, completed_actions = $2, updated_at = $3 WHERE id = $1',
    [id, completed, now],
  );
}

/** The authorisation the payer is on at their bank. */
export async function setBankAuthorisation(tx: Queryable, id: string, bankAuthorisationId: string, now: Date) {
  await tx.query('UPDATE billing_requests SET bank_authorisation_id = $2, updated_at = $3 WHERE id = $1', [
    id,
    bankAuthorisationId,
    now,
  ]);
}

/** The bank authorised: the action is completed (once) and the account it confirmed attached. */
export async function completeBankAuthorisation(
  tx: Queryable,
  id: string,
  bankAccountId: string | null,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE billing_requests SET completed_actions = array_append(array_remove(completed_actions, 'bank_authorisation'), 'bank_authorisation'),
       customer_bank_account_id = $2, updated_at = $3 WHERE id = $1`,
    [id, bankAccountId, now],
  );
}

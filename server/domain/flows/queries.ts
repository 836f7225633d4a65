import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { FlowRow } from './types';

/** The only file that names the `billing_request_flows` table in SQL. */
export const flowsTable = defineTable(
  'billing_request_flows',
  {
    id: col.text(),
    organisation_id: col.text(),
    billing_request_id: col.text(),
    redirect_uri: col.text().nullable(),
    exit_uri: col.text().nullable(),
    language: col.text().nullable(),
    lock_bank_account: col.boolean(),
    lock_currency: col.boolean(),
    lock_customer_details: col.boolean(),
    prefilled_customer: col.jsonb().nullable(),
    prefilled_bank_account: col.jsonb().nullable(),
    show_redirect_buttons: col.boolean(),
    show_success_redirect_button: col.boolean(),
    skip_success_screen: col.boolean(),
    auto_fulfil: col.boolean(),
    customer_details_captured: col.boolean(),
    session_token_hash: col.text().nullable(),
    expires_at: col.timestamptz(),
    created_at: col.timestamptz(),
    visit_recorded_at: col.timestamptz().nullable(),
    payer_confirmed_at: col.timestamptz().nullable(),
    payer_answered_at: col.timestamptz().nullable(),
  },
  'billing_request_flows',
);

export const findFlow = (db: Queryable, organisationId: string, id: string) =>
  findOwned<FlowRow>(db, flowsTable, organisationId, id);

/** The flow a payer opened, by id alone (the hosted pages have no merchant token). */
export const findFlowById = (db: Queryable, id: string) => findById<FlowRow>(db, flowsTable, id);

export type NewFlowRow = Omit<
  FlowRow,
  'auto_fulfil' | 'session_token_hash' | 'payer_confirmed_at' | 'payer_answered_at'
>;

/** Spec: auto_fulfil is always on. */
export async function insertFlow(tx: Queryable, row: NewFlowRow): Promise<FlowRow> {
  const { rows } = await tx.query<FlowRow>(
    `INSERT INTO billing_request_flows (id, organisation_id, billing_request_id, redirect_uri, exit_uri, language, lock_bank_account, lock_currency,
       lock_customer_details, prefilled_customer, prefilled_bank_account, show_redirect_buttons, show_success_redirect_button, skip_success_screen,
       auto_fulfil, customer_details_captured, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, true, $15, $16, $17) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.billing_request_id,
      row.redirect_uri,
      row.exit_uri,
      row.language,
      row.lock_bank_account,
      row.lock_currency,
      row.lock_customer_details,
      row.prefilled_customer ? json(row.prefilled_customer) : null,
      row.prefilled_bank_account ? json(row.prefilled_bank_account) : null,
      row.show_redirect_buttons,
      row.show_success_redirect_button,
      row.skip_success_screen,
      row.customer_details_captured,
      row.expires_at,
      row.created_at,
    ],
  );
  return rows[0]!;
}

/**
 * Claims the flow's visit for the window that began at `since`: true for the one caller whose
 * stamp went in. One conditional statement, so two processes given the link at once cannot both
 * win (the second waits on the row and finds the first one's stamp); a lost claim writes nothing.
 */
export async function claimVisit(tx: Queryable, id: string, now: Date, since: Date): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE billing_request_flows SET visit_recorded_at = $2
     WHERE id = $1 AND (visit_recorded_at IS NULL OR visit_recorded_at <= $3) RETURNING id`,
    [id, now, since],
  );
  return rows.length > 0;
}

/**
 * The payer's confirmation of what they agree to, kept on the flow until the billing request can
 * take it (null: not confirmed, or an answer changed since). Returns the flow as it now is.
 */
export async function setPayerConfirmed(tx: Queryable, id: string, at: Date | null): Promise<FlowRow> {
  const { rows } = await tx.query<FlowRow>(
    'UPDATE billing_request_flows SET payer_confirmed_at = $2 WHERE id = $1 RETURNING *',
    [id, at],
  );
  return rows[0]!;
}

/** Only the hash of the latest session token is kept; each `initialise` replaces it. */
export async function setSessionTokenHash(tx: Queryable, id: string, hash: string): Promise<FlowRow> {
  const { rows } = await tx.query<FlowRow>(
    'UPDATE billing_request_flows SET session_token_hash = $2 WHERE id = $1 RETURNING *',
    [id, hash],
  );
  return rows[0]!;
}

/** Whether a flow of the request that has not expired locks its currency (the merchant fixed it). */
export async function hasLiveFlowLockingCurrency(db: Queryable, billingRequestId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM billing_request_flows WHERE billing_request_id = $1 AND lock_currency AND expires_at > $2 LIMIT 1',
    [billingRequestId, now],
  );
  return rows.length > 0;
}

/** The request's newest flow, if it has any. */
export async function findLatestFlowOf(db: Queryable, billingRequestId: string): Promise<FlowRow | undefined> {
  const { rows } = await db.query<FlowRow>(
    'SELECT * FROM billing_request_flows WHERE billing_request_id = $1 ORDER BY id DESC LIMIT 1',
    [billingRequestId],
  );
  return rows[0];
}

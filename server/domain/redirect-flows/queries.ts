import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import { col, defineTable, findOwned } from '../shared/table';
import type { RedirectFlowRow } from './types';
import type { Metadata } from '../shared/metadata';
import type { RedirectFlowScheme } from './types';
import type { RedirectFlowStatus } from './types';

/** The only file that names `redirect_flows` in SQL. */
export const redirectFlowsTable = defineTable('redirect_flows', {
  id: col.text(),
  organisation_id: col.text(),
  status: col.text<RedirectFlowStatus>(),
  creditor_id: col.text(),
  billing_request_id: col.text(),
  billing_request_flow_id: col.text(),
  session_token: col.text(),
  success_redirect_url: col.text(),
  description: col.text().nullable(),
  scheme: col.text<RedirectFlowScheme>().nullable(),
  metadata: col.jsonb<Metadata>(),
  customer_id: col.text().nullable(),
  customer_bank_account_id: col.text().nullable(),
  mandate_id: col.text().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export const findRedirectFlow = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<RedirectFlowRow>(db, redirectFlowsTable, organisationId, id, options);

/** The redirect flow a hosted-pages flow backs, if any (the payer pages know only their flow). */
export async function findRedirectFlowByFlow(
  db: Queryable,
  flowId: string,
  options: { lock?: boolean } = {},
): Promise<RedirectFlowRow | undefined> {
  const { rows } = await db.query<RedirectFlowRow>(
    `SELECT * FROM redirect_flows WHERE billing_request_flow_id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [flowId],
  );
  return rows[0];
}

export async function insertRedirectFlow(
  tx: Queryable,
  row: Omit<RedirectFlowRow, 'status' | 'customer_id' | 'customer_bank_account_id' | 'mandate_id' | 'updated_at'>,
): Promise<RedirectFlowRow> {
  const { rows } = await tx.query<RedirectFlowRow>(
    `INSERT INTO redirect_flows (id, organisation_id, status, creditor_id, billing_request_id, billing_request_flow_id,
       session_token, success_redirect_url, description, scheme, metadata, created_at, updated_at)
     VALUES ($1, $2, 'created', $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.billing_request_id,
      row.billing_request_flow_id,
      row.session_token,
      row.success_redirect_url,
      row.description,
      row.scheme,
      json(row.metadata),
      row.created_at,
    ],
  );
  return rows[0]!;
}

import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { HolderMatchResult } from '../account-holder-verifications/sandbox-names';
import type { Metadata } from '../shared/metadata';
import type {
  EntryValidationErrors,
  ImportFilters,
  OutboundEntryStatus,
  OutboundPaymentImportEntryRow,
  OutboundPaymentImportRow,
  OutboundPaymentImportStatus,
} from './types';

/** An entry as validated, before any processing. */
export type NewEntry = Omit<
  OutboundPaymentImportEntryRow,
  'outbound_payment_id' | 'processed_at' | 'verification_result'
>;

/** The only file that names `outbound_payment_imports` and `outbound_payment_import_entries` in SQL. */
export const outboundPaymentImportsTable = defineTable('outbound_payment_imports', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  status: col.text<OutboundPaymentImportStatus>(),
  currency: col.text(),
  amount_sum: col.bigint(),
  total_count: col.integer(),
  valid_count: col.integer(),
  invalid_count: col.integer(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  /** The access token that created the import: its outbound payments are made under it. */
  created_by_token_id: col.text().nullable(),
  /** The dashboard user who authorised it, and when. */
  authorised_by_user_id: col.text().nullable(),
  authorised_at: col.timestamptz().nullable(),
  processed_count: col.integer(),
  failed_to_process_count: col.integer(),
});

export const outboundPaymentImportEntriesTable = defineTable('outbound_payment_import_entries', {
  id: col.text(),
  organisation_id: col.text(),
  outbound_payment_import_id: col.text(),
  amount: col.bigint().nullable(),
  scheme: col.text(),
  reference: col.text().nullable(),
  metadata: col.jsonb<Metadata>().nullable(),
  recipient_bank_account_id: col.text().nullable(),
  status: col.text<OutboundEntryStatus>(),
  validation_errors: col.jsonb<{ outbound_payment: EntryValidationErrors }>().nullable(),
  created_at: col.timestamptz(),
  outbound_payment_id: col.text().nullable(),
  processed_at: col.timestamptz().nullable(),
  verification_result: col.text<HolderMatchResult>().nullable(),
});

/** The organisation's import, or `resource_not_found`; `lock` for a move in the caller's transaction. */
export const findOutboundPaymentImport = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<OutboundPaymentImportRow>(db, outboundPaymentImportsTable, organisationId, id, options);

/** Any organisation's import: only for the processing job, which acts for every organisation. */
export const findOutboundPaymentImportById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<OutboundPaymentImportRow>(db, outboundPaymentImportsTable, id, options);

/** A new import, `validating` until its entries' outcome moves it (through the state runner). */
export async function insertImport(
  tx: Queryable,
  row: Pick<
    OutboundPaymentImportRow,
    | 'id'
    | 'organisation_id'
    | 'creditor_id'
    | 'currency'
    | 'amount_sum'
    | 'total_count'
    | 'valid_count'
    | 'invalid_count'
    | 'created_by_token_id'
    | 'created_at'
  >,
): Promise<OutboundPaymentImportRow> {
  const { rows } = await tx.query<OutboundPaymentImportRow>(
    `INSERT INTO outbound_payment_imports
       (id, organisation_id, creditor_id, status, currency, amount_sum, total_count, valid_count, invalid_count,
        created_by_token_id, created_at, updated_at)
     VALUES ($1, $2, $3, 'validating', $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.currency,
      row.amount_sum,
      row.total_count,
      row.valid_count,
      row.invalid_count,
      row.created_by_token_id,
      row.created_at,
    ],
  );
  return rows[0]!;
}

/** Every entry of an import in one statement (an import may carry hundreds). */
export async function insertEntries(tx: Queryable, rows: NewEntry[]): Promise<void> {
  if (!rows.length) return;
  const params = new Params();
  const values = rows.map(
    (r) =>
      `(${[
        r.id,
        r.organisation_id,
        r.outbound_payment_import_id,
        r.amount,
        r.scheme,
        r.reference,
        r.metadata === null ? null : json(r.metadata),
        r.recipient_bank_account_id,
        r.status,
        r.validation_errors === null ? null : json(r.validation_errors),
        r.created_at,
      ]
        .map((v) => params.add(v))
        .join(', ')})`,
  );
  await tx.query(
    `INSERT INTO outbound_payment_import_entries
       (id, organisation_id, outbound_payment_import_id, amount, scheme, reference, metadata, recipient_bank_account_id, status, validation_errors, created_at)
     VALUES ${values.join(', ')}`,
    params.values,
  );
}

export async function listImports(
  db: Queryable,
  organisationId: string,
  filters: ImportFilters,
  page: PageRequest,
): Promise<Page<OutboundPaymentImportRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.status) where.push(`status = ${params.add(filters.status)}`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<OutboundPaymentImportRow>(db, { from: outboundPaymentImportsTable.name, where, params }, page);
}

export async function listEntries(
  db: Queryable,
  organisationId: string,
  importId: string,
  page: PageRequest,
): Promise<Page<OutboundPaymentImportEntryRow>> {
  const params = new Params();
  const where = [
    `organisation_id = ${params.add(organisationId)}`,
    `outbound_payment_import_id = ${params.add(importId)}`,
  ];
  return pageQuery<OutboundPaymentImportEntryRow>(
    db,
    { from: outboundPaymentImportEntriesTable.name, where, params },
    page,
  );
}

/**
 * The next valid entries of an import still to process, oldest first, locked so two workers (or
 * two processes) never take the same entry: `SKIP LOCKED` makes a second one take the next batch.
 */
export async function lockEntriesToProcess(
  tx: Queryable,
  importId: string,
  limit: number,
): Promise<OutboundPaymentImportEntryRow[]> {
  const { rows } = await tx.query<OutboundPaymentImportEntryRow>(
    `SELECT * FROM outbound_payment_import_entries WHERE outbound_payment_import_id = $1 AND status = 'valid'
     ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [importId, limit],
  );
  return rows;
}

/** Whether any valid entry of the import is still unprocessed (locked by another worker or not). */
export async function hasEntriesToProcess(db: Queryable, importId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM outbound_payment_import_entries WHERE outbound_payment_import_id = $1 AND status = 'valid' LIMIT 1`,
    [importId],
  );
  return rows.length > 0;
}

/** Adds a batch's outcome to the import's counts, in the batch's transaction. */
export async function countProcessed(tx: Queryable, importId: string, processed: number, failed: number, now: Date) {
  await tx.query(
    `UPDATE outbound_payment_imports SET processed_count = processed_count + $2,
       failed_to_process_count = failed_to_process_count + $3, updated_at = $4 WHERE id = $1`,
    [importId, processed, failed, now],
  );
}

/** Imports being processed, oldest first: the processing job's work list. */
export async function listProcessingImports(db: Queryable, limit: number): Promise<OutboundPaymentImportRow[]> {
  const { rows } = await db.query<OutboundPaymentImportRow>(
    `SELECT * FROM outbound_payment_imports WHERE status = 'processing' ORDER BY id LIMIT $1`,
    [limit],
  );
  return rows;
}

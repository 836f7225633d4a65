import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { Scheme } from '../schemes/types';
import type {
  EntryAmendment,
  EntryBankAccount,
  EntryCustomer,
  EntryFilters,
  EntryMandate,
  EntryStatus,
  MandateImportEntryRow,
  MandateImportRow,
  MandateImportStatus,
  NewEntryInput,
  ProcessingErrors,
} from './types';

/** The only file that names `mandate_imports` and `mandate_import_entries` in SQL. */
export const mandateImportsTable = defineTable('mandate_imports', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  scheme: col.text<Scheme>(),
  status: col.text<MandateImportStatus>(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export const mandateImportEntriesTable = defineTable(
  'mandate_import_entries',
  {
    id: col.text(),
    organisation_id: col.text(),
    mandate_import_id: col.text(),
    record_identifier: col.text().nullable(),
    customer: col.jsonb<EntryCustomer>(),
    bank_account: col.jsonb<EntryBankAccount>(),
    mandate: col.jsonb<EntryMandate>(),
    amendment: col.jsonb<EntryAmendment>().nullable(),
    status: col.text<EntryStatus>(),
    processing_errors: col.jsonb<ProcessingErrors>().nullable(),
    customer_id: col.text().nullable(),
    customer_bank_account_id: col.text().nullable(),
    mandate_id: col.text().nullable(),
    created_at: col.timestamptz(),
    processed_at: col.timestamptz().nullable(),
  },
  'mandate_import_entries',
);

export const findMandateImport = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<MandateImportRow>(db, mandateImportsTable, organisationId, id, options);

/** For the jobs, which act for every organisation. */
export const findMandateImportById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<MandateImportRow>(db, mandateImportsTable, id, options);

export async function insertMandateImport(
  tx: Queryable,
  row: Pick<MandateImportRow, 'id' | 'organisation_id' | 'creditor_id' | 'scheme' | 'created_at'>,
): Promise<MandateImportRow> {
  const { rows } = await tx.query<MandateImportRow>(
    `INSERT INTO mandate_imports (id, organisation_id, creditor_id, scheme, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'created', $5, $5) RETURNING *`,
    [row.id, row.organisation_id, row.creditor_id, row.scheme, row.created_at],
  );
  return rows[0]!;
}

/**
 * Locks the import's row while an entry is added, so an entry cannot slip in beside a submit or
 * cancel running at the same time: whichever commits first decides.
 */
export async function lockImportForEntry(
  tx: Queryable,
  organisationId: string,
  id: string,
): Promise<MandateImportRow | undefined> {
  const { rows } = await tx.query<MandateImportRow>(
    'SELECT * FROM mandate_imports WHERE id = $1 AND organisation_id = $2 FOR SHARE',
    [id, organisationId],
  );
  return rows[0];
}

export async function insertEntry(
  tx: Queryable,
  row: { id: string; organisation_id: string; created_at: Date } & Omit<NewEntryInput, 'links'> & {
      mandate_import_id: string;
    },
): Promise<MandateImportEntryRow> {
  const { rows } = await tx.query<MandateImportEntryRow>(
    `INSERT INTO mandate_import_entries
       (id, organisation_id, mandate_import_id, record_identifier, customer, bank_account, mandate, amendment, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.mandate_import_id,
      row.record_identifier ?? null,
      json(row.customer),
      json(row.bank_account),
      json(row.mandate ?? {}),
      row.amendment ? json(row.amendment) : null,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function listEntries(
  db: Queryable,
  organisationId: string,
  filters: EntryFilters,
  page: PageRequest,
): Promise<Page<MandateImportEntryRow>> {
  const params = new Params();
  const where = [
    `organisation_id = ${params.add(organisationId)}`,
    `mandate_import_id = ${params.add(filters.mandateImport)}`,
  ];
  if (filters.status) where.push(`status = ${params.add(filters.status)}`);
  return pageQuery<MandateImportEntryRow>(db, { from: mandateImportEntriesTable.name, where, params }, page);
}

/**
 * The next entries still to process, oldest first, locked so two workers never take the same
 * entry (`SKIP LOCKED`: a second worker takes the following batch instead of waiting).
 */
export async function lockPendingEntries(
  tx: Queryable,
  mandateImportId: string,
  limit: number,
): Promise<MandateImportEntryRow[]> {
  const { rows } = await tx.query<MandateImportEntryRow>(
    `SELECT * FROM mandate_import_entries WHERE mandate_import_id = $1 AND status = 'pending'
     ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [mandateImportId, limit],
  );
  return rows;
}

/** Whether any entry of the import is still pending (locked by another worker or not). */
export async function hasPendingEntries(db: Queryable, mandateImportId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM mandate_import_entries WHERE mandate_import_id = $1 AND status = 'pending' LIMIT 1`,
    [mandateImportId],
  );
  return rows.length > 0;
}

/** Imports being processed, oldest first: the processing job's work list. */
export async function listProcessingImports(db: Queryable, limit: number): Promise<MandateImportRow[]> {
  const { rows } = await db.query<MandateImportRow>(
    `SELECT * FROM mandate_imports WHERE status = 'processing' ORDER BY id LIMIT $1`,
    [limit],
  );
  return rows;
}

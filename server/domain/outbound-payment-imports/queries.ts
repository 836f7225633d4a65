import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { defineTable, findOwned } from '../shared/table';
import type { ImportFilters, OutboundPaymentImportEntryRow, OutboundPaymentImportRow } from './types';

/** The only file that names `outbound_payment_imports` and `outbound_payment_import_entries` in SQL. */
export const outboundPaymentImportsTable = defineTable('outbound_payment_imports', [
  'id',
  'organisation_id',
  'creditor_id',
  'status',
  'currency',
  'amount_sum',
  'total_count',
  'valid_count',
  'invalid_count',
  'created_at',
  'updated_at',
]);

export const outboundPaymentImportEntriesTable = defineTable('outbound_payment_import_entries', [
  'id',
  'organisation_id',
  'outbound_payment_import_id',
  'amount',
  'scheme',
  'reference',
  'metadata',
  'recipient_bank_account_id',
  'status',
  'validation_errors',
  'created_at',
]);

export const findOutboundPaymentImport = (db: Queryable, organisationId: string, id: string) =>
  findOwned<OutboundPaymentImportRow>(db, outboundPaymentImportsTable, organisationId, id);

export async function insertImport(
  tx: Queryable,
  row: Omit<OutboundPaymentImportRow, 'updated_at'>,
): Promise<OutboundPaymentImportRow> {
  const { rows } = await tx.query<OutboundPaymentImportRow>(
    `INSERT INTO outbound_payment_imports
       (id, organisation_id, creditor_id, status, currency, amount_sum, total_count, valid_count, invalid_count, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.status,
      row.currency,
      row.amount_sum,
      row.total_count,
      row.valid_count,
      row.invalid_count,
      row.created_at,
    ],
  );
  return rows[0]!;
}

/** Every entry of an import in one statement (an import may carry hundreds). */
export async function insertEntries(tx: Queryable, rows: OutboundPaymentImportEntryRow[]): Promise<void> {
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

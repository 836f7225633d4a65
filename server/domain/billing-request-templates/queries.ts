import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { TemplateFilters, TemplateRow } from './types';
import type { MandateRequest } from '../billing-requests/types';
import type { Metadata } from '../shared/metadata';
import type { TemplateConstraints } from './types';

/** The only file that names the `billing_request_templates` table in SQL. */
export const templatesTable = defineTable('billing_request_templates', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  name: col.text().nullable(),
  metadata: col.jsonb<Metadata>(),
  mandate_request_currency: col.text().nullable(),
  mandate_request_scheme: col.text().nullable(),
  mandate_request_description: col.text().nullable(),
  mandate_request_verify: col.text<MandateRequest['verify']>().nullable(),
  mandate_request_metadata: col.jsonb<Metadata>().nullable(),
  mandate_request_constraints: col.jsonb<TemplateConstraints>().nullable(),
  payment_request_amount: col.bigint().nullable(),
  payment_request_currency: col.text().nullable(),
  payment_request_description: col.text().nullable(),
  payment_request_scheme: col.text().nullable(),
  payment_request_metadata: col.jsonb<Metadata>().nullable(),
  redirect_uri: col.text().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

/** The columns a merchant sets (create and PUT), in one order for both statements. */
const SETTABLE = [
  'name',
  'metadata',
  'mandate_request_currency',
  'mandate_request_scheme',
  'mandate_request_description',
  'mandate_request_verify',
  'mandate_request_metadata',
  'mandate_request_constraints',
  'payment_request_amount',
  'payment_request_currency',
  'payment_request_description',
  'payment_request_scheme',
  'payment_request_metadata',
  'redirect_uri',
] as const;

export type TemplateValues = Pick<TemplateRow, (typeof SETTABLE)[number]>;

/** jsonb columns are sent as JSON text, so node-postgres and PGlite store the same thing. */
const JSON_COLUMNS = new Set([
  'metadata',
  'mandate_request_metadata',
  'mandate_request_constraints',
  'payment_request_metadata',
]);
const valuesOf = (values: TemplateValues) =>
  SETTABLE.map((column) => {
    const value = values[column];
    return JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value;
  });

export const findTemplate = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<TemplateRow>(db, templatesTable, organisationId, id, options);

/** For the public link: a template by its id alone (the payer has no merchant token). */
export const findTemplateById = (db: Queryable, id: string) => findById<TemplateRow>(db, templatesTable, id);

export async function insertTemplate(
  tx: Queryable,
  row: { id: string; organisation_id: string; creditor_id: string; created_at: Date } & TemplateValues,
): Promise<TemplateRow> {
  const params = new Params();
  const placeholders = [row.id, row.organisation_id, row.creditor_id, ...valuesOf(row), row.created_at].map((v) =>
    params.add(v),
  );
  const { rows } = await tx.query<TemplateRow>(
    `INSERT INTO billing_request_templates (id, organisation_id, creditor_id, ${SETTABLE.join(', ')}, created_at, updated_at)
     VALUES (${placeholders.join(', ')}, ${placeholders[placeholders.length - 1]}) RETURNING *`,
    params.values,
  );
  return rows[0]!;
}

/** PUT replaces every settable field (what the body leaves out is cleared, as the spec's PUT does for metadata). */
export async function replaceTemplate(
  tx: Queryable,
  id: string,
  values: TemplateValues,
  now: Date,
): Promise<TemplateRow> {
  const params = new Params();
  const idParam = params.add(id);
  const sets = SETTABLE.map((column, i) => `${column} = ${params.add(valuesOf(values)[i])}`);
  const { rows } = await tx.query<TemplateRow>(
    `UPDATE billing_request_templates SET ${sets.join(', ')}, updated_at = ${params.add(now)}
     WHERE id = ${idParam} RETURNING *`,
    params.values,
  );
  return rows[0]!;
}

export async function listTemplates(
  db: Queryable,
  organisationId: string,
  filters: TemplateFilters,
  page: PageRequest,
): Promise<Page<TemplateRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.paymentRequestScheme) where.push(`payment_request_scheme = ${params.add(filters.paymentRequestScheme)}`);
  return pageQuery<TemplateRow>(db, { from: templatesTable.name, where, params }, page);
}

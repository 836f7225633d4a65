import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { notFound } from '../shared/errors';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `tax_rates` in SQL: reference data, the same for every organisation. */
export const taxRatesTable = defineTable('tax_rates', {
  id: col.text(),
  jurisdiction: col.text(),
  type: col.text(),
  percentage: col.text(),
  /** yyyy-mm-dd */
  start_date: col.date(),
  end_date: col.date().nullable(),
});

/** A row of `tax_rates` as stored: its table's declaration. */
export type TaxRateRow = RowOf<typeof taxRatesTable>;

export async function findTaxRate(db: Queryable, id: string): Promise<TaxRateRow> {
  const { rows } = await db.query<TaxRateRow>('SELECT * FROM tax_rates WHERE id = $1', [id]);
  if (!rows[0]) throw notFound('tax_rates');
  return rows[0];
}

export async function listTaxRates(
  db: Queryable,
  filters: { jurisdiction?: string },
  page: PageRequest,
): Promise<Page<TaxRateRow>> {
  const params = new Params();
  const where: string[] = [];
  if (filters.jurisdiction) where.push(`jurisdiction = ${params.add(filters.jurisdiction)}`);
  return pageQuery<TaxRateRow>(db, { from: taxRatesTable.name, where, params }, page);
}

/** The rate in force in a jurisdiction on a day (yyyy-mm-dd), if it has one: for fees' tax items. */
export async function findTaxRateOn(db: Queryable, jurisdiction: string, day: string): Promise<TaxRateRow | undefined> {
  const { rows } = await db.query<TaxRateRow>(
    `SELECT * FROM tax_rates WHERE jurisdiction = $1 AND start_date <= $2::date
       AND (end_date IS NULL OR end_date >= $2::date) ORDER BY start_date DESC LIMIT 1`,
    [jurisdiction, day],
  );
  return rows[0];
}

import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `currency_exchange_rates` in SQL. */
export const exchangeRatesTable = defineTable('currency_exchange_rates', {
  id: col.text(),
  source: col.text(),
  target: col.text(),
  /** A decimal string, exact as set. */
  rate: col.text(),
  time: col.timestamptz(),
});

/** A row of `currency_exchange_rates` as stored: its table's declaration. */
export type ExchangeRateRow = RowOf<typeof exchangeRatesTable>;

/** Sets a pair's rate: a new id and time, so the newest update pages first. */
export async function upsertExchangeRate(tx: Queryable, row: ExchangeRateRow): Promise<ExchangeRateRow> {
  const { rows } = await tx.query<ExchangeRateRow>(
    `INSERT INTO currency_exchange_rates (id, source, target, rate, time) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (source, target) DO UPDATE SET id = EXCLUDED.id, rate = EXCLUDED.rate, time = EXCLUDED.time
     RETURNING *`,
    [row.id, row.source, row.target, row.rate, row.time],
  );
  return rows[0]!;
}

export async function countExchangeRates(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM currency_exchange_rates');
  return Number(rows[0]?.n ?? 0);
}

export async function findExchangeRate(db: Queryable, source: string, target: string) {
  const { rows } = await db.query<ExchangeRateRow>(
    'SELECT * FROM currency_exchange_rates WHERE source = $1 AND target = $2',
    [source, target],
  );
  return rows[0];
}

export async function listExchangeRates(
  db: Queryable,
  filters: { source?: string; target?: string },
  page: PageRequest,
): Promise<Page<ExchangeRateRow>> {
  const params = new Params();
  const where: string[] = [];
  if (filters.source) where.push(`source = ${params.add(filters.source)}`);
  if (filters.target) where.push(`target = ${params.add(filters.target)}`);
  return pageQuery<ExchangeRateRow>(db, { from: exchangeRatesTable.name, where, params }, page);
}

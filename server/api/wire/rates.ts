import { z } from 'zod';
import type { ExchangeRateRow } from '../../domain/exchange-rates/queries';
import { CURRENCIES, type Currency } from '../../domain/shared/money';
import type { TaxRateRow } from '../../domain/tax-rates/queries';
import { timestamp } from './present';

/** A tax rate on the wire (public API `tax_rates`). */
export const taxRateWire = z.strictObject({
  id: z.string(),
  jurisdiction: z.string(),
  type: z.string(),
  percentage: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
});

export function serializeTaxRate(row: TaxRateRow): z.output<typeof taxRateWire> {
  return {
    id: row.id,
    jurisdiction: row.jurisdiction,
    type: row.type,
    percentage: row.percentage,
    start_date: row.start_date,
    end_date: row.end_date,
  };
}

/** A currency exchange rate on the wire (public API `currency_exchange_rates`: no id of its own). */
export const exchangeRateWire = z.strictObject({
  source: z.enum(CURRENCIES),
  target: z.enum(CURRENCIES),
  rate: z.string(),
  time: z.string(),
});

export const serializeExchangeRate = (row: ExchangeRateRow): z.output<typeof exchangeRateWire> => ({
  source: row.source as Currency,
  target: row.target as Currency,
  rate: row.rate,
  time: timestamp(row.time),
});

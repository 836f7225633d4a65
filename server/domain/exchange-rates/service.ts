import type { Queryable } from '../../db/db';
import type { DomainContext } from '../shared/context';
import { validationFailed } from '../shared/errors';
import { CURRENCIES, type Currency } from '../shared/money';
import type { PageRequest } from '../shared/pagination';
import { countExchangeRates, findExchangeRate, listExchangeRates, upsertExchangeRate } from './queries';

/**
 * The sandbox's starting rates, as units of each currency per euro (indicative, late 2025). Cross
 * rates are derived from these, so the seeded set is consistent (A→B × B→C = A→C, to rounding).
 */
const PER_EURO: Record<Currency, number> = {
  AUD: 1.75,
  CAD: 1.61,
  DKK: 7.46,
  EUR: 1,
  GBP: 0.87,
  NZD: 2.02,
  SEK: 10.95,
  USD: 1.16,
};

/** A rate as a decimal string: positive, at most 10 decimals, no exponent. */
export const RATE_PATTERN = /^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,10})?$/;

/**
 * Currency exchange rates between the eight currencies (public API `currency_exchange_rates`):
 * the operator's to set (`cli rates set`), seeded at the sandbox's start, read by every organisation.
 */
export function createExchangeRateService(ctx: DomainContext) {
  return {
    list: (db: Queryable, filters: { source?: string; target?: string }, page: PageRequest) =>
      listExchangeRates(db, filters, page),

    find: (db: Queryable, source: Currency, target: Currency) => findExchangeRate(db, source, target),

    /** The operator sets one pair's rate (an edge with its own transaction). */
    async set(tx: Queryable, source: string, target: string, rate: string) {
      const issues = [];
      if (!(CURRENCIES as readonly string[]).includes(source)) issues.push({ field: 'source', code: 'invalid' });
      if (!(CURRENCIES as readonly string[]).includes(target)) issues.push({ field: 'target', code: 'invalid' });
      if (source === target) issues.push({ field: 'target', code: 'invalid' });
      if (!RATE_PATTERN.test(rate)) issues.push({ field: 'rate', code: 'invalid' });
      if (issues.length) throw validationFailed(issues);
      return upsertExchangeRate(tx, { id: ctx.ids('exchangeRate'), source, target, rate, time: ctx.clock.now() });
    },

    /** Seeds every pair once, in the sandbox only; the rates already there are kept. */
    async seedSandbox(tx: Queryable): Promise<number> {
      if (ctx.environment !== 'sandbox' || (await countExchangeRates(tx)) > 0) return 0;
      let seeded = 0;
      for (const source of CURRENCIES) {
        for (const target of CURRENCIES) {
          if (source === target) continue;
          const rate = (PER_EURO[target] / PER_EURO[source]).toFixed(6);
          await upsertExchangeRate(tx, { id: ctx.ids('exchangeRate'), source, target, rate, time: ctx.clock.now() });
          seeded++;
        }
      }
      return seeded;
    },
  };
}

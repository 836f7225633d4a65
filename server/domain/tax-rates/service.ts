import type { Queryable } from '../../db/db';
import type { PageRequest } from '../shared/pagination';
import { findTaxRate, findTaxRateOn, listTaxRates } from './queries';

/**
 * Tax rates per jurisdiction with their validity dates (public API `tax_rates`): reference data
 * seeded by migration 0051, read by every organisation alike (there is nothing to isolate).
 */
export function createTaxRateService() {
  return {
    get: (db: Queryable, id: string) => findTaxRate(db, id),
    list: (db: Queryable, filters: { jurisdiction?: string }, page: PageRequest) => listTaxRates(db, filters, page),
    /** The rate in force on a day (yyyy-mm-dd), for a fee's tax item. */
    inForce: (db: Queryable, jurisdiction: string, day: string) => findTaxRateOn(db, jurisdiction, day),
  };
}

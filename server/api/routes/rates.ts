import { z } from 'zod';
import { exchangeRateWire, serializeExchangeRate, serializeTaxRate, taxRateWire } from '../wire/rates';
import { cursorQuery, pageOf } from '../pagination';
import { defineRoute, listResult, ok } from '../route';
import { currency } from '../schemas';

const taxes = { tag: 'Tax rates', resourceKey: 'tax_rates', response: taxRateWire } as const;

/** Reference data, the same for every organisation: tax rates (seeded) and exchange rates (the operator's). */
export const rateRoutes = [
  defineRoute({
    ...taxes,
    method: 'GET',
    path: '/tax_rates',
    operationId: 'listTaxRates',
    summary: 'List tax rates, per jurisdiction with their validity dates',
    kind: 'list',
    status: 200,
    query: z.strictObject({
      ...cursorQuery,
      jurisdiction: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
    }),
    async handler({ services, tx, query }) {
      const page = await services.taxRates.list(tx, { jurisdiction: query.jurisdiction }, pageOf(query));
      return listResult('tax_rates', page, serializeTaxRate);
    },
  }),
  defineRoute({
    ...taxes,
    method: 'GET',
    path: '/tax_rates/:id',
    operationId: 'getTaxRate',
    summary: 'Get a tax rate',
    kind: 'read',
    status: 200,
    async handler({ services, tx, params }) {
      return ok('tax_rates', serializeTaxRate(await services.taxRates.get(tx, params.id)));
    },
  }),
  defineRoute({
    tag: 'Currency exchange rates',
    resourceKey: 'currency_exchange_rates',
    response: exchangeRateWire,
    method: 'GET',
    path: '/currency_exchange_rates',
    operationId: 'listCurrencyExchangeRates',
    summary: 'List exchange rates between the eight currencies (set by the operator)',
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery, source: currency.optional(), target: currency.optional() }),
    async handler({ services, tx, query }) {
      const page = await services.exchangeRates.list(tx, { source: query.source, target: query.target }, pageOf(query));
      return listResult('currency_exchange_rates', page, serializeExchangeRate);
    },
  }),
];

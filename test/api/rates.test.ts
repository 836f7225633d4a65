import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

/** Tax rates (seeded per jurisdiction) and currency exchange rates (seeded in the sandbox), issue 22. */
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  await server.ready;
  m = await server.merchant();
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body?.error?.errors?.[0]?.reason;

describe('GET /tax_rates', () => {
  it('lists rates per jurisdiction with their validity dates, by cursor, readable with a read-only token', async () => {
    const germany = (await m.readOnly.get('/tax_rates?jurisdiction=DE')).body;
    expect(germany.tax_rates).toEqual([
      { id: 'DE_VAT_3', jurisdiction: 'DE', type: 'VAT', percentage: '19.0', start_date: '2021-01-01', end_date: null },
      {
        id: 'DE_VAT_2',
        jurisdiction: 'DE',
        type: 'VAT',
        percentage: '16.0',
        start_date: '2020-07-01',
        end_date: '2020-12-31',
      },
      {
        id: 'DE_VAT_1',
        jurisdiction: 'DE',
        type: 'VAT',
        percentage: '19.0',
        start_date: '2007-01-01',
        end_date: '2020-06-30',
      },
    ]);
    const first = (await m.api.get('/tax_rates?limit=2')).body;
    expect(first.tax_rates).toHaveLength(2);
    const next = (await m.api.get(`/tax_rates?limit=2&after=${first.meta.cursors.after}`)).body;
    expect(next.tax_rates[0].id < first.tax_rates[1].id).toBe(true);
    expect((await m.api.get('/tax_rates?jurisdiction=ZZ')).body.tax_rates).toEqual([]);
  });

  it('gets one rate; an unknown id is 404; a bad filter is a 4xx', async () => {
    expect((await m.api.get('/tax_rates/GB_VAT_1')).body.tax_rates).toMatchObject({ percentage: '20.0' });
    const missing = await m.api.get('/tax_rates/XX_VAT_9');
    expect(missing.status).toBe(404);
    expect(reasonOf(missing)).toBe('resource_not_found');
    for (const bad of ['jurisdiction=gb', 'jurisdiction=G%00', 'jurisdiction=GBR', 'unknown=1']) {
      const res = await m.api.get(`/tax_rates?${bad}`);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
  });

  it('has no write methods (405 naming GET)', async () => {
    const res = await m.api.post('/tax_rates', { tax_rates: { id: 'X' } });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
  });
});

describe('GET /currency_exchange_rates', () => {
  it('answers the sandbox’s seeded rate for every pair of the eight currencies, filtered and by cursor', async () => {
    const all = (await m.api.get('/currency_exchange_rates?limit=500')).body.currency_exchange_rates;
    expect(all).toHaveLength(56);
    const pairs = new Set(all.map((r: { source: string; target: string }) => `${r.source}${r.target}`));
    expect(pairs.size).toBe(56);
    const gbp = (await m.api.get('/currency_exchange_rates?source=GBP&target=EUR')).body.currency_exchange_rates;
    expect(gbp).toHaveLength(1);
    expect(Number(gbp[0].rate)).toBeGreaterThan(1);
    expect(gbp[0].time).toMatch(/Z$/);
    const first = (await m.readOnly.get('/currency_exchange_rates?source=USD&limit=4')).body;
    const rest = (await m.readOnly.get(`/currency_exchange_rates?source=USD&after=${first.meta.cursors.after}`)).body;
    expect([...first.currency_exchange_rates, ...rest.currency_exchange_rates]).toHaveLength(7);
    expect((await m.api.get('/currency_exchange_rates?source=XXX')).status).toBe(422);
  });

  it('the operator’s update replaces a pair’s rate, newest first', async () => {
    await server.services.db.transaction((tx) => server.services.exchangeRates.set(tx, 'GBP', 'EUR', '1.1234567891'));
    const list = (await m.api.get('/currency_exchange_rates')).body.currency_exchange_rates;
    expect(list[0]).toMatchObject({ source: 'GBP', target: 'EUR', rate: '1.1234567891' });
    await expect(
      server.services.db.transaction((tx) => server.services.exchangeRates.set(tx, 'GBP', 'GBP', '1')),
    ).rejects.toMatchObject({ reason: 'validation_failed' });
    await expect(
      server.services.db.transaction((tx) => server.services.exchangeRates.set(tx, 'GBP', 'USD', '1e5')),
    ).rejects.toMatchObject({ reason: 'validation_failed' });
  });

  it('live starts with no rates: they are the operator’s to set', async () => {
    const live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
    try {
      await live.ready;
      const lm = await live.merchant();
      expect((await lm.api.get('/currency_exchange_rates')).body.currency_exchange_rates).toEqual([]);
    } finally {
      await live.close();
    }
  });
});

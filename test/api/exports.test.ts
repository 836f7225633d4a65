import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffsetClock } from '../../server/domain/shared/clock';
import { createExportWorker } from '../../server/jobs/exports';
import { createLogger } from '../../server/logger';
import type { CreateExport } from '../../server/domain/exports/service';
import { startTestServer, type TestServer } from '../support/server';
import { EVER, parseCsv } from '../support/exports';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

/**
 * Exports (issue 22, decision 0037): asked for by the operator, built by the export worker page by
 * page with `started`/`completed`/`failed` events, read through `/exports`, downloaded as CSV
 * through a sealed link that expires and refuses any alteration.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
const clock = new OffsetClock();

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
}, 120_000);
afterAll(() => server?.close());

const ask = (merchant: Merchant, input: Partial<CreateExport> = {}) =>
  server.services.db.transaction((tx) =>
    server.services.exports.create(tx, merchant.organisationId, {
      exportType: 'payments_index',
      currency: 'GBP',
      ...EVER,
      ...input,
    }),
  );
/** The test server listens on its own port; the links name the public URL. */
const local = (url: string) => new URL(url).pathname;
const download = (url: string) =>
  m.api.request('GET', local(url), undefined, { token: null, headers: { accept: '*/*' } });

const records = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]])));
};

async function built(merchant: Merchant, id: string) {
  await server.exportWorker.runDue();
  const res = await merchant.api.get(`/exports/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.exports;
}

describe('GET /exports', () => {
  it('lists an organisation’s exports newest first with cursors, and none of another’s', async () => {
    const merchant = await server.merchant();
    const made = [];
    for (const exportType of ['payments_index', 'refunds_index', 'customers_index'] as const)
      made.push(await ask(merchant, { exportType }));
    await ask(other);
    const first = await merchant.api.get('/exports?limit=2');
    expect(first.status, first.text).toBe(200);
    expect(first.body.exports.map((e: any) => e.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(first.body.meta).toEqual({ cursors: { before: null, after: made[1]!.id }, limit: 2 });
    const rest = await merchant.api.get(`/exports?limit=2&after=${first.body.meta.cursors.after}`);
    expect(rest.body.exports.map((e: any) => e.id)).toEqual([made[0]!.id]);
    expect(rest.body.meta.cursors.after).toBeNull();
    const back = await merchant.api.get(`/exports?limit=2&before=${made[0]!.id}`);
    expect(back.body.exports.map((e: any) => e.id)).toEqual([made[2]!.id, made[1]!.id]);
    // A read-only token reads.
    expect((await merchant.readOnly.get('/exports')).status).toBe(200);
    expect((await merchant.readOnly.get(`/exports/${made[0]!.id}`)).status).toBe(200);
  });

  it('answers the reference’s fields; download_url is null until the CSV is built', async () => {
    const row = await ask(m, { exportType: 'subscriptions_index' });
    const res = await m.api.get(`/exports/${row.id}`);
    expect(res.body.exports).toEqual({
      id: row.id,
      created_at: row.created_at.toISOString(),
      export_type: 'subscriptions_index',
      currency: 'GBP',
      download_url: null,
      error_message: null,
    });
    expect(row.id).toMatch(/^EX[0-9A-Z]{26}$/);
  });

  it('answers another organisation’s export, an unknown id and bad cursors as the API does', async () => {
    const row = await ask(m);
    const theirs = await other.api.get(`/exports/${row.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.errors[0].reason).toBe('resource_not_found');
    expect((await m.api.get('/exports/EX00000000000000000000000000')).status).toBe(404);
    for (const query of ['limit=0', 'limit=abc', 'after=%00', 'unknown=1', `after=${'x'.repeat(10_000)}`]) {
      const res = await m.api.get(`/exports?${query}`);
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
    }
  });
});

describe('building and downloading an export', () => {
  let paymentIds: string[] = [];
  const hostile = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-2+3', '@cmd', 'a, "quoted"\nnew line'];

  beforeAll(async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    paymentIds = [];
    for (const [i, description] of hostile.entries()) {
      const body = { payments: { amount: 100 + i, currency: 'GBP', description, links: { mandate: mandateId } } };
      paymentIds.push((await post(m.api, '/payments', body, 201)).payments.id);
    }
    // Another organisation's payment never appears in this one's export.
    const theirs = await createMandateViaBillingRequest(other, { currency: 'GBP' });
    await post(
      other.api,
      '/payments',
      { payments: { amount: 999, currency: 'GBP', links: { mandate: theirs.mandateId } } },
      201,
    );
  }, 120_000);

  it('builds a payments CSV whose rows are the payments, with started and completed events', async () => {
    const row = await ask(m);
    const done = await built(m, row.id);
    expect(done.download_url).toMatch(/^https:\/\/localhost:3000\/exports\/files\//);
    expect(done.error_message).toBeNull();
    const file = await download(done.download_url);
    expect(file.status, file.text).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('attachment');
    const rows = records(file.text);
    const api = (await m.api.get('/payments?limit=500')).body.payments;
    expect(rows.map((r) => r.id)).toEqual(api.map((p: any) => p.id));
    expect(rows.map((r) => r.id).sort()).toEqual([...paymentIds].sort());
    for (const payment of api) {
      const line = rows.find((r) => r.id === payment.id)!;
      expect(line).toMatchObject({
        amount: String(payment.amount),
        currency: payment.currency,
        status: payment.status,
        'links.mandate': payment.links.mandate,
        created_at: payment.created_at,
      });
    }
    const events = (await m.api.get(`/events?export=${row.id}`)).body.events;
    expect(events.map((e: any) => e.action).sort()).toEqual(['completed', 'started']);
    expect(events[0].links.export).toBe(row.id);
  });

  it('builds a many-page export once when two workers share it (keyset pages, SKIP LOCKED)', async () => {
    const row = await ask(m);
    const workers = [1, 2].map(() =>
      createExportWorker({
        db: server.services.db,
        logger: createLogger('silent'),
        services: server.services,
        pageSize: 2,
      }),
    );
    const steps = await Promise.all(workers.map((worker) => worker.runDue()));
    // The header, then pages of two, two and one (the short page completes it): each step once.
    expect(steps.reduce((a, b) => a + b, 0)).toBe(4);
    const done = (await m.api.get(`/exports/${row.id}`)).body.exports;
    const ids = records((await download(done.download_url)).text).map((r) => r.id);
    expect(ids).toHaveLength(paymentIds.length);
    expect(new Set(ids)).toEqual(new Set(paymentIds));
  });

  it('escapes commas, quotes, line breaks and formula starts so a spreadsheet shows text', async () => {
    const done = await built(m, (await ask(m)).id);
    const text = (await download(done.download_url)).text;
    const described = records(text).map((r) => r.description);
    for (const value of hostile) {
      const expected = /^[=+\-@]/.test(value) ? `'${value}` : value;
      expect(described).toContain(expected);
    }
    expect(text).toContain('"a, ""quoted""\nnew line"');
    expect(text).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it('keeps to the date range and the currency, and builds customers and events too', async () => {
    const past = await built(m, (await ask(m, { from: new Date('2020-01-01'), to: new Date('2021-01-01') })).id);
    expect(records((await download(past.download_url)).text)).toEqual([]);
    const euro = await built(m, (await ask(m, { currency: 'EUR' })).id);
    expect(records((await download(euro.download_url)).text)).toEqual([]);
    const customers = await built(m, (await ask(m, { exportType: 'customers_index' })).id);
    const apiCustomers = (await m.api.get('/customers?limit=500')).body.customers.map((c: any) => c.id);
    expect(records((await download(customers.download_url)).text).map((r) => r.id)).toEqual(apiCustomers);
    const events = await built(m, (await ask(m, { exportType: 'events_index' })).id);
    const eventRows = records((await download(events.download_url)).text);
    expect(eventRows.length).toBeGreaterThan(0);
    expect(eventRows.every((r) => r.id!.startsWith('EV'))).toBe(true);
  });

  it('fails an export whose build throws: error_message, no link, a failed event', async () => {
    const row = await ask(m, { exportType: 'refunds_index' });
    const refunds = server.services.refunds;
    const original = refunds.list;
    refunds.list = async () => {
      throw new Error('the store went away');
    };
    try {
      const failed = await built(m, row.id);
      expect(failed).toMatchObject({ download_url: null, error_message: 'The export could not be built.' });
    } finally {
      refunds.list = original;
    }
    const events = (await m.api.get(`/events?export=${row.id}`)).body.events;
    expect(events.map((e: any) => e.action).sort()).toEqual(['failed', 'started']);
  });

  it('refuses a tampered, foreign or expired link with 404', async () => {
    const done = await built(m, (await ask(m)).id);
    const url: string = done.download_url;
    const token = url.split('/').pop()!;
    const flipped = token.slice(0, -4) + (token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA');
    for (const bad of [flipped, token.slice(1), `${token}x`, 'not.a.token']) {
      const res = await download(`https://localhost:3000/exports/files/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.text).not.toContain('id,created_at');
    }
    expect((await download(url)).status).toBe(200);
    clock.advance(61 * 60_000);
    expect((await download(url)).status).toBe(404);
    // A fresh GET gives a fresh link.
    const again = (await m.api.get(`/exports/${done.id}`)).body.exports;
    expect((await download(again.download_url)).status).toBe(200);
  });
});

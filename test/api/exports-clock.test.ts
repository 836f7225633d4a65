import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { EXPORT_LINK_LIFETIME_MS } from '../../server/domain/exports/service';
import { EVER, parseCsv } from '../support/exports';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Exports on the organisation's clock (issue #39, decisions 0090 and 0094): a sandbox organisation
 * with a test clock has its export asked for, built, stamped and its events recorded on its own
 * time, as its pages and requests are; the download link alone lives on real time, since the
 * link's route knows no organisation.
 */
let server: TestServer;
const REAL = '2026-11-23T10:00:00.000Z';
const clock = new ManualClock(REAL);
let m: Merchant;

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant('Export clock');
});
afterAll(() => server?.close());

const ask = (merchant: Merchant) =>
  server.services.db.transaction((tx) =>
    server.services.exports.create(tx, merchant.organisationId, {
      exportType: 'customers_index',
      currency: 'GBP',
      ...EVER,
    }),
  );

describe('an export of an organisation with a test clock', () => {
  it('is made, built and recorded on the organisation’s time; its link expires on real time', async () => {
    expect((await m.api.post('/sandbox/clock/actions/freeze', {})).status).toBe(200);
    const advanced = await m.api.post('/sandbox/clock/actions/advance', { data: { to: '2027-06-01T09:00:00Z' } });
    expect(advanced.status, advanced.text).toBe(200);
    const ORG = '2027-06-01T09:00:00.000Z';
    const customer = await post(m.api, '/customers', { customers: { email: 'later@example.com' } }, 201);
    expect(customer.customers.created_at).toBe(ORG);

    const row = await ask(m);
    await server.exportWorker.runDue();
    const read = await m.api.get(`/exports/${row.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.exports.created_at).toBe(ORG);
    const events = (await m.api.get(`/events?export=${row.id}`)).body.events as {
      action: string;
      created_at: string;
    }[];
    expect(events.map((e) => e.action).sort()).toEqual(['completed', 'started']);
    for (const event of events) expect(event.created_at).toBe(ORG);

    const path = new URL(read.body.exports.download_url as string).pathname;
    const download = () => m.api.request('GET', path, undefined, { token: null, headers: { accept: '*/*' } });
    const file = await download();
    expect(file.status, file.text).toBe(200);
    const [header, ...rows] = parseCsv(file.text);
    const at = header!.indexOf('created_at');
    expect(rows.map((cells) => cells[at])).toEqual([ORG]);

    // The organisation's time stands still, real time moves past the link's hour: the link is dead.
    clock.advance(EXPORT_LINK_LIFETIME_MS + 60_000);
    expect((await download()).status).toBe(404);
    expect((await m.api.get('/sandbox/clock')).body.sandbox_clocks.now).toBe(ORG);
  });

  it('of an organisation without one stays on real time', async () => {
    const plain = await server.merchant('Export real time');
    const row = await ask(plain);
    await server.exportWorker.runDue();
    const read = await plain.api.get(`/exports/${row.id}`);
    expect(read.body.exports.created_at).toBe(clock.now().toISOString());
    const events = (await plain.api.get(`/events?export=${row.id}`)).body.events as { created_at: string }[];
    for (const event of events) expect(event.created_at).toBe(clock.now().toISOString());
  });
});

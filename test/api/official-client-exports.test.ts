import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** The real official Node client (gocardless-nodejs, unchanged) listing and finding exports. */
let server: TestServer;
let merchant: Merchant;
let client: ReturnType<typeof gocardless>;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  await server.ready;
  merchant = await server.merchant();
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  client = gocardless(merchant.token, Environments.Sandbox, { proxy: { https: agent } } as never);
});
afterAll(() => server?.close());

describe('the official client', () => {
  it('lists and finds exports, and walks them with all()', async () => {
    const made = [];
    for (const exportType of ['payments_index', 'customers_index'] as const) {
      made.push(
        await server.services.db.transaction((tx) =>
          server.services.exports.create(tx, merchant.organisationId, {
            exportType,
            currency: 'GBP',
            from: new Date('2020-01-01T00:00:00Z'),
            to: new Date('2100-01-01T00:00:00Z'),
          }),
        ),
      );
    }
    const listed = await client.exports.list({ limit: 1 });
    expect(listed.exports.map((e) => e.id)).toEqual([made[1]!.id]);
    expect(listed.meta.cursors?.after).toBe(made[1]!.id);
    const all = [];
    for await (const item of client.exports.all({ limit: 1 })) all.push(item.id);
    expect(all).toEqual([made[1]!.id, made[0]!.id]);

    const pending = await client.exports.find(made[0]!.id);
    expect(pending).toMatchObject({
      id: made[0]!.id,
      export_type: 'payments_index',
      currency: 'GBP',
      download_url: null,
    });
    await server.exportWorker.runDue();
    const ready = await client.exports.find(made[0]!.id);
    expect(ready.download_url).toMatch(/\/exports\/files\//);
    expect(ready.error_message).toBeNull();
  });

  it('reads back an export of the new types (decision 0040) with its download link', async () => {
    const row = await server.services.db.transaction((tx) =>
      server.services.exports.create(tx, merchant.organisationId, {
        exportType: 'payout_events_reconciliation',
        currency: 'GBP',
        from: new Date('2020-01-01T00:00:00Z'),
        to: new Date('2100-01-01T00:00:00Z'),
      }),
    );
    await server.exportWorker.runDue();
    const ready = await client.exports.find(row.id);
    expect(ready).toMatchObject({ id: row.id, export_type: 'payout_events_reconciliation', error_message: null });
    expect(ready.download_url).toMatch(/\/exports\/files\//);
  });
});

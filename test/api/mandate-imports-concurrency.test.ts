import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { createMandateImportWorker } from '../../server/jobs/mandate-import-processing';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS } from '../support/journeys';

/**
 * What two things at once must not break: entries racing a submit are either in the import and
 * processed, or refused — never left pending; several workers share an import's entries without
 * taking one twice (SKIP LOCKED on Postgres; one at a time on PGlite).
 */
let server: TestServer;
let merchant: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  merchant = await server.merchant();
});
afterAll(() => server?.close());

let n = 0;
const entry = (importId: string) => ({
  mandate_import_entries: {
    record_identifier: `row-${++n}`,
    customer: {
      given_name: 'Jane',
      family_name: `Doe ${n}`,
      email: `race${n}@example.com`,
      address_line1: '1 High St',
      city: 'London',
      postal_code: 'E1 6AN',
      country_code: 'GB',
    },
    bank_account: { ...SANDBOX_ACCOUNTS.GBP },
    links: { mandate_import: importId },
  },
});

async function allEntries(importId: string, status = '') {
  const res = await merchant.api.get(`/mandate_import_entries?mandate_import=${importId}&limit=500${status}`);
  return res.body.mandate_import_entries as { links: { mandate?: string }; processing_errors?: unknown }[];
}

describe('mandate imports under concurrency', () => {
  it('entries racing a submit are processed or refused, never left pending', async () => {
    const importId = (await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } })).body
      .mandate_imports.id;
    const adds = Array.from({ length: 12 }, () => merchant.api.post('/mandate_import_entries', entry(importId)));
    const submit = merchant.api.post(`/mandate_imports/${importId}/actions/submit`, { data: {} });
    const [submitted, ...added] = await Promise.all([submit, ...adds]);
    expect(submitted.status).toBe(200);
    for (const res of added) {
      expect([201, 422]).toContain(res.status);
      if (res.status === 422) expect(res.body.error.errors[0].reason).toBe('mandate_import_not_created');
    }
    clock.advance(11_000);
    await server.schemeClock.runDue();
    await server.mandateImportWorker.runDue();
    const accepted = added.filter((r) => r.status === 201).length;
    expect(await allEntries(importId)).toHaveLength(accepted);
    expect(await allEntries(importId, '&status=successfully_processed')).toHaveLength(accepted);
  });

  it('four workers with small batches process every entry exactly once', async () => {
    const importId = (await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } })).body
      .mandate_imports.id;
    for (let i = 0; i < 30; i++)
      expect((await merchant.api.post('/mandate_import_entries', entry(importId))).status).toBe(201);
    await merchant.api.post(`/mandate_imports/${importId}/actions/submit`, { data: {} });
    clock.advance(11_000);
    await server.schemeClock.runDue();
    const worker = createMandateImportWorker({
      db: server.services.db,
      logger: server.services.logger,
      mandateImports: server.services.mandateImports,
      batchSize: 4,
      concurrency: 4,
    });
    await Promise.all([worker.runDue(), worker.runDue()]);
    // A worker that saw another's batch still open leaves the finish to the next round.
    await worker.runDue();
    expect((await merchant.api.get(`/mandate_imports/${importId}`)).body.mandate_imports.status).toBe('processed');
    const done = await allEntries(importId, '&status=successfully_processed');
    expect(done).toHaveLength(30);
    const mandates = new Set(done.map((e) => e.links.mandate));
    expect(mandates.size).toBe(30);
    const listed = await merchant.api.get(`/mandates?limit=500`);
    const ofImport = listed.body.mandates.filter((m: { id: string }) => mandates.has(m.id));
    expect(ofImport).toHaveLength(30);
  });
});

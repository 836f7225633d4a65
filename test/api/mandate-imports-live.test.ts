import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS } from '../support/journeys';

/** In live a submitted import waits for the scheme's next working day, not the sandbox's seconds. */
let server: TestServer;
let merchant: Merchant;
// A Friday afternoon in London: the next Bacs working day is Monday.
const clock = new ManualClock('2026-03-06T15:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  merchant = await server.merchant();
});
afterAll(() => server?.close());

const status = async (id: string) => (await merchant.api.get(`/mandate_imports/${id}`)).body.mandate_imports.status;

describe('mandate imports in live', () => {
  it('start processing on the next working day of the scheme', async () => {
    const id = (await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } })).body
      .mandate_imports.id;
    const added = await merchant.api.post('/mandate_import_entries', {
      mandate_import_entries: {
        customer: {
          given_name: 'Jane',
          family_name: 'Doe',
          email: 'live@example.com',
          address_line1: '1 High St',
          city: 'London',
          postal_code: 'E1 6AN',
          country_code: 'GB',
        },
        bank_account: { ...SANDBOX_ACCOUNTS.GBP },
        links: { mandate_import: id },
      },
    });
    expect(added.status, added.text).toBe(201);
    expect((await merchant.api.post(`/mandate_imports/${id}/actions/submit`, { data: {} })).status).toBe(200);

    clock.advance(60_000);
    await server.schemeClock.runDue();
    await server.mandateImportWorker.runDue();
    expect(await status(id)).toBe('submitted');

    clock.set('2026-03-09T08:00:00.000Z');
    await server.schemeClock.runDue();
    await server.mandateImportWorker.runDue();
    expect(await status(id)).toBe('processed');
  });
});

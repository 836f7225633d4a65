import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import { OfficialClientShape } from '../support/official-client';
import { SANDBOX_ACCOUNTS } from '../support/journeys';

/**
 * The official client's journeys through the imports (its mandateImports and mandateImportEntries
 * services), shaped as it sends them and checked against /openapi.json on the way.
 */
let server: TestServer;
let client: OfficialClientShape;
let organisationId: string;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  const merchant = await server.merchant();
  client = new OfficialClientShape(server.url, merchant.token);
  organisationId = merchant.organisationId;
});
afterAll(() => server?.close());

const entry = (importId: string, n: number) => ({
  record_identifier: `crm-${n}`,
  customer: {
    given_name: 'Jane',
    family_name: `Doe ${n}`,
    email: `jane.${n}@example.com`,
    address_line1: '1 High St',
    city: 'London',
    postal_code: 'E1 6AN',
    country_code: 'GB',
    metadata: { crm: `C-${n}` },
  },
  bank_account: { ...SANDBOX_ACCOUNTS.GBP },
  mandate: { reference: null, metadata: { plan: 'imported' } },
  links: { mandate_import: importId },
});

describe('the official client’s mandate import', () => {
  it('creates an import, adds two entries, submits it, and finds both mandates active once processed', async () => {
    const created = await client.create('mandate_imports', { scheme: 'bacs' });
    expect(created.status).toBe(201);
    const importId = created.body.mandate_imports.id;
    for (const n of [1, 2])
      expect((await client.create('mandate_import_entries', entry(importId, n))).status).toBe(201);

    const submitted = await client.action('mandate_imports', importId, 'submit', {});
    expect(submitted.body.mandate_imports.status).toBe('submitted');
    clock.advance(11_000);
    await server.schemeClock.runDue();
    await server.mandateImportWorker.runDue();
    expect((await client.find('mandate_imports', importId)).body.mandate_imports.status).toBe('processed');

    const listed = await client.list('mandate_import_entries', {
      mandate_import: importId,
      status: 'successfully_processed',
    });
    expect(listed.status).toBe(200);
    const entries = listed.body.mandate_import_entries;
    expect(entries.map((e: { record_identifier: string }) => e.record_identifier).sort()).toEqual(['crm-1', 'crm-2']);
    for (const e of entries) {
      const mandate = (await client.find('mandates', e.links.mandate)).body.mandates;
      expect(mandate).toMatchObject({ status: 'active', scheme: 'bacs', metadata: { plan: 'imported' } });
      const customer = (await client.find('customers', e.links.customer)).body.customers;
      expect(customer.metadata).toEqual({ crm: `C-${e.record_identifier.slice(4)}` });
    }
    const cancel = await client.action('mandate_imports', importId, 'cancel', {});
    expect(cancel.status).toBe(422);
    expect(cancel.body.error.errors[0].reason).toBe('cancellation_failed');
  });
});

describe('the official client’s payer authorisation (deprecated)', () => {
  it('is refused until the operator opens it, then goes from an incomplete save to a mandate', async () => {
    const refused = await client.create('payer_authorisations', { customer: {}, bank_account: {}, mandate: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.error.errors[0].reason).toBe('feature_disabled');
    await server.services.db.transaction((tx) => server.services.payerAuthorisations.access.open(tx, organisationId));

    const created = await client.create('payer_authorisations', {
      customer: { given_name: 'Jean', family_name: 'Dupont', email: 'jean@example.fr', country_code: 'FR' },
      bank_account: {},
      mandate: { scheme: 'sepa_core' },
    });
    expect(created.status).toBe(201);
    const pa = created.body.payer_authorisations;
    expect(pa.incomplete_fields.length).toBeGreaterThan(0);

    const updated = await client.update('payer_authorisations', pa.id, { bank_account: { ...SANDBOX_ACCOUNTS.EUR } });
    expect(updated.status).toBe(200);
    expect(updated.body.payer_authorisations.incomplete_fields).toEqual([]);
    expect((await client.action('payer_authorisations', pa.id, 'submit', {})).body.payer_authorisations.status).toBe(
      'submitted',
    );
    expect((await client.action('payer_authorisations', pa.id, 'confirm', {})).body.payer_authorisations.status).toBe(
      'confirmed',
    );
    await server.schemeClock.runDue();
    const done = (await client.find('payer_authorisations', pa.id)).body.payer_authorisations;
    expect(done.status).toBe('completed');
    const mandate = (await client.find('mandates', done.links.mandate)).body.mandates;
    expect(mandate).toMatchObject({ scheme: 'sepa_core', links: { customer: done.links.customer } });
    const events = await client.list('events', { payer_authorisation: pa.id });
    expect(events.body.events.map((e: { action: string }) => e.action)).toEqual(['completed']);
  });
});

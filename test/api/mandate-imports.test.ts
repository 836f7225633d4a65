import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS } from '../support/journeys';

let server: TestServer;
let merchant: Merchant;
let other: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  merchant = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

let n = 0;
const key = () => ({ headers: { 'idempotency-key': `mi-${++n}-${Date.now()}` } });

const newImport = async (m: Merchant = merchant, scheme = 'bacs') => {
  const res = await m.api.post('/mandate_imports', { mandate_imports: { scheme } });
  expect(res.status, res.text).toBe(201);
  return res.body.mandate_imports.id as string;
};

const entryBody = (importId: string, overrides: Record<string, unknown> = {}) => ({
  mandate_import_entries: {
    record_identifier: `row-${++n}`,
    customer: {
      given_name: 'Jane',
      family_name: 'Doe',
      email: `jane${n}@example.com`,
      address_line1: '1 High St',
      city: 'London',
      postal_code: 'E1 6AN',
      country_code: 'GB',
    },
    bank_account: { ...SANDBOX_ACCOUNTS.GBP },
    links: { mandate_import: importId },
    ...overrides,
  },
});

const entriesOf = async (importId: string, query = '') =>
  (await merchant.api.get(`/mandate_import_entries?mandate_import=${importId}${query}`)).body.mandate_import_entries;

/** Past the sandbox's ~10 seconds: the scheme clock starts processing, the job processes. */
async function process() {
  clock.advance(11_000);
  await server.schemeClock.runDue();
  await server.mandateImportWorker.runDue();
}

describe('POST /mandate_imports', () => {
  it('creates an import: 201, Location, IM id, created, the creditor linked', async () => {
    const res = await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } }, key());
    expect(res.status).toBe(201);
    const mi = res.body.mandate_imports;
    expect(mi.id).toMatch(/^IM[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/mandate_imports/${mi.id}`);
    expect(mi).toMatchObject({ scheme: 'bacs', status: 'created', links: { creditor: merchant.creditorId } });
  });

  it('refuses a missing or unknown scheme, wrong types, unknown fields and another organisation’s creditor', async () => {
    const missing = await merchant.api.post('/mandate_imports', { mandate_imports: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error.errors[0]).toMatchObject({ field: 'scheme', request_pointer: '/mandate_imports/scheme' });
    const unknown = await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'cheque' } });
    expect(unknown.status).toBe(422);
    const wrongType = await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 42 } });
    expect(wrongType.body.error.type).toBe('invalid_api_usage');
    const extra = await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs', evil: 1 } });
    expect(extra.body.error.type).toBe('invalid_api_usage');
    const foreign = await merchant.api.post('/mandate_imports', {
      mandate_imports: { scheme: 'bacs', links: { creditor: other.creditorId } },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.errors[0].reason).toBe('link_not_found');
  });

  it('is refused to a read_only token, and answers a repeated Idempotency-Key with 409 naming the first', async () => {
    const ro = await merchant.readOnly.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } });
    expect(ro.status).toBe(403);
    const headers = { headers: { 'idempotency-key': `same-import-${Date.now()}` } };
    const first = await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } }, headers);
    const again = await merchant.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } }, headers);
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: first.body.mandate_imports.id },
    });
  });
});

describe('GET /mandate_imports/:id', () => {
  it('answers the import, 404 for unknown ids and for another organisation’s', async () => {
    const id = await newImport();
    const res = await merchant.api.get(`/mandate_imports/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.mandate_imports.id).toBe(id);
    expect((await merchant.api.get('/mandate_imports/IM00000000000000000000000000')).status).toBe(404);
    const foreign = await other.api.get(`/mandate_imports/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.errors[0].reason).toBe('resource_not_found');
  });
});

describe('POST /mandate_import_entries', () => {
  it('adds an entry checked as it comes: 201 with the import linked and the record identifier', async () => {
    const id = await newImport();
    const res = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { record_identifier: 'crm-42', amendment: amendment() }),
      key(),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.mandate_import_entries).toMatchObject({
      record_identifier: 'crm-42',
      links: { mandate_import: id },
    });
    expect(res.body.mandate_import_entries.processing_errors).toBeNull();
  });

  it('refuses bad bank details, missing customer details, a wrong currency and a bad reference, pointing at each field', async () => {
    const id = await newImport();
    const badAccount = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { bank_account: { ...SANDBOX_ACCOUNTS.GBP, account_number: '12345678' } }),
    );
    expect(badAccount.status).toBe(422);
    expect(badAccount.body.error.errors[0].request_pointer).toMatch(/^\/mandate_import_entries\/bank_account\//);

    const noCustomer = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { customer: { given_name: 'Jane' } }),
    );
    expect(noCustomer.status).toBe(422);
    const fields = noCustomer.body.error.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(
      expect.arrayContaining(['customer.email', 'customer.family_name', 'customer.address_line1', 'customer.city']),
    );

    const euro = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { bank_account: { ...SANDBOX_ACCOUNTS.EUR } }),
    );
    expect(euro.status).toBe(422);
    expect(euro.body.error.errors[0].field).toBe('bank_account.country_code');

    const badEmail = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { customer: { ...entryBody(id).mandate_import_entries.customer, email: '<script>' } }),
    );
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.error.errors[0].field).toBe('customer.email');

    const badReference = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { mandate: { reference: 'ab' } }),
    );
    expect(badReference.status).toBe(422);
    expect(badReference.body.error.errors[0].field).toBe('mandate.reference');
    expect(await entriesOf(id)).toEqual([]);
  });

  it('refuses missing, wrong-typed, oversized and unknown input without writing anything', async () => {
    const id = await newImport();
    const noLinks = await merchant.api.post('/mandate_import_entries', {
      mandate_import_entries: { customer: {}, bank_account: { account_holder_name: 'x' } },
    });
    expect(noLinks.status).toBe(422);
    const wrongType = await merchant.api.post('/mandate_import_entries', entryBody(id, { record_identifier: 7 }));
    expect(wrongType.body.error.type).toBe('invalid_api_usage');
    const oversized = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { record_identifier: 'x'.repeat(256) }),
    );
    expect(oversized.status).toBe(422);
    const unknown = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { amendment: { ...amendment(), extra: 'no' } }),
    );
    expect(unknown.body.error.type).toBe('invalid_api_usage');
    const partialAmendment = await merchant.api.post(
      '/mandate_import_entries',
      entryBody(id, { amendment: { original_creditor_id: 'CR1' } }),
    );
    expect(partialAmendment.status).toBe(422);
    expect(await entriesOf(id)).toEqual([]);
  });

  it('keeps hostile strings as plain text', async () => {
    const id = await newImport();
    const hostile = "'); DROP TABLE mandate_imports;--<script>alert(1)</script>";
    const res = await merchant.api.post('/mandate_import_entries', entryBody(id, { record_identifier: hostile }));
    expect(res.status).toBe(201);
    expect((await entriesOf(id))[0].record_identifier).toBe(hostile);
  });

  it('answers 404 for an unknown import or another organisation’s, and 403 to a read_only token', async () => {
    const id = await newImport();
    const unknown = await merchant.api.post('/mandate_import_entries', entryBody('IM00000000000000000000000000'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.errors[0].reason).toBe('link_not_found');
    const foreign = await other.api.post('/mandate_import_entries', entryBody(id));
    expect(foreign.status).toBe(404);
    expect((await merchant.readOnly.post('/mandate_import_entries', entryBody(id))).status).toBe(403);
    expect(await entriesOf(id)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with 409', async () => {
    const id = await newImport();
    const headers = { headers: { 'idempotency-key': `same-entry-${Date.now()}` } };
    expect((await merchant.api.post('/mandate_import_entries', entryBody(id), headers)).status).toBe(201);
    const again = await merchant.api.post('/mandate_import_entries', entryBody(id), headers);
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0].reason).toBe('idempotent_creation_conflict');
    expect(await entriesOf(id)).toHaveLength(1);
  });

  it.each(['submit', 'cancel'])('refuses an entry once the import is %sed, writing nothing', async (action) => {
    const id = await newImport();
    await merchant.api.post('/mandate_import_entries', entryBody(id));
    expect((await merchant.api.post(`/mandate_imports/${id}/actions/${action}`, { data: {} })).status).toBe(200);
    const refused = await merchant.api.post('/mandate_import_entries', entryBody(id));
    expect(refused.status).toBe(422);
    expect(refused.body.error.type).toBe('invalid_state');
    expect(refused.body.error.errors[0].reason).toBe('mandate_import_not_created');
    expect(await entriesOf(id)).toHaveLength(1);
  });
});

describe('submit and cancel', () => {
  it('submits once: a second submit and a cancel are refused with 422 and change nothing', async () => {
    const id = await newImport();
    const submitted = await merchant.api.post(`/mandate_imports/${id}/actions/submit`, { data: {} }, key());
    expect(submitted.status).toBe(200);
    expect(submitted.body.mandate_imports.status).toBe('submitted');
    const again = await merchant.api.post(`/mandate_imports/${id}/actions/submit`, { data: {} });
    expect(again.status).toBe(422);
    expect(again.body.error.errors[0].reason).toBe('mandate_import_not_created');
    const cancel = await merchant.api.post(`/mandate_imports/${id}/actions/cancel`, { data: {} });
    expect(cancel.status).toBe(422);
    expect(cancel.body.error.errors[0].reason).toBe('cancellation_failed');
    expect((await merchant.api.get(`/mandate_imports/${id}`)).body.mandate_imports.status).toBe('submitted');
  });

  it('cancels a created import; a cancelled one cannot be submitted or cancelled again', async () => {
    const id = await newImport();
    const cancelled = await merchant.api.post(`/mandate_imports/${id}/actions/cancel`, { data: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.mandate_imports.status).toBe('cancelled');
    const submit = await merchant.api.post(`/mandate_imports/${id}/actions/submit`, { data: {} });
    expect(submit.status).toBe(422);
    expect(submit.body.error.errors[0].reason).toBe('mandate_import_not_created');
    const cancel = await merchant.api.post(`/mandate_imports/${id}/actions/cancel`, { data: {} });
    expect(cancel.body.error.errors[0].reason).toBe('cancellation_failed');
    await process();
    expect((await merchant.api.get(`/mandate_imports/${id}`)).body.mandate_imports.status).toBe('cancelled');
  });

  it('answers 404 for another organisation’s import and 403 to a read_only token, changing nothing', async () => {
    const id = await newImport();
    for (const action of ['submit', 'cancel']) {
      expect((await other.api.post(`/mandate_imports/${id}/actions/${action}`, { data: {} })).status).toBe(404);
      expect((await merchant.readOnly.post(`/mandate_imports/${id}/actions/${action}`, { data: {} })).status).toBe(403);
    }
    expect((await merchant.api.post(`/mandate_imports/${id}/actions/submit`, { data: {} })).status).toBe(200);
  });
});

describe('processing', () => {
  it('waits for the sandbox delay, then makes a customer, bank account and active mandate per valid entry; a refused entry gets processing_errors and the rest go through', async () => {
    const id = await newImport();
    const good = [entryBody(id), entryBody(id)];
    for (const body of good) expect((await merchant.api.post('/mandate_import_entries', body)).status).toBe(201);
    const blocked = entryBody(id);
    expect((await merchant.api.post('/mandate_import_entries', blocked)).status).toBe(201);
    // Blocked after it was added: processing refuses it, as a mandate create would be refused.
    const block = await merchant.api.post('/blocks', {
      blocks: {
        block_type: 'email',
        reason_type: 'identity_fraud',
        resource_reference: blocked.mandate_import_entries.customer.email,
      },
    });
    expect(block.status).toBe(201);
    await merchant.api.post(`/mandate_imports/${id}/actions/submit`, { data: {} });

    clock.advance(5_000);
    await server.schemeClock.runDue();
    await server.mandateImportWorker.runDue();
    expect((await merchant.api.get(`/mandate_imports/${id}`)).body.mandate_imports.status).toBe('submitted');

    await process();
    expect((await merchant.api.get(`/mandate_imports/${id}`)).body.mandate_imports.status).toBe('processed');

    const ok = await entriesOf(id, '&status=successfully_processed');
    expect(ok).toHaveLength(2);
    for (const entry of ok) {
      expect(entry.links).toMatchObject({ mandate_import: id });
      const mandate = (await merchant.api.get(`/mandates/${entry.links.mandate}`)).body.mandates;
      expect(mandate).toMatchObject({ status: 'active', scheme: 'bacs' });
      expect(mandate.links).toMatchObject({
        customer: entry.links.customer,
        customer_bank_account: entry.links.customer_bank_account,
        creditor: merchant.creditorId,
      });
      const account = (await merchant.api.get(`/customer_bank_accounts/${entry.links.customer_bank_account}`)).body;
      expect(account.customer_bank_accounts.links.customer).toBe(entry.links.customer);
      const events = (await merchant.api.get(`/events?mandate=${entry.links.mandate}`)).body.events;
      expect(events.map((e: { action: string }) => e.action).sort()).toEqual(['active', 'created']);
    }
    const failed = await entriesOf(id, '&status=unsuccessfully_processed');
    expect(failed).toHaveLength(1);
    expect(failed[0].record_identifier).toBe(blocked.mandate_import_entries.record_identifier);
    expect(failed[0].processing_errors).toEqual({ mandate: ['mandate_blocked'] });
    expect(failed[0].links).toEqual({ mandate_import: id });

    const importEvents = (await merchant.api.get('/events?resource_type=mandate_imports')).body.events;
    const mine = importEvents.filter((e: { links: { mandate_import?: string } }) => e.links.mandate_import === id);
    expect(mine.map((e: { action: string }) => e.action).sort()).toEqual(['processed', 'processing', 'submitted']);
  });

  it('refuses a reference another entry took first, and processes an empty import', async () => {
    const id = await newImport();
    const reference = `IMPORT-${Date.now()}`.slice(0, 18);
    await merchant.api.post('/mandate_import_entries', entryBody(id, { mandate: { reference } }));
    await merchant.api.post('/mandate_import_entries', entryBody(id, { mandate: { reference } }));
    const empty = await newImport();
    await merchant.api.post(`/mandate_imports/${id}/actions/submit`, { data: {} });
    await merchant.api.post(`/mandate_imports/${empty}/actions/submit`, { data: {} });
    await process();
    const [second, first] = await entriesOf(id);
    expect(first.links.mandate).toBeDefined();
    expect(second.processing_errors).toEqual({ 'mandate.reference': ['taken'] });
    expect((await merchant.api.get(`/mandate_imports/${empty}`)).body.mandate_imports.status).toBe('processed');
    expect(await entriesOf(empty)).toEqual([]);
  });

  it('lists entries only with the import filter; a bad status or another organisation’s import is refused', async () => {
    const id = await newImport();
    const missing = await merchant.api.get('/mandate_import_entries');
    expect(missing.status).toBe(422);
    expect(missing.body.error.errors[0].field).toBe('mandate_import');
    const badStatus = await merchant.api.get(`/mandate_import_entries?mandate_import=${id}&status=pending`);
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.error.errors[0].field).toBe('status');
    expect((await other.api.get(`/mandate_import_entries?mandate_import=${id}`)).status).toBe(404);
  });
});

function amendment() {
  return {
    original_creditor_id: 'OLD-CREDITOR',
    original_creditor_name: 'Old Provider Ltd',
    original_mandate_reference: 'OLD-REF-1',
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS } from '../support/journeys';

let server: TestServer;
let merchant: Merchant;
let other: Merchant;
let gbp: string;
let eur: string;
let disabled: string;
let foreign: string;

async function account(m: Merchant, details: Record<string, string>) {
  const customer = await m.api.post('/customers', {
    customers: { given_name: 'Ada', family_name: 'Lovelace', email: 'ada@example.com' },
  });
  const res = await m.api.post('/customer_bank_accounts', {
    customer_bank_accounts: { ...details, links: { customer: customer.body.customers.id } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.customer_bank_accounts.id as string;
}

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  merchant = await server.merchant();
  other = await server.merchant();
  gbp = await account(merchant, SANDBOX_ACCOUNTS.GBP);
  eur = await account(merchant, SANDBOX_ACCOUNTS.EUR);
  disabled = await account(merchant, { ...SANDBOX_ACCOUNTS.GBP, account_holder_name: 'Old Account' });
  expect((await merchant.api.post(`/customer_bank_accounts/${disabled}/actions/disable`, { data: {} })).status).toBe(
    200,
  );
  foreign = await account(other, SANDBOX_ACCOUNTS.GBP);
});
afterAll(() => server?.close());

const item = (overrides: Record<string, unknown> = {}) => ({
  amount: 1500,
  scheme: 'faster_payments',
  recipient_bank_account_id: gbp,
  reference: 'INV 42',
  metadata: { invoice: '42' },
  ...overrides,
});
const body = (items: unknown[]) => ({ outbound_payment_imports: { entry_items: items } });
const entriesOf = async (id: string) =>
  (await merchant.api.get(`/outbound_payment_import_entries?outbound_payment_import=${id}`)).body
    .outbound_payment_import_entries;

describe('POST /outbound_payment_imports', () => {
  it('stores a valid import: 201, GBP, the sum, counts, each entry valid with its recipient linked', async () => {
    const res = await merchant.api.post('/outbound_payment_imports', body([item(), item({ amount: 2500 })]), {
      headers: { 'idempotency-key': `opi-${Date.now()}` },
    });
    expect(res.status, res.text).toBe(201);
    const imp = res.body.outbound_payment_imports;
    expect(res.headers.location).toBe(`${server.config.publicUrl}/outbound_payment_imports/${imp.id}`);
    expect(imp).toMatchObject({
      status: 'valid',
      currency: 'GBP',
      amount_sum: 4000,
      entry_counts: { total: 2, valid: 2, invalid: 0, processed: 0 },
      links: { creditor: merchant.creditorId },
    });
    const entries = await entriesOf(imp.id);
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      expect(e.id).toMatch(/^IE[0-9A-Z]{26}$/);
      expect(e).toMatchObject({
        scheme: 'faster_payments',
        reference: 'INV 42',
        metadata: { invoice: '42' },
        links: { outbound_payment_import: imp.id, recipient_bank_account: gbp },
      });
      expect(e.validation_errors).toBeNull();
      expect(e.processed_at).toBeNull();
      expect(e.verification_result).toBeNull();
    }
  });

  it('validates each entry on its own: invalid entries are stored with their errors and the import is invalid', async () => {
    const res = await merchant.api.post(
      '/outbound_payment_imports',
      body([
        item(),
        item({ amount: 0 }),
        item({ amount: 12.5 }),
        item({ amount: 100_000_001 }),
        item({ recipient_bank_account_id: 'BA00000000000000000000000000' }),
        item({ recipient_bank_account_id: foreign }),
        item({ recipient_bank_account_id: eur }),
        item({ recipient_bank_account_id: disabled }),
        item({ reference: 'far too long for faster payments' }),
        item({ reference: '<script>' }),
      ]),
    );
    expect(res.status, res.text).toBe(201);
    const imp = res.body.outbound_payment_imports;
    expect(imp).toMatchObject({
      status: 'invalid',
      amount_sum: 1500,
      entry_counts: { total: 10, valid: 1, invalid: 9 },
    });
    const errors = (await entriesOf(imp.id))
      .reverse()
      .map(
        (e: { validation_errors: { outbound_payment: unknown } | null }) =>
          e.validation_errors?.outbound_payment ?? null,
      );
    // Every field's list is there (empty when that field is fine), and the scheme, as the real API's.
    const only = (errors: Record<string, string[]>) => ({
      amount: [],
      recipient_bank_account: [],
      reference: [],
      scheme: 'faster_payments',
      ...errors,
    });
    expect(errors).toEqual([
      null,
      only({ amount: ['too_small'] }),
      only({ amount: ['not_integer'] }),
      only({ amount: ['amount_too_large'] }),
      only({ recipient_bank_account: ['not_found'] }),
      only({ recipient_bank_account: ['not_found'] }),
      only({ recipient_bank_account: ['bank_account_currency_mismatch'] }),
      only({ recipient_bank_account: ['bank_account_disabled'] }),
      only({ reference: ['too_long'] }),
      only({ reference: ['invalid_format'] }),
    ]);
  });

  it('answers the authorisation_url and writes the validation outcome as the import’s event', async () => {
    const valid = (await merchant.api.post('/outbound_payment_imports', body([item()]))).body.outbound_payment_imports;
    const invalid = (await merchant.api.post('/outbound_payment_imports', body([item({ amount: 0 })]))).body
      .outbound_payment_imports;
    expect(valid.authorisation_url).toBe(`${server.config.publicUrl}/dashboard/outbound-payment-imports/${valid.id}`);
    const events = (await merchant.api.get('/events?resource_type=outbound_payment_imports&limit=500')).body.events;
    const actionOf = (id: string) =>
      events
        .filter((e: { links: { outbound_payment_import?: string } }) => e.links.outbound_payment_import === id)
        .map((e: { action: string }) => e.action);
    expect(actionOf(valid.id)).toEqual(['validated']);
    expect(actionOf(invalid.id)).toEqual(['invalidated']);
    expect((await other.api.get('/events?resource_type=outbound_payment_imports')).body.events).toEqual([]);
  });

  it('refuses a request of the wrong shape with nothing written', async () => {
    const before = (await merchant.api.get('/outbound_payment_imports?limit=500')).body.outbound_payment_imports.length;
    const empty = await merchant.api.post('/outbound_payment_imports', body([]));
    expect(empty.status).toBe(422);
    expect(empty.body.error.errors[0].field).toBe('entry_items');
    const missing = await merchant.api.post('/outbound_payment_imports', { outbound_payment_imports: {} });
    expect(missing.status).toBe(422);
    const wrongType = await merchant.api.post('/outbound_payment_imports', body([item({ amount: '15' })]));
    expect(wrongType.body.error.type).toBe('invalid_api_usage');
    const otherScheme = await merchant.api.post('/outbound_payment_imports', body([item({ scheme: 'bacs' })]));
    expect(otherScheme.status).toBe(422);
    const tooMany = await merchant.api.post(
      '/outbound_payment_imports',
      body(Array.from({ length: 1001 }, () => item())),
    );
    expect(tooMany.status).toBe(422);
    const unknown = await merchant.api.post('/outbound_payment_imports', body([item({ evil: true })]));
    expect(unknown.body.error.type).toBe('invalid_api_usage');
    const creditor = await merchant.api.post('/outbound_payment_imports', {
      outbound_payment_imports: { entry_items: [item()], links: { creditor: other.creditorId } },
    });
    expect(creditor.status).toBe(404);
    expect((await merchant.readOnly.post('/outbound_payment_imports', body([item()]))).status).toBe(403);
    const after = (await merchant.api.get('/outbound_payment_imports?limit=500')).body.outbound_payment_imports.length;
    expect(after).toBe(before);
  });

  it('answers a repeated Idempotency-Key with 409 naming the first import', async () => {
    const headers = { headers: { 'idempotency-key': `same-opi-${Date.now()}` } };
    const first = await merchant.api.post('/outbound_payment_imports', body([item()]), headers);
    const again = await merchant.api.post('/outbound_payment_imports', body([item()]), headers);
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0].links.conflicting_resource_id).toBe(first.body.outbound_payment_imports.id);
  });
});

describe('GET /outbound_payment_imports', () => {
  it('gets and lists an organisation’s imports, filtered by status; another organisation’s answer 404', async () => {
    const valid = (await merchant.api.post('/outbound_payment_imports', body([item()]))).body.outbound_payment_imports;
    expect((await merchant.api.get(`/outbound_payment_imports/${valid.id}`)).body.outbound_payment_imports.id).toBe(
      valid.id,
    );
    expect((await other.api.get(`/outbound_payment_imports/${valid.id}`)).status).toBe(404);
    expect((await merchant.api.get('/outbound_payment_imports/OPI00000000000000000000000000')).status).toBe(404);
    const listed = await merchant.api.get('/outbound_payment_imports?status=invalid');
    expect(listed.status).toBe(200);
    expect(listed.body.outbound_payment_imports.every((i: { status: string }) => i.status === 'invalid')).toBe(true);
    expect((await other.api.get('/outbound_payment_imports')).body.outbound_payment_imports).toEqual([]);
    expect((await merchant.api.get('/outbound_payment_imports?status=lost')).status).toBe(422);
  });

  it('lists entries only with the import filter, and not another organisation’s', async () => {
    const imp = (await merchant.api.post('/outbound_payment_imports', body([item()]))).body.outbound_payment_imports;
    expect((await merchant.api.get('/outbound_payment_import_entries')).status).toBe(422);
    expect((await other.api.get(`/outbound_payment_import_entries?outbound_payment_import=${imp.id}`)).status).toBe(
      404,
    );
    const page = await merchant.api.get(`/outbound_payment_import_entries?outbound_payment_import=${imp.id}&limit=1`);
    expect(page.body.meta.limit).toBe(1);
  });
});

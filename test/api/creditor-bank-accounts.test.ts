import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

/** Issue #13: where a creditor's payouts go, one default account per currency. */
let server: TestServer;
let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  server = await startTestServer();
  m = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const GBP = { account_holder_name: 'Acme Ltd', branch_code: '200000', account_number: '55779911', country_code: 'GB' };
const EUR = { account_holder_name: 'Acme SARL', iban: 'FR1420041010050500013M02606' };
const body = (creditor: string, details: Record<string, unknown> = GBP, extra: Record<string, unknown> = {}) => ({
  creditor_bank_accounts: { ...details, ...extra, links: { creditor } },
});
const key = (k: string) => ({ headers: { 'idempotency-key': k } });

async function count(creditorId: string): Promise<number> {
  const { rows } = await server.services.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM creditor_bank_accounts WHERE creditor_id = $1',
    [creditorId],
  );
  return rows[0]!.n;
}

async function events(merchant: Merchant, action: string) {
  const res = await merchant.api.get(`/events?resource_type=creditors&action=${action}`);
  return res.body.events as { details: Record<string, unknown>; links: Record<string, string> }[];
}

describe('POST /creditor_bank_accounts', () => {
  it('creates a masked account, the default for its currency when asked, with a new payout currency event', async () => {
    const res = await m.api.post(
      '/creditor_bank_accounts',
      body(m.creditorId, GBP, { set_as_default_payout_account: true }),
    );
    expect(res.status).toBe(201);
    const account = res.body.creditor_bank_accounts;
    expect(account).toMatchObject({
      account_holder_name: 'Acme Ltd',
      account_number_ending: '11',
      country_code: 'GB',
      currency: 'GBP',
      enabled: true,
      verification_status: 'successful',
      links: { creditor: m.creditorId },
    });
    expect(account.id).toMatch(/^BA[0-9A-Z]{26}$/);
    expect(res.text).not.toContain('55779911');
    expect(res.headers.location).toBe(`${server.config.publicUrl}/creditor_bank_accounts/${account.id}`);
    const added = await events(m, 'new_payout_currency_added');
    expect(added.map((e) => e.details.currency)).toEqual(['GBP']);
    expect(added[0]!.links.creditor).toBe(m.creditorId);

    // A second currency is a second new payout currency; the default moves to the newest default.
    const eur = await m.api.post(
      '/creditor_bank_accounts',
      body(m.creditorId, EUR, { set_as_default_payout_account: true }),
    );
    expect(eur.status).toBe(201);
    expect(eur.body.creditor_bank_accounts).toMatchObject({ currency: 'EUR', country_code: 'FR' });
    expect((await events(m, 'new_payout_currency_added')).map((e) => e.details.currency).sort()).toEqual([
      'EUR',
      'GBP',
    ]);
    // The creditor links its default payout account of each currency.
    const creditor = (await m.api.get(`/creditors/${m.creditorId}`)).body.creditors;
    expect(creditor.links).toEqual({
      default_gbp_payout_account: account.id,
      default_eur_payout_account: eur.body.creditor_bank_accounts.id,
    });
    expect((await m.api.get('/creditors')).body.creditors[0].links.default_gbp_payout_account).toBe(account.id);
    // A newer default for the currency takes over; disabling it leaves the currency without one.
    const gbp2 = await m.api.post(
      '/creditor_bank_accounts',
      body(
        m.creditorId,
        { ...GBP, branch_code: '089999', account_number: '66374958' },
        { set_as_default_payout_account: true },
      ),
    );
    const gbp2Id = gbp2.body.creditor_bank_accounts.id;
    expect((await m.api.get(`/creditors/${m.creditorId}`)).body.creditors.links.default_gbp_payout_account).toBe(
      gbp2Id,
    );
    await m.api.post(`/creditor_bank_accounts/${gbp2Id}/actions/disable`, { data: {} });
    expect((await m.api.get(`/creditors/${m.creditorId}`)).body.creditors.links).toEqual({
      default_eur_payout_account: eur.body.creditor_bank_accounts.id,
    });
  });

  it('refuses the same details twice with bank_account_exists naming the first', async () => {
    const res = await m.api.post('/creditor_bank_accounts', body(m.creditorId));
    expect(res.status).toBe(409);
    expect(res.body.error.errors[0].reason).toBe('bank_account_exists');
    expect(await count(m.creditorId)).toBe(3);
  });

  it.each([
    ['no holder', { ...GBP, account_holder_name: undefined }, 'account_holder_name'],
    ['a bad sort code', { ...GBP, branch_code: '12' }, 'branch_code'],
    ['a bad IBAN', { account_holder_name: 'X', iban: 'FR1420041010050500013M02607' }, 'iban'],
    ['a currency of another country', { ...GBP, currency: 'EUR' }, 'currency'],
  ])('refuses %s with 422 validation_failed and writes nothing', async (_name, details, field) => {
    const before = await count(other.creditorId);
    const res = await other.api.post('/creditor_bank_accounts', body(other.creditorId, details));
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await count(other.creditorId)).toBe(before);
  });

  it.each([
    ['missing links', { creditor_bank_accounts: GBP }],
    ['a wrong type', { creditor_bank_accounts: { ...GBP, account_number: 55779911, links: { creditor: 'CR1' } } }],
    [
      'an oversized holder',
      { creditor_bank_accounts: { ...GBP, account_holder_name: 'x'.repeat(141), links: { creditor: 'CR1' } } },
    ],
    ['an unknown field', { creditor_bank_accounts: { ...GBP, sort_code: '1', links: { creditor: 'CR1' } } }],
    [
      'a non-boolean default',
      { creditor_bank_accounts: { ...GBP, set_as_default_payout_account: 'yes', links: { creditor: 'CR1' } } },
    ],
  ])('refuses %s with a 4xx and writes nothing', async (_name, payload) => {
    const before = await count(other.creditorId);
    const res = await other.api.post('/creditor_bank_accounts', payload);
    expect([400, 422]).toContain(res.status);
    expect(await count(other.creditorId)).toBe(before);
  });

  it('keeps hostile strings as data', async () => {
    const hostile = `Robert'); DROP TABLE creditor_bank_accounts;-- <script>`;
    const res = await other.api.post(
      '/creditor_bank_accounts',
      body(other.creditorId, {
        ...GBP,
        account_holder_name: hostile,
        branch_code: '089999',
        account_number: '66374958',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.creditor_bank_accounts.account_holder_name).toBe(hostile);
  });

  it("answers link_not_found (404) for another organisation's creditor, and writes nothing", async () => {
    const res = await other.api.post(
      '/creditor_bank_accounts',
      body(m.creditorId, { ...GBP, account_number: '66374958', branch_code: '089999' }),
    );
    expect(res.status).toBe(404);
    expect(res.body.error.errors[0].reason).toBe('link_not_found');
    expect(await count(m.creditorId)).toBe(3);
  });

  it('is refused to a read_only token (403) and writes nothing', async () => {
    const res = await other.readOnly.post('/creditor_bank_accounts', body(other.creditorId, EUR));
    expect(res.status).toBe(403);
    expect((await other.api.get('/creditor_bank_accounts?enabled=true')).body.creditor_bank_accounts).toHaveLength(1);
    expect(await count(other.creditorId)).toBe(1);
  });

  it('creates once per Idempotency-Key: the second answers 409 naming the first', async () => {
    const first = await other.api.post('/creditor_bank_accounts', body(other.creditorId, EUR), key('cba-1'));
    expect(first.status).toBe(201);
    const again = await other.api.post(
      '/creditor_bank_accounts',
      body(other.creditorId, { ...EUR, iban: 'DE89370400440532013000' }),
      key('cba-1'),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: first.body.creditor_bank_accounts.id },
    });
  });
});

describe('GET /creditor_bank_accounts', () => {
  it('lists the organisation’s accounts, filtered by creditor and enabled', async () => {
    const all = await m.api.get(`/creditor_bank_accounts?creditor=${m.creditorId}`);
    expect(all.status).toBe(200);
    expect(all.body.creditor_bank_accounts.map((a: { currency: string }) => a.currency)).toEqual(['GBP', 'EUR', 'GBP']);
    expect((await m.api.get('/creditor_bank_accounts?enabled=false')).body.creditor_bank_accounts).toHaveLength(1);
    // Another organisation's creditor filters to nothing of theirs.
    expect(
      (await other.api.get(`/creditor_bank_accounts?creditor=${m.creditorId}`)).body.creditor_bank_accounts,
    ).toEqual([]);
    expect((await m.readOnly.get('/creditor_bank_accounts')).status).toBe(200);
  });

  it('refuses a bad filter with 422/400', async () => {
    const res = await m.api.get('/creditor_bank_accounts?enabled=maybe');
    expect([400, 422]).toContain(res.status);
    expect((await m.api.get('/creditor_bank_accounts?limit=501')).status).toBeGreaterThanOrEqual(400);
  });

  it('gets one, and answers 404 for an unknown id or another organisation’s', async () => {
    const [first] = (await m.api.get('/creditor_bank_accounts')).body.creditor_bank_accounts;
    expect((await m.api.get(`/creditor_bank_accounts/${first.id}`)).body.creditor_bank_accounts).toEqual(first);
    const unknown = await m.api.get('/creditor_bank_accounts/BA00000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.errors[0].reason).toBe('resource_not_found');
    expect((await other.api.get(`/creditor_bank_accounts/${first.id}`)).status).toBe(404);
  });
});

describe('POST /creditor_bank_accounts/:id/actions/disable', () => {
  it('disables once (a second disable is disable_failed); other organisations and read_only cannot', async () => {
    const created = await m.api.post(
      '/creditor_bank_accounts',
      body(m.creditorId, { ...EUR, iban: 'DE89370400440532013000' }),
    );
    const id = created.body.creditor_bank_accounts.id;
    expect((await other.api.post(`/creditor_bank_accounts/${id}/actions/disable`, { data: {} })).status).toBe(404);
    expect((await m.readOnly.post(`/creditor_bank_accounts/${id}/actions/disable`, { data: {} })).status).toBe(403);
    const res = await m.api.post(`/creditor_bank_accounts/${id}/actions/disable`, { data: {} });
    expect(res.status).toBe(200);
    expect(res.body.creditor_bank_accounts.enabled).toBe(false);
    const again = await m.api.post(`/creditor_bank_accounts/${id}/actions/disable`, { data: {} });
    expect(again.status).toBe(422);
    expect(again.body.error.errors[0].reason).toBe('disable_failed');
    const disabled = await m.api.get('/creditor_bank_accounts?enabled=false');
    expect(disabled.body.creditor_bank_accounts.map((a: { id: string }) => a.id)[0]).toBe(id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gbBankAccount } from '../support/bank-data';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let merchant: Merchant;
let other: Merchant;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const PATH = '/bank_account_holder_verifications';
const verification = (bankAccount: string, extra: Record<string, unknown> = {}) => ({
  bank_account_holder_verifications: { type: 'confirmation_of_payee', links: { bank_account: bankAccount }, ...extra },
});
const count = async () =>
  Number(
    (await server.services.db.query<{ n: string }>('SELECT count(*) AS n FROM bank_account_holder_verifications'))
      .rows[0]!.n,
  );

describe('POST /bank_account_holder_verifications', () => {
  it.each([
    ['Jane Doe', 'full_match', null],
    ['Partial Jane Doe', 'partial_match', 'JANE DOE'],
    ['PARTIAL', 'partial_match', 'A N OTHER'],
    ['Nomatch Jane', 'no_match', null],
    ['unable jane', 'unable_to_match', null],
  ])('answers %s with %s in the sandbox, completed', async (holder, result, actualName) => {
    const account = await gbBankAccount(merchant, holder);
    const res = await merchant.api.post(PATH, verification(account, { reference: 'REF 1' }));
    expect(res.status).toBe(201);
    const found = res.body.bank_account_holder_verifications;
    expect(found).toEqual({
      id: expect.stringMatching(/^BAHV[0-9A-Z]{26}$/),
      type: 'confirmation_of_payee',
      status: 'completed',
      result,
      actual_account_name: actualName,
      reference: 'REF 1',
    });
    expect(res.headers.location).toBe(`${server.config.publicUrl}${PATH}/${found.id}`);
    const again = await merchant.api.get(`${PATH}/${found.id}`);
    expect(again.status).toBe(200);
    expect(again.body.bank_account_holder_verifications).toEqual(found);
  });

  it("refuses an unknown bank account or another organisation's, writing nothing", async () => {
    const theirs = await gbBankAccount(other);
    const before = await count();
    for (const id of ['BA00000000000000000000000000', theirs]) {
      const res = await merchant.api.post(PATH, verification(id));
      expect(res.status).toBe(404);
      expect(res.body.error.errors[0].reason).toBe('link_not_found');
    }
    expect(await count()).toBe(before);
  });

  it('refuses missing, wrong-typed, oversized and hostile fields, writing nothing', async () => {
    const account = await gbBankAccount(merchant);
    const before = await count();
    const missing = await merchant.api.post(PATH, { bank_account_holder_verifications: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual(['links', 'type']);
    for (const body of [
      verification(account, { type: 'card_check' }),
      verification(account, { reference: 'R'.repeat(36) }),
      verification(account, { reference: "'; DROP TABLE customers; --" }),
      verification('B'.repeat(65)),
    ]) {
      const res = await merchant.api.post(PATH, body);
      expect(res.status).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
    }
    for (const body of [verification(account, { reference: 12 }), verification(account, { extra: 'x' })]) {
      const res = await merchant.api.post(PATH, body);
      expect(res.status).toBe(400);
      expect(res.body.error.errors[0].reason).toBe('invalid_type');
    }
    expect(await count()).toBe(before);
  });

  it('is refused to a read_only token', async () => {
    const account = await gbBankAccount(merchant);
    const before = await count();
    const res = await merchant.readOnly.post(PATH, verification(account));
    expect(res.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('creates once per Idempotency-Key', async () => {
    const account = await gbBankAccount(merchant);
    const headers = { 'Idempotency-Key': `bahv-${account}` };
    const first = await merchant.api.post(PATH, verification(account), { headers });
    expect(first.status).toBe(201);
    const before = await count();
    const again = await merchant.api.post(PATH, verification(account), { headers });
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: first.body.bank_account_holder_verifications.id },
    });
    expect(await count()).toBe(before);
  });
});

describe('GET /bank_account_holder_verifications/:id', () => {
  it("answers 404 for an unknown id and another organisation's", async () => {
    const theirs = await other.api.post(PATH, verification(await gbBankAccount(other)));
    for (const id of ['BAHV00000000000000000000000000', theirs.body.bank_account_holder_verifications.id]) {
      const res = await merchant.api.get(`${PATH}/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.errors[0].reason).toBe('resource_not_found');
    }
    const readOnly = await other.readOnly.get(`${PATH}/${theirs.body.bank_account_holder_verifications.id}`);
    expect(readOnly.status).toBe(200);
  });
});

describe('bank account holder verifications in live', () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  });
  afterAll(() => live?.close());

  it('answers unable_to_match while no provider is configured, whatever the name', async () => {
    const liveMerchant = await live.merchant();
    await live.services.access.setApprovals(live.services.db, liveMerchant.organisationId, {
      payment_pages_approved: true,
      white_label_partner: false,
      custom_payment_pages: false,
    });
    const account = await gbBankAccount(liveMerchant, 'Partial Jane Doe');
    const res = await liveMerchant.api.post(PATH, verification(account));
    expect(res.status).toBe(201);
    expect(res.body.bank_account_holder_verifications).toMatchObject({
      status: 'completed',
      result: 'unable_to_match',
      actual_account_name: null,
    });
  });
});

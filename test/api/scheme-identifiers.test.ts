import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, approveForLive } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, post, SANDBOX_ACCOUNTS } from '../support/journeys';

/**
 * Scheme identifiers (issue 22): asked for through the API, `pending` until the sandbox's scheme
 * clock activates them (event `activated`), shown on the creditor; in live a scheme without an
 * active one takes no mandate (decision 0036).
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  scheme_identifiers: { name: 'Acme Ltd', scheme: 'bacs', ...overrides },
});
const reasonOf = (res: { body: any }) => res.body?.error?.errors?.[0]?.reason;
const countOf = async (merchant: Merchant) =>
  (await merchant.api.get('/scheme_identifiers?limit=500')).body.scheme_identifiers.length;

describe('POST /scheme_identifiers', () => {
  it('creates a pending identifier for the only creditor; the scheme clock activates it with an `activated` event', async () => {
    const res = await m.api.post('/scheme_identifiers', body());
    expect(res.status, res.text).toBe(201);
    const created = res.body.scheme_identifiers;
    expect(created.id).toMatch(/^SU[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/scheme_identifiers/${created.id}`);
    expect(created).toMatchObject({ scheme: 'bacs', status: 'pending', name: 'Acme Ltd', currency: 'GBP' });
    expect(created.reference).toMatch(/^\d{6}$/);
    expect(created.minimum_advance_notice).toBe(3);

    await server.schemeClock.runDue();
    const got = (await m.api.get(`/scheme_identifiers/${created.id}`)).body.scheme_identifiers;
    expect(got).toMatchObject({ id: created.id, status: 'active', reference: created.reference });
    const events = (await m.api.get(`/events?resource_type=scheme_identifiers`)).body.events;
    expect(events.map((e: any) => [e.action, e.links.scheme_identifier])).toEqual([['activated', created.id]]);
    const linked = (await m.api.get(`/events?resource_type=scheme_identifiers&include=scheme_identifier`)).body;
    expect(linked.linked.scheme_identifiers.map((s: { id: string }) => s.id)).toEqual([created.id]);

    const creditor = (await m.api.get(`/creditors/${m.creditorId}`)).body.creditors;
    expect(creditor.scheme_identifiers.map((s: any) => [s.id, s.status])).toEqual([[created.id, 'active']]);
  });

  it('answers a repeated Idempotency-Key with 409 naming the first identifier, and writes one', async () => {
    const merchant = await server.merchant();
    const headers = { 'idempotency-key': 'scheme-identifier-once' };
    const first = await merchant.api.post('/scheme_identifiers', body({ scheme: 'sepa' }), { headers });
    expect(first.status).toBe(201);
    const again = await merchant.api.post('/scheme_identifiers', body({ scheme: 'sepa' }), { headers });
    expect(again.status).toBe(409);
    expect(reasonOf(again)).toBe('idempotent_creation_conflict');
    expect(again.body.error.errors[0].links.conflicting_resource_id).toBe(first.body.scheme_identifiers.id);
    expect(await countOf(merchant)).toBe(1);
  });

  it.each<Record<string, unknown>>([
    {},
    { name: 'X' },
    { scheme: 'bacs' },
    { name: 'X', scheme: 'sepa_core' },
    { name: 'X', scheme: 'bacs', unknown: 1 },
    { name: 42, scheme: 'bacs' },
    { name: '   ', scheme: 'bacs' },
    { name: 'A\u0000B', scheme: 'bacs' },
    { name: 'A\ud800', scheme: 'bacs' },
    { name: 'x'.repeat(100_000), scheme: 'bacs' },
    { name: 'X', scheme: 'bacs', links: { creditor: 42 } },
  ])('refuses %j with a 4xx and writes nothing', async (payload) => {
    const merchant = await server.merchant();
    const res = await merchant.api.post('/scheme_identifiers', { scheme_identifiers: payload });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await countOf(merchant)).toBe(0);
  });

  it('refuses another organisation’s creditor as links.creditor (link_not_found) and writes nothing', async () => {
    const res = await other.api.post('/scheme_identifiers', body({ links: { creditor: m.creditorId } }));
    expect(res.status).toBe(404);
    expect(reasonOf(res)).toBe('link_not_found');
    expect(await countOf(other)).toBe(0);
  });

  it('refuses a read-only token (403) and writes nothing', async () => {
    const merchant = await server.merchant();
    const res = await merchant.readOnly.post('/scheme_identifiers', body());
    expect(res.status).toBe(403);
    expect(reasonOf(res)).toBe('insufficient_permissions');
    expect(await countOf(merchant)).toBe(0);
  });
});

describe('GET /scheme_identifiers', () => {
  it('pages newest first by cursor, filters by creditor, and hides another organisation’s', async () => {
    const merchant = await server.merchant();
    const ids: string[] = [];
    for (const scheme of ['bacs', 'sepa', 'ach']) {
      ids.push((await post(merchant.api, '/scheme_identifiers', body({ scheme }), 201)).scheme_identifiers.id);
    }
    const first = (await merchant.api.get('/scheme_identifiers?limit=2')).body;
    expect(first.scheme_identifiers.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const rest = (await merchant.api.get(`/scheme_identifiers?limit=2&after=${first.meta.cursors.after}`)).body;
    expect(rest.scheme_identifiers.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    expect(rest.meta.cursors.after).toBeNull();
    const byCreditor = (await merchant.api.get(`/scheme_identifiers?creditor=${merchant.creditorId}`)).body;
    expect(byCreditor.scheme_identifiers).toHaveLength(3);

    expect((await other.api.get(`/scheme_identifiers/${ids[0]}`)).status).toBe(404);
    expect(reasonOf(await other.api.get(`/scheme_identifiers/${ids[0]}`))).toBe('resource_not_found');
    expect((await other.api.get(`/scheme_identifiers?creditor=${merchant.creditorId}`)).status).toBe(404);
    expect((await other.api.get('/scheme_identifiers')).body.scheme_identifiers).toEqual([]);
    expect((await merchant.api.get('/scheme_identifiers?limit=0')).status).toBe(422);
  });
});

describe('live: a scheme without an active identifier takes no mandate', () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  });
  afterAll(() => live?.close());

  it('refuses a SEPA mandate until the creditor’s SEPA identifier is active, then takes it', async () => {
    const lm = await live.merchant();
    await approveForLive(live, lm);
    // The factory made the debit schemes' identifiers active; this creditor has none for SEPA yet.
    const creditor = await live.services.db.transaction(async (tx) =>
      live.services.access.createCreditor(tx, lm.organisationId, { name: 'Second Ltd' }),
    );
    const customer = (await post(lm.api, '/customers', { customers: CUSTOMER_DETAILS.EUR.customer }, 201)).customers;
    const account = (
      await post(
        lm.api,
        '/customer_bank_accounts',
        { customer_bank_accounts: { ...SANDBOX_ACCOUNTS.EUR, links: { customer: customer.id } } },
        201,
      )
    ).customer_bank_accounts;
    const mandate = { mandates: { links: { customer_bank_account: account.id, creditor: creditor.id } } };
    const refused = await lm.api.post('/mandates', mandate);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error.type).toBe('invalid_state');
    expect(reasonOf(refused)).toBe('scheme_identifier_not_active');
    expect(refused.body.error.errors[0].metadata).toEqual({ scheme: 'sepa' });
    expect((await lm.api.get('/mandates')).body.mandates).toHaveLength(0);

    const asked = (
      await post(lm.api, '/scheme_identifiers', body({ scheme: 'sepa', links: { creditor: creditor.id } }), 201)
    ).scheme_identifiers;
    // Live identifiers wait for the operator: the scheme clock does not activate them.
    await live.schemeClock.runDue();
    expect((await lm.api.get(`/scheme_identifiers/${asked.id}`)).body.scheme_identifiers.status).toBe('pending');
    expect((await lm.api.post('/mandates', mandate)).status).toBe(422);
    await live.services.db.transaction((tx) => live.services.schemeIdentifiers.activate(tx, asked.id));
    const taken = await lm.api.post('/mandates', mandate);
    expect(taken.status, taken.text).toBe(201);
  });
});

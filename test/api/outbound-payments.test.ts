import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { countRows } from '../support/money';
import { confirmedFunds, createOutbound, fund, key, outbound, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/** Issue #22: outbound payments through the API; every refusal writes nothing. */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let jane: string;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true });
  other = await server.merchant(undefined, { withoutFees: true });
  await fund(m, 50_000);
  jane = await recipient(m);
});
afterAll(() => server?.close());

async function snapshot() {
  return {
    funds: await confirmedFunds(server, m.creditorId),
    entries: await countRows(server, 'ledger_entries', m.creditorId),
    events: await countRows(server, 'events', m.creditorId),
    payments: (await m.api.get('/outbound_payments?limit=500')).body.outbound_payments.length,
  };
}

async function refused(body: unknown, status: number, type: string, reason?: string) {
  const before = await snapshot();
  const res = await m.api.post('/outbound_payments', body, key());
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.type).toBe(type);
  const items = res.body.error.errors as { reason?: string; field?: string }[];
  if (reason) expect(items.map((e) => e.reason)).toContain(reason);
  else expect(items.every((e) => e.field)).toBe(true);
  expect(await snapshot()).toEqual(before);
  return res;
}

describe('POST /outbound_payments', () => {
  it('sends money to a verified recipient: 201, Location, scheduled for today, the amount out of the balance', async () => {
    const before = await confirmedFunds(server, m.creditorId);
    const res = await m.api.post(
      '/outbound_payments',
      outbound(jane, 1200, { reference: 'INV-1', description: 'Rebate', metadata: { order: 'A1' } }),
      key(),
    );
    expect(res.status, res.text).toBe(201);
    const p = res.body.outbound_payments;
    expect(p.id).toMatch(/^OUT[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/outbound_payments/${p.id}`);
    expect(p).toMatchObject({
      amount: 1200,
      currency: 'GBP',
      scheme: 'faster_payments',
      status: 'scheduled',
      execution_date: '2026-03-02',
      is_withdrawal: false,
      reference: 'INV-1',
      description: 'Rebate',
      metadata: { order: 'A1' },
      verifications: {
        recipient_bank_account_holder_verification: {
          type: 'confirmation_of_payee',
          result: 'full_match',
          actual_account_name: null,
        },
      },
      links: { creditor: m.creditorId, recipient_bank_account: jane },
    });
    expect(p.links.customer).toMatch(/^CU/);
    expect(await confirmedFunds(server, m.creditorId)).toBe(before - 1200);
    const events = (await m.api.get(`/events?outbound_payment=${p.id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['created']);
    expect(events[0]).toMatchObject({ resource_type: 'outbound_payments', links: { outbound_payment: p.id } });
  });

  it('answers a partial name match with the name the bank holds, and fails a payment whose name does not match', async () => {
    const partial = await createOutbound(m, await recipient(m, 'Partial Jane Q Doe'), 100);
    expect(partial.status).toBe('scheduled');
    expect(partial.verifications).toEqual({
      recipient_bank_account_holder_verification: {
        type: 'confirmation_of_payee',
        result: 'partial_match',
        actual_account_name: 'JANE Q DOE',
      },
    });
    const before = await confirmedFunds(server, m.creditorId);
    const nomatch = await createOutbound(m, await recipient(m, 'Nomatch Someone'), 300);
    expect(nomatch.status).toBe('failed');
    expect(await confirmedFunds(server, m.creditorId)).toBe(before);
    const events = (await m.api.get(`/events?outbound_payment=${nomatch.id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action).sort()).toEqual(['created', 'failed']);
  });

  it('is idempotent: the same key answers 409 naming the first payment, and the balance moved once', async () => {
    const before = await confirmedFunds(server, m.creditorId);
    const headers = { headers: { 'idempotency-key': 'same-outbound' } };
    const first = await m.api.post('/outbound_payments', outbound(jane, 700), headers);
    expect(first.status).toBe(201);
    const again = await m.api.post('/outbound_payments', outbound(jane, 700), headers);
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('invalid_state');
    expect(again.body.error.errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: first.body.outbound_payments.id },
    });
    expect(await confirmedFunds(server, m.creditorId)).toBe(before - 700);
  });

  it('refuses more than the balance and the negative balance limit allow, then allows the limit', async () => {
    const funds = await confirmedFunds(server, m.creditorId);
    const res = await refused(outbound(jane, funds + 1), 422, 'validation_failed', 'insufficient_balance');
    expect(res.body.error.errors[0].metadata).toEqual({ available_amount: funds });
    await server.services.db.transaction((tx) =>
      server.services.negativeBalanceLimits.set(tx, m.creditorId, 'GBP', 500),
    );
    expect((await createOutbound(m, jane, funds + 500)).status).toBe('scheduled');
    expect(await confirmedFunds(server, m.creditorId)).toBe(-500);
    await refused(outbound(jane, 1), 422, 'validation_failed', 'insufficient_balance');
    await fund(m, 50_000);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    await refused(outbound(jane, 0), 422, 'validation_failed');
    await refused(outbound(jane, 1.5), 400, 'invalid_api_usage', 'invalid_type');
    await refused(outbound(jane, 100_000_001), 422, 'validation_failed');
    await refused(outbound(jane, 2 ** 60), 422, 'validation_failed');
    await refused(outbound(jane, 100, { scheme: 'bacs' }), 422, 'validation_failed');
    await refused({ outbound_payments: { amount: 100, scheme: 'faster_payments' } }, 422, 'validation_failed');
    await refused(outbound(jane, 100, { reference: 'X'.repeat(19) }), 422, 'validation_failed');
    await refused(outbound(jane, 100, { reference: 'BAD*REF' }), 422, 'validation_failed');
    await refused(outbound(jane, 100, { execution_date: '2026-03-01' }), 422, 'validation_failed');
    await refused(outbound(jane, 100, { execution_date: '2028-03-01' }), 422, 'validation_failed');
    await refused(outbound(jane, 100, { execution_date: 'tomorrow' }), 422, 'validation_failed');
    await refused(outbound(jane, 100, { description: 'a\u0000b' }), 400, 'invalid_api_usage', 'invalid_type');
    await refused(outbound(jane, 100, { description: 'a\ud800b' }), 400, 'invalid_api_usage', 'invalid_type');
    await refused(outbound(jane, 100, { surprise: true }), 400, 'invalid_api_usage', 'invalid_type');
    await refused(outbound(await recipient(m, 'Jean Dupont', 'EUR'), 100), 422, 'validation_failed');
    await refused(outbound('BA00000000000000000000000000', 100), 404, 'invalid_api_usage', 'link_not_found');
    // Another organisation's recipient is not found, as its own GET would be.
    await refused(outbound(await recipient(other), 100), 404, 'invalid_api_usage', 'link_not_found');
    const creditor = outbound(jane, 100, { links: { recipient_bank_account: jane, creditor: other.creditorId } });
    await refused(creditor, 404, 'invalid_api_usage', 'link_not_found');
  });

  it('refuses a read-only token', async () => {
    const before = await snapshot();
    const res = await m.readOnly.post('/outbound_payments', outbound(jane, 100), key());
    expect(res.status).toBe(403);
    expect(res.body.error.errors[0].reason).toBe('insufficient_permissions');
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET, PUT and stats', () => {
  it("reads, lists by status and creation time with cursors, updates metadata; another organisation's id is 404", async () => {
    const a = await createOutbound(m, jane, 101);
    clock.advance(60_000);
    const b = await createOutbound(m, jane, 102, { metadata: { k: 'v' } });
    expect((await m.api.get(`/outbound_payments/${a.id}`)).body.outbound_payments).toMatchObject({
      id: a.id,
      amount: 101,
    });
    expect((await other.api.get(`/outbound_payments/${a.id}`)).status).toBe(404);
    expect((await other.api.get(`/outbound_payments/${a.id}`)).body.error.errors[0].reason).toBe('resource_not_found');

    const from = encodeURIComponent(new Date(clock.now().getTime() - 1000).toISOString());
    const recent = (await m.api.get(`/outbound_payments?created_from=${from}`)).body.outbound_payments;
    expect(recent.map((p: { id: string }) => p.id)).toEqual([b.id]);
    const to = encodeURIComponent(new Date(clock.now().getTime() - 1000).toISOString());
    const older = (await m.api.get(`/outbound_payments?created_to=${to}&limit=500`)).body.outbound_payments;
    expect(older.map((p: { id: string }) => p.id)).toContain(a.id);
    expect(older.map((p: { id: string }) => p.id)).not.toContain(b.id);
    const failed = (await m.api.get('/outbound_payments?status=failed')).body.outbound_payments;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((p: { status: string }) => p.status === 'failed')).toBe(true);
    expect((await m.api.get('/outbound_payments?status=nope')).status).toBe(422);
    expect((await m.api.get('/outbound_payments?created_from=yesterday')).status).toBe(422);

    const page1 = (await m.api.get('/outbound_payments?limit=1')).body;
    expect(page1.outbound_payments.map((p: { id: string }) => p.id)).toEqual([b.id]);
    const page2 = (await m.api.get(`/outbound_payments?limit=1&after=${page1.meta.cursors.after}`)).body;
    expect(page2.outbound_payments.map((p: { id: string }) => p.id)).toEqual([a.id]);
    expect((await other.api.get('/outbound_payments')).body.outbound_payments).toEqual([]);

    const put = await m.api.put(`/outbound_payments/${b.id}`, { outbound_payments: { metadata: { k: 'w' } } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.outbound_payments.metadata).toEqual({ k: 'w' });
    expect((await other.api.put(`/outbound_payments/${b.id}`, { outbound_payments: { metadata: {} } })).status).toBe(
      404,
    );
    const ro = await m.readOnly.put(`/outbound_payments/${b.id}`, { outbound_payments: { metadata: { k: 'x' } } });
    expect(ro.status).toBe(403);
    expect((await m.api.get(`/outbound_payments/${b.id}`)).body.outbound_payments.metadata).toEqual({ k: 'w' });
  });

  it("stats: flat as the real API's, count and amount of the payments on their way out, the organisation's own only", async () => {
    const all = (await m.api.get('/outbound_payments?limit=500')).body.outbound_payments as {
      status: string;
      amount: number;
    }[];
    const stats = (await m.api.get('/outbound_payments/stats')).body.outbound_payments;
    const expected: Record<string, number> = {};
    for (const status of ['executing', 'pending_approval', 'scheduled']) {
      const mine = all.filter((p) => p.status === status);
      expected[`${status}_amount`] = mine.reduce((s, p) => s + p.amount, 0);
      expected[`${status}_count`] = mine.length;
    }
    expect(stats).toEqual(expected);
    expect((await other.api.get('/outbound_payments/stats')).body.outbound_payments).toMatchObject({
      scheduled_count: 0,
      scheduled_amount: 0,
    });
  });
});

describe('/openapi.json', () => {
  it('documents every outbound payment and payment account transaction operation with its answer', async () => {
    const doc = (await server.anonymous.get('/openapi.json')).body;
    const operations: [string, string, string][] = [
      ['/outbound_payments', 'post', '201'],
      ['/outbound_payments', 'get', '200'],
      ['/outbound_payments/withdrawal', 'post', '200'],
      ['/outbound_payments/stats', 'get', '200'],
      ['/outbound_payments/{id}', 'get', '200'],
      ['/outbound_payments/{id}', 'put', '200'],
      ['/outbound_payments/{id}/actions/cancel', 'post', '200'],
      ['/outbound_payments/{id}/actions/approve', 'post', '200'],
      ['/payment_account_transactions/{id}', 'get', '200'],
      ['/payment_accounts/{id}/transactions', 'get', '200'],
    ];
    for (const [path, method, status] of operations) {
      const responses = doc.paths[path]?.[method]?.responses;
      expect(responses?.[status]?.content?.['application/json']?.schema, `${method} ${path}`).toBeDefined();
    }
  });
});

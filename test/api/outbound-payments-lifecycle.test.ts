import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { ledgerBalances } from '../support/money';
import {
  confirmedFunds,
  createOutbound,
  fund,
  key,
  recipient,
  requireApproval,
  secondApprover,
} from '../support/outbound';
import { startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/** Issue #22: outbound payments' moves — the scheme clock, cancel, approval, withdrawal — and their events. */
let server: TestServer;
let receiver: Receiver;
let m: Merchant;
let other: Merchant;
let jane: string;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: receiver.sender(), timeoutMs: 1000 },
  });
  m = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
  other = await server.merchant(undefined, { withoutFees: true });
  await server.services.webhookEndpoints.create(server.services.db, m.organisationId, receiver.url);
  await fund(m, 100_000);
  jane = await recipient(m);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const get = async (id: string) => (await m.api.get(`/outbound_payments/${id}`)).body.outbound_payments;
const actions = async (id: string) =>
  (await m.api.get(`/events?outbound_payment=${id}`)).body.events.map((e: { action: string }) => e.action).reverse();
const action = (id: string, name: string, client = m.api, body: unknown = { data: {} }) =>
  client.post(`/outbound_payments/${id}/actions/${name}`, body, key(name));

/** The ledger's accounts outbound payments move through. */
async function outboundAccounts(creditorId: string) {
  const { rows } = await server.services.db.query<{ account: string; amount: number }>(
    `SELECT account, sum(amount)::bigint AS amount FROM ledger_entries WHERE creditor_id = $1 AND account IN ('outbound_in_flight', 'recipients') GROUP BY account`,
    [creditorId],
  );
  const of = (a: string) => Number(rows.find((r) => r.account === a)?.amount ?? 0);
  return { inFlight: of('outbound_in_flight'), recipients: of('recipients') };
}

describe('the scheme clock', () => {
  it('executes a payment due today within one run: executing, then executed, with events and webhooks', async () => {
    const before = await outboundAccounts(m.creditorId);
    const p = await createOutbound(m, jane, 2500);
    expect((await outboundAccounts(m.creditorId)).inFlight).toBe(before.inFlight + 2500);
    await server.schemeClock.runDue();
    expect((await get(p.id)).status).toBe('executed');
    expect(await actions(p.id)).toEqual(['created', 'set_to_executing', 'executed']);
    const after = await outboundAccounts(m.creditorId);
    expect(after).toEqual({ inFlight: before.inFlight, recipients: before.recipients + 2500 });
    expect((await ledgerBalances(server, m.creditorId)).total).toBe(0);

    await server.webhookWorker.runDue();
    const delivered = receiver.received.flatMap(
      (r) => r.body.events as unknown as { action: string; links: Record<string, string> }[],
    );
    const mine = delivered.filter((e) => e.links.outbound_payment === p.id).map((e) => e.action);
    expect(mine.sort()).toEqual(['created', 'executed', 'set_to_executing']);

    const linked = await m.api.get('/events?resource_type=outbound_payments&include=outbound_payment');
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.linked.outbound_payments).toContainEqual(await get(p.id));

    const cancel = await action(p.id, 'cancel');
    expect(cancel.status).toBe(422);
    expect(cancel.body.error.errors[0].reason).toBe('cancellation_failed');
  });

  it("fails a payment the recipient's bank rejects, and gives its amount back", async () => {
    const funds = await confirmedFunds(server, m.creditorId);
    const p = await createOutbound(m, await recipient(m, 'Reject Me'), 900);
    expect(await confirmedFunds(server, m.creditorId)).toBe(funds - 900);
    await server.schemeClock.runDue();
    expect((await get(p.id)).status).toBe('failed');
    expect(await actions(p.id)).toEqual(['created', 'set_to_executing', 'failed']);
    expect(await confirmedFunds(server, m.creditorId)).toBe(funds);
  });

  it('keeps a future payment scheduled until its execution date, on the Faster Payments calendar', async () => {
    const p = await createOutbound(m, jane, 400, { execution_date: '2026-03-07' });
    expect(p).toMatchObject({ status: 'scheduled', execution_date: '2026-03-07' });
    await server.schemeClock.runDue();
    expect((await get(p.id)).status).toBe('scheduled');
    clock.set('2026-03-07T00:00:01.000Z');
    await server.schemeClock.runDue();
    expect((await get(p.id)).status).toBe('executed');
    clock.set('2026-03-09T10:00:00.000Z');
  });
});

describe('POST /outbound_payments/{id}/actions/cancel', () => {
  it('cancels a scheduled payment: its amount back in the balance, the clock no longer executes it', async () => {
    const funds = await confirmedFunds(server, m.creditorId);
    const p = await createOutbound(m, jane, 800, { execution_date: '2026-03-20' });
    expect((await action(p.id, 'cancel', other.api)).status).toBe(404);
    const ro = await action(p.id, 'cancel', m.readOnly);
    expect(ro.status).toBe(403);
    const res = await action(p.id, 'cancel', m.api, { data: { metadata: { why: 'typo' } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.outbound_payments).toMatchObject({ status: 'cancelled', metadata: { why: 'typo' } });
    expect(await confirmedFunds(server, m.creditorId)).toBe(funds);
    expect(await actions(p.id)).toEqual(['created', 'cancelled']);
    clock.set('2026-03-20T10:00:00.000Z');
    await server.schemeClock.runDue();
    expect((await get(p.id)).status).toBe('cancelled');
    const again = await action(p.id, 'cancel');
    expect(again.status).toBe(422);
    expect(again.body.error.errors[0].reason).toBe('cancellation_failed');
    expect(await confirmedFunds(server, m.creditorId)).toBe(funds);
  });
});

describe('approval by a second access token', () => {
  it('waits in pending_approval; the creating token cannot approve; another can, once', async () => {
    await requireApproval(server, m);
    try {
      const p = await createOutbound(m, jane, 600);
      expect(p.status).toBe('pending_approval');
      expect(await actions(p.id)).toEqual(['created', 'set_to_pending_approval']);
      await server.schemeClock.runDue();
      expect((await get(p.id)).status).toBe('pending_approval');

      const self = await action(p.id, 'approve');
      expect(self.status).toBe(422);
      expect(self.body.error.errors[0].reason).toBe('outbound_payment_approver_is_creator');
      expect((await action(p.id, 'approve', m.readOnly)).status).toBe(403);
      expect((await action(p.id, 'approve', other.api)).status).toBe(404);
      const second = await secondApprover(server, m);
      const approved = await action(p.id, 'approve', second);
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body.outbound_payments.status).toBe('scheduled');
      const twice = await action(p.id, 'approve', second);
      expect(twice.status).toBe(422);
      expect(twice.body.error.errors[0].reason).toBe('outbound_payment_not_pending_approval');
      await server.schemeClock.runDue();
      expect((await get(p.id)).status).toBe('executed');

      const funds = await confirmedFunds(server, m.creditorId);
      const waiting = await createOutbound(m, jane, 50);
      expect((await action(waiting.id, 'cancel')).body.outbound_payments.status).toBe('cancelled');
      expect(await confirmedFunds(server, m.creditorId)).toBe(funds);
      expect((await action(waiting.id, 'approve', second)).status).toBe(422);
    } finally {
      await requireApproval(server, m, false);
    }
  });
});

describe('POST /outbound_payments/withdrawal', () => {
  it("withdraws to the creditor's own verified GBP account only", async () => {
    const funds = await confirmedFunds(server, m.creditorId);
    const res = await m.api.post(
      '/outbound_payments/withdrawal',
      { data: { amount: 1000, scheme: 'faster_payments', reference: 'SWEEP' } },
      key('withdraw'),
    );
    expect(res.status, res.text).toBe(200);
    const w = res.body.outbound_payments;
    expect(w).toMatchObject({ is_withdrawal: true, status: 'scheduled', verifications: null, amount: 1000 });
    const own = (await m.api.get('/creditor_bank_accounts?limit=500')).body.creditor_bank_accounts.find(
      (a: { currency: string }) => a.currency === 'GBP',
    );
    expect(w.links).toEqual({ creditor: m.creditorId, recipient_bank_account: own.id });
    expect(await confirmedFunds(server, m.creditorId)).toBe(funds - 1000);
    await server.schemeClock.runDue();
    expect((await get(w.id)).status).toBe('executed');

    // The same Idempotency-Key again: the first withdrawal is named, nothing more leaves the balance.
    const funds2 = await confirmedFunds(server, m.creditorId);
    const once = { headers: { 'idempotency-key': 'withdraw-once' } };
    const body = { data: { amount: 10, scheme: 'faster_payments' } };
    const first = await m.api.post('/outbound_payments/withdrawal', body, once);
    expect(first.status).toBe(200);
    const again = await m.api.post('/outbound_payments/withdrawal', body, once);
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: first.body.outbound_payments.id },
    });
    expect(await confirmedFunds(server, m.creditorId)).toBe(funds2 - 10);

    const ro = await m.readOnly.post(
      '/outbound_payments/withdrawal',
      { data: { amount: 1, scheme: 'faster_payments' } },
      key(),
    );
    expect(ro.status).toBe(403);
    const tooMuch = await m.api.post(
      '/outbound_payments/withdrawal',
      { data: { amount: funds * 10, scheme: 'faster_payments' } },
      key(),
    );
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.errors[0].reason).toBe('insufficient_balance');

    // An account still being verified is not a withdrawal's destination.
    await server.services.db.query(
      `UPDATE creditor_bank_accounts SET verification_status = 'in_review' WHERE id = $1`,
      [own.id],
    );
    const unverified = await m.api.post(
      '/outbound_payments/withdrawal',
      { data: { amount: 1, scheme: 'faster_payments' } },
      key(),
    );
    expect(unverified.status).toBe(422);
    expect(unverified.body.error.errors[0].reason).toBe('withdrawal_account_not_verified');
    await server.services.db.query(
      `UPDATE creditor_bank_accounts SET verification_status = 'successful' WHERE id = $1`,
      [own.id],
    );
  });

  it('refuses a creditor with no payout account, and bad input', async () => {
    await fund(other, 5000);
    const none = await other.api.post(
      '/outbound_payments/withdrawal',
      { data: { amount: 1, scheme: 'faster_payments' } },
      key(),
    );
    expect(none.status).toBe(422);
    expect(none.body.error.errors[0].reason).toBe('withdrawal_account_not_verified');
    const bad = await m.api.post(
      '/outbound_payments/withdrawal',
      { data: { amount: -1, scheme: 'faster_payments' } },
      key(),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.type).toBe('validation_failed');
    const foreign = await m.api.post(
      '/outbound_payments/withdrawal',
      { data: { amount: 1, scheme: 'faster_payments', links: { creditor: other.creditorId } } },
      key(),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.errors[0].reason).toBe('link_not_found');
  });
});

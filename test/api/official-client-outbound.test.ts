import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { fund, recipient, requireApproval } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The real official Node client (gocardless-nodejs, unchanged) through every method of its
 * outboundPayments and paymentAccountTransactions services (issue #22).
 */
let server: TestServer;
let m: Merchant;
let client: ReturnType<typeof gocardless>;
let approver: ReturnType<typeof gocardless>;

function clientFor(token: string) {
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  return gocardless(token, Environments.Sandbox, { proxy: { https: agent } } as never);
}

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
  client = clientFor(m.token);
  const second = await server.services.db.transaction((tx) =>
    server.services.access.createToken(tx, m.organisationId, 'read_write', 'second approver'),
  );
  approver = clientFor(second.value);
  await fund(m, 20_000);
});
afterAll(() => server?.close());

describe('the official client', () => {
  it('creates, finds, lists, updates, cancels, approves and counts outbound payments, and withdraws', async () => {
    const jane = await recipient(m);
    const created = await client.outboundPayments.create({
      amount: 1500,
      scheme: 'faster_payments',
      reference: 'OC-1',
      links: { recipient_bank_account: jane },
      metadata: { via: 'client' },
    } as never);
    expect(created).toMatchObject({ amount: 1500, status: 'scheduled', is_withdrawal: false });
    expect((await client.outboundPayments.find(created.id)).reference).toBe('OC-1');

    const listed = await client.outboundPayments.list({ status: 'scheduled' as never });
    expect(listed.outbound_payments.map((p) => p.id)).toContain(created.id);
    const all: string[] = [];
    for await (const p of client.outboundPayments.all({ limit: 1 })) all.push(p.id);
    expect(all).toContain(created.id);

    const updated = await client.outboundPayments.update(created.id, { metadata: { via: 'update' } });
    expect(updated.metadata).toEqual({ via: 'update' });
    const cancelled = await client.outboundPayments.cancel(created.id, { metadata: { why: 'test' } });
    expect(cancelled.status).toBe('cancelled');

    await requireApproval(server, m);
    const waiting = await client.outboundPayments.create({
      amount: 500,
      scheme: 'faster_payments',
      links: { recipient_bank_account: jane },
    } as never);
    expect(waiting.status).toBe('pending_approval');
    await expect(client.outboundPayments.approve(waiting.id)).rejects.toMatchObject({ errorType: 'invalid_state' });
    expect((await approver.outboundPayments.approve(waiting.id)).status).toBe('scheduled');
    await requireApproval(server, m, false);

    const withdrawal = await client.outboundPayments.withdraw({ amount: 700, scheme: 'faster_payments' });
    expect(withdrawal).toMatchObject({ is_withdrawal: true, amount: 700 });

    await server.schemeClock.runDue();
    expect((await client.outboundPayments.find(waiting.id)).status).toBe('executed');
    // Both executed: nothing is left on its way out.
    expect(await client.outboundPayments.stats()).toMatchObject({
      executing_count: 0,
      pending_approval_count: 0,
      scheduled_count: 0,
    });
  });

  it('lists and finds payment account transactions, the newest balance equal to the account balance', async () => {
    const account = (await client.paymentAccounts.list({})).payment_accounts[0]!;
    const today = new Date().toISOString().slice(0, 10);
    const range = { value_date_from: '2020-01-01', value_date_to: today };
    const listed = await client.paymentAccountTransactions.list(account.id!, range);
    const transactions = listed.payment_account_transactions;
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions[0]!.balance_after_transaction).toBe(account.account_balance);
    const seen: string[] = [];
    for await (const t of client.paymentAccountTransactions.all(account.id!, { ...range, limit: 2 })) seen.push(t.id!);
    expect(seen).toEqual(transactions.map((t) => t.id));
    const found = await client.paymentAccountTransactions.find(transactions[0]!.id!);
    expect(found).toMatchObject({ id: transactions[0]!.id, direction: transactions[0]!.direction });
  });
});

import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { PARTNER_EXPORT_TYPES } from '../../server/domain/exports/types';
import { EVER, exportOf } from '../support/exports';
import type { Merchant } from '../support/factories';
import { createOutbound, fund, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Exports of the other data this service holds (issue #22, decision 0040): customer bank accounts
 * (masked), outbound payments, payment account transactions and statements, dashboard users (no
 * secrets), billing requests, the payments import template; the partner types refused.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');
const made: Record<string, { accounts: string[]; outbound: string[]; users: string[] }> = {};

/** Money in, a recipient paid, and two dashboard users (one with a password and TOTP). */
async function history(merchant: Merchant) {
  await fund(merchant, 10_000);
  clock.advance(1000);
  const jane = await recipient(merchant, 'Jane Doe');
  const sent = await createOutbound(merchant, jane, 3000, { reference: 'RENT-MAR', description: '=SUM(1,2)' });
  await server.schemeClock.runDue();
  clock.advance(1000);
  await fund(merchant, 2000);
  const users = await server.services.db.transaction(async (tx) => {
    const email = (role: string) => `${role}.${merchant.organisationId.toLowerCase()}@example.com`;
    const dashboard = server.services.dashboardUsers;
    const admin = await dashboard.ensureAdminWithPassword(
      tx,
      merchant.organisationId,
      email('admin'),
      'long-secret-pw-1',
    );
    const secret = dashboard.newTotpSecret(admin.email).secret;
    await dashboard.enableTotp(tx, admin.id, secret, authenticator.generate(secret));
    const viewer = await dashboard.createUser(tx, merchant.organisationId, email('viewer'), 'viewer');
    return [admin.id, viewer.id];
  });
  made[merchant.organisationId] = { accounts: [jane], outbound: [sent.id], users };
}

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
  other = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
  await history(m);
  await history(other);
}, 180_000);
afterAll(() => server?.close());

const listed = async (merchant: Merchant, path: string, key: string) =>
  (await merchant.api.get(`${path}${path.includes('?') ? '&' : '?'}limit=500`)).body[key] as any[];

describe('exports of the data this service holds', () => {
  it('customer_bank_accounts: the API’s fields, only the account number’s ending', async () => {
    const file = await exportOf(server, m, 'customer_bank_accounts');
    const api = await listed(m, '/customer_bank_accounts', 'customer_bank_accounts');
    expect(file.rows.map((r) => r.id)).toEqual(api.map((a) => a.id));
    expect(file.rows.map((r) => r.id)).toContain(made[m.organisationId]!.accounts[0]);
    const jane = file.rows.find((r) => r.id === made[m.organisationId]!.accounts[0])!;
    expect(jane).toMatchObject({ account_holder_name: 'Jane Doe', account_number_ending: '11', currency: 'GBP' });
    expect(file.header).not.toContain('account_number');
    expect(file.text).not.toContain('55779911');
    for (const id of made[other.organisationId]!.accounts) expect(file.text).not.toContain(id);
  });

  it('outbound_payments_index: the outbound payments, in GBP only', async () => {
    const file = await exportOf(server, m, 'outbound_payments_index');
    const api = await listed(m, '/outbound_payments', 'outbound_payments');
    expect(file.rows.map((r) => r.id)).toEqual(api.map((p) => p.id));
    expect(file.rows[0]).toMatchObject({ amount: '3000', reference: 'RENT-MAR', status: api[0].status });
    // The same cell writer as every export: a formula start is prefixed so a spreadsheet shows text.
    expect(file.rows[0]!.description).toBe("'=SUM(1,2)");
    for (const id of made[other.organisationId]!.outbound) expect(file.text).not.toContain(id);
    expect((await exportOf(server, m, 'outbound_payments_index', { currency: 'EUR' })).rows).toEqual([]);
  });

  it('users: email, role and created_at; never a password hash or TOTP secret', async () => {
    const file = await exportOf(server, m, 'users');
    expect(file.header).toEqual(['id', 'created_at', 'email', 'role']);
    expect(file.rows.map((r) => r.id).sort()).toEqual([...made[m.organisationId]!.users].sort());
    expect(file.rows.map((r) => r.role).sort()).toEqual(['admin', 'viewer']);
    const { rows } = await server.services.db.query<{ password_hash: string; totp_secret: string }>(
      'SELECT password_hash, totp_secret FROM dashboard_users WHERE id = $1',
      [made[m.organisationId]!.users[0]],
    );
    expect(rows[0]!.password_hash).toBeTruthy();
    expect(rows[0]!.totp_secret).toBeTruthy();
    expect(file.text).not.toContain(rows[0]!.password_hash);
    expect(file.text).not.toContain(rows[0]!.totp_secret);
    for (const id of made[other.organisationId]!.users) expect(file.text).not.toContain(id);
  });

  it('authorisation_requests: the billing requests', async () => {
    const file = await exportOf(server, m, 'authorisation_requests');
    const api = await listed(m, '/billing_requests', 'billing_requests');
    expect(api.length).toBeGreaterThan(0);
    expect(file.rows.map((r) => r.id)).toEqual(api.map((b) => b.id));
    expect(file.rows[0]).toMatchObject({
      status: api[0].status,
      'links.mandate_request_mandate': api[0].links.mandate_request_mandate,
    });
    const theirs = await listed(other, '/billing_requests', 'billing_requests');
    for (const request of theirs) expect(file.text).not.toContain(request.id);
  });

  it('payments_import_template: the header of a payments import and no rows', async () => {
    const file = await exportOf(server, m, 'payments_import_template');
    expect(file.header).toEqual([
      'links.mandate',
      'amount',
      'currency',
      'charge_date',
      'description',
      'reference',
      'retry_if_possible',
      'metadata',
    ]);
    expect(file.rows).toEqual([]);
  });

  it('refuses the partner types at creation: this service has no partner apps', async () => {
    for (const exportType of PARTNER_EXPORT_TYPES) {
      const refused = server.services.db.transaction((tx) =>
        server.services.exports.create(tx, m.organisationId, {
          exportType: exportType as never,
          currency: 'GBP',
          ...EVER,
        }),
      );
      await expect(refused).rejects.toMatchObject({ reason: 'validation_failed' });
    }
    expect((await listed(m, '/exports', 'exports')).map((e) => e.export_type)).not.toContain('partner_fees');
  });
});

describe('payment account exports', () => {
  const RANGE = 'value_date_from=2020-01-01&value_date_to=2099-12-31';
  const accountOf = async (merchant: Merchant) => (await listed(merchant, '/payment_accounts', 'payment_accounts'))[0];
  const transactionsOf = async (merchant: Merchant, accountId: string) =>
    listed(merchant, `/payment_accounts/${accountId}/transactions?${RANGE}`, 'payment_account_transactions');

  it('payment_account_transactions: every credit and debit, newest first, as the API lists them (pages of 2)', async () => {
    const file = await exportOf(server, m, 'payment_account_transactions', { pageSize: 2 });
    const account = await accountOf(m);
    const api = await transactionsOf(m, account.id);
    expect(api.length).toBeGreaterThan(2);
    expect(file.rows.map((r) => [r.id, r.direction, r.amount, r.balance_after_transaction])).toEqual(
      api.map((t) => [t.id, t.direction, String(t.amount), String(t.balance_after_transaction)]),
    );
    const theirAccount = await accountOf(other);
    for (const t of await transactionsOf(other, theirAccount.id)) expect(file.text).not.toContain(t.id);
    expect(file.text).not.toContain(theirAccount.id);
  });

  it('payment_account_statement: opening balance, transactions oldest first, closing balance (pages of 2)', async () => {
    const file = await exportOf(server, m, 'payment_account_statement', { pageSize: 2 });
    const account = await accountOf(m);
    const api = await transactionsOf(m, account.id);
    const [opening, ...rest] = file.rows;
    const closing = rest.pop()!;
    expect(opening).toMatchObject({
      line: 'opening_balance',
      payment_account: account.id,
      balance_after_transaction: '0',
    });
    expect(closing).toMatchObject({
      line: 'closing_balance',
      payment_account: account.id,
      balance_after_transaction: String(account.account_balance),
    });
    expect(rest.map((r) => r.id)).toEqual(api.map((t) => t.id).reverse());
    let balance = 0;
    for (const line of rest) {
      balance += (line.direction === 'credit' ? 1 : -1) * Number(line.amount);
      expect(line).toMatchObject({ line: 'transaction', balance_after_transaction: String(balance) });
    }
    expect(file.text).not.toContain((await accountOf(other)).id);
  });

  it('payment_account_statement after the last transaction: the balance carried, no lines', async () => {
    const from = new Date('2027-01-01T00:00:00Z');
    const file = await exportOf(server, m, 'payment_account_statement', { from, to: EVER.to });
    const account = await accountOf(m);
    expect(file.rows.map((r) => [r.line, r.balance_after_transaction])).toEqual([
      ['opening_balance', String(account.account_balance)],
      ['closing_balance', String(account.account_balance)],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The dashboard's home from the same services as the API: money collected per day as an SVG chart
 * with the same numbers in a table, the failure and chargeback rates, and what needs attention,
 * each outcome counted on the day it happened (issue 39).
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startPagesServer({ clock });
  m = await server.merchant(undefined, { payoutAccounts: true });
});
afterAll(() => server?.close());

const run = (simulator: string, resource: string) =>
  m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });

describe('dashboard home', () => {
  it('shows collected money per day, the rates and the failed payment, only for its organisation', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    expect((await run('mandate_activated', mandateId)).status).toBe(200);
    const pay = async (amount: number) =>
      (await post(m.api, '/payments', { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } }, 201))
        .payments.id as string;
    const [a, b, c] = [await pay(1500), await pay(2500), await pay(999)];
    expect((await run('payment_confirmed', a)).status).toBe(200);
    expect((await run('payment_paid_out', b)).status).toBe(200);
    expect((await run('payment_failed', c)).status).toBe(200);
    clock.advance(14 * 86_400_000);

    const { email } = await dashboardUser(server, m.organisationId, 'viewer');
    const home = await (await signedInAs(server, email)).get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.html).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="Money collected per day in GBP, 2025-12-17 to 2026-03-16"/,
    );
    expect(home.html).toContain('£40.00');
    expect(home.html).toContain('33.3% (1 of 3 payments)');
    expect(home.html).toContain('Failed payments in the last 90 days: 1');
    expect(home.html).toContain('0.0% (0 of 3 payments)');

    const other = await server.merchant('Another');
    const { email: stranger } = await dashboardUser(server, other.organisationId, 'admin');
    const theirs = await (await signedInAs(server, stranger)).get('/dashboard');
    expect(theirs.html).toContain('Nothing was collected in the last 90 days.');
    expect(theirs.html).toContain('Nothing needs your attention.');
    expect((await new PageClient(server.url).get('/dashboard')).status).toBe(303);
  });

  it('counts outcomes on the day they happened, not on the charge date, and a balance below zero needs attention', async () => {
    // The case: 6 payments, 5 paid out (£54.99), then one of them fails late (£15.00)
    // and one more fails before it is collected; the charge dates are all still ahead.
    const merchant = await server.merchant('Truthful', { payoutAccounts: true, withoutFees: true });
    const sim = (simulator: string, resource: string) =>
      merchant.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });
    const { mandateId } = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    expect((await sim('mandate_activated', mandateId)).status).toBe(200);
    const collectedOn = clock.now().toISOString().slice(0, 10);
    const payments: { id: string; charge_date: string }[] = [];
    for (const amount of [1000, 1000, 1000, 999, 1500, 700]) {
      const created = await post(
        merchant.api,
        '/payments',
        {
          payments: { amount, currency: 'GBP', links: { mandate: mandateId } },
        },
        201,
      );
      payments.push(created.payments);
    }
    for (const payment of payments.slice(0, 5)) expect((await sim('payment_paid_out', payment.id)).status).toBe(200);
    clock.advance(2 * 86_400_000);
    expect((await sim('payment_late_failure', payments[4]!.id)).status).toBe(200);
    expect((await sim('payment_failed', payments[5]!.id)).status).toBe(200);
    const today = clock.now().toISOString().slice(0, 10);
    for (const payment of payments) expect(payment.charge_date > today).toBe(true);

    // The API's own figures, which the page must agree with.
    const statuses = await Promise.all(
      payments.map(async (p) => (await merchant.api.get(`/payments/${p.id}`)).body.payments.status as string),
    );
    expect(statuses).toEqual(['paid_out', 'paid_out', 'paid_out', 'paid_out', 'failed', 'failed']);
    const payouts = (await merchant.api.get('/payouts')).body.payouts as { amount: number }[];
    expect(payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(5499);
    const balances = (await merchant.api.get(`/balances?creditor=${merchant.creditorId}`)).body.balances as {
      balance_type: string;
      amount: number;
    }[];
    expect(balances.find((b) => b.balance_type === 'confirmed_funds')?.amount).toBe(-1500);

    const { email } = await dashboardUser(server, merchant.organisationId, 'viewer');
    const home = await (await signedInAs(server, email)).get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.html).toContain('33.3% (2 of 6 payments)');
    expect(home.html).toContain('0.0% (0 of 6 payments)');
    expect(home.html).not.toContain('Nothing needs your attention.');
    expect(home.html).toContain('Confirmed funds below zero for Truthful Ltd: -£15.00.');
    expect(home.html).toContain('Failed payments in the last 90 days: 2');
    // Collected: the five payments, on the day they were confirmed; one bar for each of the 90 days.
    const bars = [...home.html.matchAll(/<rect data-day="(\d{4}-\d{2}-\d{2})"[^>]*height="([\d.]+)"/g)];
    expect(bars).toHaveLength(90);
    expect(bars.filter(([, , height]) => Number(height) > 0).map(([, day]) => day)).toEqual([collectedOn]);
    expect(home.html).toMatch(new RegExp(`<td>${collectedOn}</td><td>£54.99</td>`));
    expect(home.html).toMatch(/<th scope="row">Total<\/th><td>£54.99<\/td>/);
    // Balances in words, each with its explanation, not the API's names.
    expect(home.html).toContain(
      'Confirmed funds<span class="hint">Collected from payers and not yet in a payout.</span>',
    );
    expect(home.html).toContain('Pending payouts<span class="hint">');
    expect(home.html).not.toMatch(/confirmed_funds|pending_payouts|pending_payments_submitted/);
  });
});

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
 * with the same numbers in a table, the failure and chargeback rates, and what needs attention.
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
});

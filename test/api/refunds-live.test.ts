import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/** In live, the scheme clock moves a refund on the scheme's working days, not at once. */
let server: TestServer;
let m: Merchant;
const DAY = 86_400_000;
// A Monday.
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
  // Paid out means in a payout: the refund of a paid-out payment is covered by the operator's limit.
  await server.services.db.transaction((tx) =>
    server.services.negativeBalanceLimits.set(tx, m.creditorId, 'GBP', 5000),
  );
  await server.services.access.setApprovals(server.services.db, m.organisationId, {
    payment_pages_approved: true,
    white_label_partner: false,
    custom_payment_pages: false,
  });
  // A live Bacs mandate needs the creditor's postal address (schemes.md §4).
  await m.api.put(`/creditors/${m.creditorId}`, {
    creditors: { address_line1: '1 Example Street', city: 'London', postal_code: 'EC1A 1BB' },
  });
});
afterAll(() => server?.close());

async function days(n: number) {
  for (let day = 0; day < n; day++) {
    clock.advance(DAY);
    await server.schemeClock.runDue();
  }
}

describe('refunds in live', () => {
  it('submits a refund made on a Saturday on the next Bacs working day, and pays it a working day later', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const payment = (
      await post(
        m.api,
        '/payments',
        { payments: { amount: 3000, currency: 'GBP', links: { mandate: mandateId } } },
        201,
      )
    ).payments;
    await days(21);
    expect((await m.api.get(`/payments/${payment.id}`)).body.payments.status).toBe('paid_out');

    await days(5); // Saturday 28 March
    const refund = (await post(m.api, '/refunds', { refunds: { amount: 1000, links: { payment: payment.id } } }, 201))
      .refunds;
    const status = async () => (await m.api.get(`/refunds/${refund.id}`)).body.refunds.status;
    await server.schemeClock.runDue();
    expect(await status()).toBe('pending_submission');
    await days(1); // Sunday
    expect(await status()).toBe('pending_submission');
    await days(1); // Monday: submitted to the banks
    expect(await status()).toBe('submitted');
    await days(1); // Tuesday: paid to the payer
    expect(await status()).toBe('paid');
  });
});

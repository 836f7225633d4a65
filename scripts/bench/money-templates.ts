/**
 * The dashboard bench's extra templates (scripts/bench/dashboard-lists.ts): rows the service wrote
 * through the API, which scripts/bench/seed-rows.ts then clones like the others.
 */
import { api } from './common';
import type { Templates } from './seed-rows';

/**
 * A subscription, a payout and a refund, for the dashboard's lists. A sandbox payout follows a
 * confirmed GBP payment at once (once the creditor has a GBP payout account), so the refund is of a
 * SEK payment, whose funds stay to refund from (as test/e2e/dashboard-money.spec.ts does).
 */
export async function makeMoneyTemplates(url: string, t: Templates): Promise<Templates> {
  const run = (scenario: string, resource: string) =>
    api(url, 'POST', `/scenario_simulators/${scenario}/actions/run`, { data: { links: { resource } } });
  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the sandbox never got to: ${what}`);
  };
  const statusOf = async (path: string, key: string) => (await api(url, 'GET', path))[key].status as string;
  const confirmed = async (mandate: string, currency: string) => {
    const made = await api(url, 'POST', '/payments', { payments: { amount: 5000, currency, links: { mandate } } });
    const id = made.payments.id as string;
    await run('payment_confirmed', id).catch(() => undefined);
    await until(`payment ${id} confirmed`, async () =>
      ['confirmed', 'paid_out'].includes(await statusOf(`/payments/${id}`, 'payments')),
    );
    return id;
  };

  const gbp = t.mandates[1];
  // The sandbox's scheme clock may have got there first, when the simulator refuses.
  await run('mandate_activated', gbp).catch(() => undefined);
  await until('the GBP mandate active', async () => (await statusOf(`/mandates/${gbp}`, 'mandates')) === 'active');
  const subscription = await api(url, 'POST', '/subscriptions', {
    subscriptions: { amount: 1500, currency: 'GBP', interval_unit: 'monthly', links: { mandate: gbp } },
  });
  // A payout needs a default GBP payout account: the token-bootstrapped sandbox has none (one that
  // is already there refuses the same details, which is as good).
  const creditor = (await api(url, 'GET', '/creditors?limit=1')).creditors[0].id as string;
  const account = { account_holder_name: 'Bench creditor', branch_code: '200000', account_number: '55779911' };
  await api(url, 'POST', '/creditor_bank_accounts', {
    creditor_bank_accounts: {
      ...account,
      country_code: 'GB',
      set_as_default_payout_account: true,
      links: { creditor },
    },
  }).catch(() => undefined);
  await confirmed(gbp, 'GBP');
  let payout: string | undefined;
  await until('a GBP payout', async () =>
    Boolean((payout = (await api(url, 'GET', '/payouts?limit=1')).payouts[0]?.id)),
  );

  const request = await api(url, 'POST', '/billing_requests', {
    billing_requests: { mandate_request: { currency: 'SEK' } },
  });
  const actions = `/billing_requests/${request.billing_requests.id}/actions`;
  await api(url, 'POST', `${actions}/collect_customer_details`, {
    data: {
      customer: { given_name: 'Sven', family_name: 'Svensson', email: 'sven@example.se' },
      customer_billing_detail: { country_code: 'SE', swedish_identity_number: '198112289874' },
    },
  });
  await api(url, 'POST', `${actions}/collect_bank_account`, {
    data: { account_holder_name: 'Sven Svensson', branch_code: '5491', account_number: '0000003', country_code: 'SE' },
  });
  await api(url, 'POST', `${actions}/confirm_payer_details`, { data: {} });
  const fulfilled = await api(url, 'POST', `${actions}/fulfil`, { data: {} });
  const sek = fulfilled.billing_requests.links.mandate_request_mandate as string;
  // As for the GBP mandate: the simulator, or the scheme clock first; either way it ends active.
  await run('mandate_activated', sek).catch(() => undefined);
  await until('the SEK mandate active', async () => (await statusOf(`/mandates/${sek}`, 'mandates')) === 'active');
  const refund = await api(url, 'POST', '/refunds', {
    refunds: { amount: 100, links: { payment: await confirmed(sek, 'SEK') } },
  });
  return {
    ...t,
    money: { subscription: subscription.subscriptions.id, refund: refund.refunds.id, payout: payout! },
  };
}

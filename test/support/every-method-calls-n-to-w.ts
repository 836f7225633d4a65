import { SANDBOX_ACCOUNTS } from './journeys';
import { requireApproval } from './outbound';
import { inDays, type MethodCall, type Sandbox } from './every-method-sandbox';
import { payerAuthorisationBody, redirectFlowBody, type Fresh } from './every-method-fresh';

/** The every-method table (see every-method-calls-a-to-m.ts), services negativeBalanceLimits to webhooks. */
const range = () => ({ value_date_from: '2020-01-01', value_date_to: inDays(1) });
const metadata = { via: 'every-method' };
const paidOut = (s: Sandbox) => s.paidOut.client;

export const CALLS_N_TO_W: Record<string, MethodCall> = {
  'negativeBalanceLimits.list': { args: () => [{}] },
  'outboundPaymentImportEntries.list': {
    args: async (_s, f) => [{ outbound_payment_import: await f.outboundPaymentImport() }],
  },
  'outboundPaymentImports.create': {
    args: async (_s, f) => [
      { entry_items: [{ amount: 100, scheme: 'faster_payments', recipient_bank_account_id: await f.bankAccount() }] },
    ],
  },
  'outboundPaymentImports.find': { args: async (_s, f) => [await f.outboundPaymentImport()] },
  'outboundPaymentImports.list': { args: () => [{}] },
  'outboundPayments.create': {
    args: async (_s, f) => [
      { amount: 100, scheme: 'faster_payments', links: { recipient_bank_account: await f.bankAccount() } },
    ],
  },
  'outboundPayments.withdraw': { args: () => [{ amount: 100, scheme: 'faster_payments' }] },
  'outboundPayments.cancel': { args: async (_s, f) => [await f.outboundPayment(), {}] },
  'outboundPayments.approve': {
    // Made while the creditor requires a second approver, approved by another token.
    args: async (s, f) => {
      await requireApproval(s.server, s.m);
      const waiting = await f.outboundPayment();
      await requireApproval(s.server, s.m, false);
      return [waiting];
    },
    via: (s) => s.approver,
  },
  'outboundPayments.find': { args: async (_s, f) => [await f.outboundPayment()] },
  'outboundPayments.list': { args: () => [{ status: 'scheduled' }] },
  'outboundPayments.update': { args: async (_s, f) => [await f.outboundPayment(), { metadata }] },
  'outboundPayments.stats': { args: () => [] },
  'payerAuthorisations.find': { args: async (_s, f) => [await f.payerAuthorisation(false)] },
  'payerAuthorisations.create': { args: () => [payerAuthorisationBody()] },
  'payerAuthorisations.update': {
    args: async (_s, f) => [await f.payerAuthorisation(false), { bank_account: { ...SANDBOX_ACCOUNTS.EUR } }],
  },
  'payerAuthorisations.submit': { args: async (_s, f) => [await f.payerAuthorisation()] },
  'payerAuthorisations.confirm': {
    args: async (s, f) => {
      const made = await f.payerAuthorisation();
      await s.client.payerAuthorisations.submit(made);
      return [made];
    },
  },
  'payerThemes.createForCreditor': {
    args: (s) => [
      { button_background_colour: '#1d70b8', link_text_colour: '#1d70b8', links: { creditor: s.m.creditorId } },
    ],
  },
  'paymentAccounts.find': { args: (s) => [s.paymentAccount] },
  'paymentAccounts.list': { args: () => [{}] },
  'paymentAccountTransactions.find': { args: (s) => [s.transaction] },
  'paymentAccountTransactions.list': { args: (s) => [s.paymentAccount, range()] },
  'payments.create': { args: (s) => [{ amount: 1500, currency: 'GBP', links: { mandate: s.mandate } }] },
  'payments.list': { args: (s) => [{ mandate: s.mandate }] },
  'payments.find': { args: async (_s, f) => [await f.payment()] },
  'payments.update': { args: async (_s, f) => [await f.payment(), { metadata }] },
  'payments.cancel': { args: async (_s, f) => [await f.payment(), {}] },
  'payments.retry': { args: async (_s, f) => [await f.payment('payment_failed'), {}] },
  'payoutItems.list': { args: (s) => [{ payout: s.paidOut.payout }], via: paidOut },
  'payouts.list': { args: () => [{ currency: 'GBP' }], via: paidOut },
  'payouts.find': { args: (s) => [s.paidOut.payout], via: paidOut },
  'payouts.update': { args: (s) => [s.paidOut.payout, { metadata }], via: paidOut },
  'redirectFlows.create': { args: () => [redirectFlowBody()] },
  'redirectFlows.find': { args: async (_s, f) => [await f.redirectFlow()] },
  // The payer has not been through the hosted pages: complete is refused until they have.
  'redirectFlows.complete': {
    args: async (_s, f) => [await f.redirectFlow(), { session_token: redirectFlowBody().session_token }],
    expect: 'redirect_flow_incomplete',
  },
  'refunds.create': {
    args: async (_s, f) => {
      // Confirmed, not paid out: paying out sweeps the creditor's confirmed funds into a payout.
      const payment = await f.payment('payment_confirmed');
      return [{ amount: 500, total_amount_confirmation: 500, links: { payment } }];
    },
  },
  'refunds.list': { args: () => [{}] },
  'refunds.find': { args: async (s, f) => [await refund(s, f)] },
  'refunds.update': { args: async (s, f) => [await refund(s, f), { metadata }] },
  'scenarioSimulators.run': {
    args: async (_s, f) => ['mandate_activated', { links: { resource: await f.mandate() } }],
  },
  'schemeIdentifiers.create': { args: () => [{ name: 'Acme Ltd', scheme: 'bacs' }] },
  'schemeIdentifiers.list': { args: () => [{}] },
  'schemeIdentifiers.find': { args: async (_s, f) => [await f.schemeIdentifier()] },
  'subscriptions.create': {
    args: (s) => [
      { amount: '2500', currency: 'GBP', name: 'Box', interval_unit: 'monthly', links: { mandate: s.mandate } },
    ],
  },
  'subscriptions.list': { args: (s) => [{ mandate: s.mandate }] },
  'subscriptions.find': { args: async (_s, f) => [await f.subscription()] },
  'subscriptions.update': { args: async (_s, f) => [await f.subscription(), { name: 'Box (new)' }] },
  'subscriptions.pause': { args: async (_s, f) => [await f.subscription(), {}] },
  'subscriptions.resume': {
    args: async (s, f) => {
      const subscription = await f.subscription();
      await s.client.subscriptions.pause(subscription, {});
      return [subscription, {}];
    },
  },
  'subscriptions.cancel': { args: async (_s, f) => [await f.subscription(), {}] },
  'taxRates.list': { args: () => [{ jurisdiction: 'GB' }] },
  'taxRates.find': { args: () => ['GB_VAT_1'] },
  'transferredMandates.transferredMandates': {
    args: async (s, f) => {
      const mandate = await f.mandate();
      await s.client.scenarioSimulators.run('mandate_transferred', { links: { resource: mandate } });
      return [mandate];
    },
  },
  'verificationDetails.create': { args: (s) => [verificationDetails(s.m.creditorId)] },
  'verificationDetails.list': { args: (s) => [{ creditor: s.m.creditorId }] },
  'webhooks.list': { args: () => [{}] },
  'webhooks.find': { args: (s) => [s.webhook] },
  'webhooks.retry': { args: (s) => [s.webhook] },
};

async function refund(s: Sandbox, f: Fresh): Promise<string> {
  const payment = await f.payment('payment_confirmed');
  const made = await s.client.refunds.create({
    amount: 500,
    total_amount_confirmation: 500,
    links: { payment },
  } as never);
  return made.id!;
}

const verificationDetails = (creditor: string) => ({
  name: 'Acme Trading Ltd',
  company_number: '01234567',
  description: 'Gym memberships',
  address_line1: '1 High St',
  city: 'London',
  postal_code: 'E1 6AN',
  directors: [
    {
      given_name: 'Ada',
      family_name: 'Lovelace',
      date_of_birth: '1980-12-10',
      street: '1 High St',
      city: 'London',
      postal_code: 'E1 6AN',
      country_code: 'GB',
    },
  ],
  links: { creditor },
});

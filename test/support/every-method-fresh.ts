import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, createMandateViaBillingRequest, post } from './journeys';
import { simulate } from './money';
import { recipient } from './outbound';
import { inDays, type Sandbox } from './every-method-sandbox';

/**
 * Fresh resources for the every-method test: each made through the API in the state the method
 * under test needs, so no method depends on another having run first. Also the request bodies the
 * table and these helpers share.
 */
let customers = 0;

type BillingRequestStep = 'customer' | 'bank_account' | 'confirm';

/** Fresh resources of the sandbox's merchant, each made through the API in the state asked for. */
export function freshResources(s: Sandbox) {
  const api = s.m.api;
  const id = (body: Record<string, { id: string }>, key: string) => body[key]!.id;
  const create = async (path: string, key: string, body: unknown) =>
    id(await post(api, `/${path}`, { [key]: body }, 201), key);
  const action = (path: string, data: unknown = {}) => post(api, path, { data });

  return {
    async billingRequest(body: Record<string, unknown> = {}, steps: BillingRequestStep[] = []) {
      const br = await create('billing_requests', 'billing_requests', {
        mandate_request: { currency: 'GBP' },
        ...body,
      });
      const path = `/billing_requests/${br}/actions`;
      if (steps.includes('customer')) await action(`${path}/collect_customer_details`, CUSTOMER_DETAILS.GBP);
      if (steps.includes('bank_account')) await action(`${path}/collect_bank_account`, SANDBOX_ACCOUNTS.GBP);
      if (steps.includes('confirm')) await action(`${path}/confirm_payer_details`);
      return br;
    },
    flow: async (billingRequest: string) =>
      create('billing_request_flows', 'billing_request_flows', { links: { billing_request: billingRequest } }),
    /** A pending GBP Bacs mandate (a new customer through a billing request). */
    mandate: async () => (await createMandateViaBillingRequest(s.m, { currency: 'GBP' })).mandateId,
    /** A customer with an email of its own: blocking it by reference blocks no other payer. */
    customer: () =>
      create('customers', 'customers', { ...CUSTOMER_DETAILS.GBP.customer, email: `payer-${++customers}@example.com` }),
    bankAccount: () => recipient(s.m),
    async payment(simulator: string | null = null) {
      const payment = await create('payments', 'payments', {
        amount: 1000,
        currency: 'GBP',
        links: { mandate: s.mandate },
      });
      if (simulator) await simulate(s.m, simulator, payment);
      return payment;
    },
    block: () =>
      create('blocks', 'blocks', {
        block_type: 'email',
        reason_type: 'identity_fraud',
        resource_reference: `blocked-${Date.now()}-${Math.random()}@example.com`,
      }),
    subscription: () =>
      create('subscriptions', 'subscriptions', {
        amount: 2500,
        currency: 'GBP',
        name: 'Monthly box',
        interval_unit: 'monthly',
        links: { mandate: s.mandate },
      }),
    instalmentSchedule: () => create('instalment_schedules', 'instalment_schedules', instalmentsWithDates(s.mandate)),
    outboundPayment: async () =>
      create('outbound_payments', 'outbound_payments', {
        amount: 100,
        scheme: 'faster_payments',
        links: { recipient_bank_account: await recipient(s.m) },
      }),
    outboundPaymentImport: async () =>
      create('outbound_payment_imports', 'outbound_payment_imports', {
        entry_items: [{ amount: 100, scheme: 'faster_payments', recipient_bank_account_id: await recipient(s.m) }],
      }),
    async mandateImport(entries = 0) {
      const made = await create('mandate_imports', 'mandate_imports', { scheme: 'bacs' });
      for (let n = 0; n < entries; n++)
        await create('mandate_import_entries', 'mandate_import_entries', importEntry(made));
      return made;
    },
    payerAuthorisation: (complete = true) =>
      create('payer_authorisations', 'payer_authorisations', payerAuthorisationBody(complete)),
    template: () =>
      create('billing_request_templates', 'billing_request_templates', {
        name: 'Deposit',
        payment_request_amount: '50.00',
        payment_request_currency: 'GBP',
      }),
    schemeIdentifier: () => create('scheme_identifiers', 'scheme_identifiers', { name: 'Acme Ltd', scheme: 'bacs' }),
    redirectFlow: () => create('redirect_flows', 'redirect_flows', redirectFlowBody()),
    /** A bank authorisation as the hosted flow makes one (the API refuses them to tokens). */
    async bankAuthorisation() {
      const br = await this.billingRequest(
        { mandate_request: undefined, payment_request: { amount: 100, currency: 'GBP' } },
        ['customer'],
      );
      await action(`/billing_requests/${br}/actions/select_institution`, { institution: 'monzo', country_code: 'GB' });
      const flowId = await this.flow(br);
      const payer = {
        organisationId: s.m.organisationId,
        origin: 'payer',
        source: { type: 'billing_request_flow' },
      } as const;
      const made = await s.server.services.db.transaction((tx) =>
        s.server.services.bankAuthorisations.createForFlow(tx, payer, {
          billingRequestId: br,
          flowId,
          redirectUri: 'https://merchant.example/bank-return',
        }),
      );
      return made.id;
    },
  };
}

export type Fresh = ReturnType<typeof freshResources>;

export const instalmentsWithDates = (mandate: string) => ({
  name: 'Sofa',
  currency: 'GBP',
  total_amount: 3000,
  instalments: [
    { amount: 1000, charge_date: null },
    { amount: 1000, charge_date: inDays(40) },
    { amount: 1000, charge_date: inDays(70) },
  ],
  links: { mandate },
});

export const instalmentsWithSchedule = (mandate: string) => ({
  name: 'Piano lessons',
  currency: 'GBP',
  total_amount: 6000,
  instalments: { amounts: [2000, 2000, 2000], interval: 1, interval_unit: 'monthly', start_date: inDays(30) },
  links: { mandate },
});

export const importEntry = (mandateImport: string) => ({
  record_identifier: `crm-${Math.random()}`,
  customer: { ...CUSTOMER_DETAILS.GBP.customer, ...CUSTOMER_DETAILS.GBP.customer_billing_detail },
  bank_account: { ...SANDBOX_ACCOUNTS.GBP },
  links: { mandate_import: mandateImport },
});

export const payerAuthorisationBody = (complete = true) => ({
  customer: { given_name: 'Jean', family_name: 'Dupont', email: 'jean@example.fr', country_code: 'FR' },
  bank_account: complete ? { ...SANDBOX_ACCOUNTS.EUR } : {},
  mandate: { scheme: 'sepa_core' },
});

export const redirectFlowBody = () => ({
  description: 'Wine boxes',
  session_token: 'SESS_every_method',
  success_redirect_url: 'https://merchant.example/pay/confirm',
});

import { setTakeover } from '../../server/domain/notifications/takeover-queries';
import type { ApiClient } from './client';
import { inDays, type Sandbox } from './every-method-sandbox';
import type { Fresh } from './every-method-fresh';
import { SANDBOX_ACCOUNTS } from './journeys';
import { requireApproval } from './outbound';

/**
 * The real API's request examples (the Node client's code samples, as it sends them), written as
 * our own requests of the same shapes: one entry per sample, keyed `resource.action.variant` as the
 * reference's list names them, each made against a resource of the every-method sandbox in the
 * state the sample needs. test/api/reference-samples.test.ts replays them; event-links.test.ts
 * reads the events they record.
 */
export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Which merchant sends it: the sandbox's own by default. */
  as?: 'plain' | 'paidOut' | 'approver';
}

export interface Refusal {
  status: number;
  type: string;
  /** Each error item as `field: reason` (or just the one it has), in the answer's order. */
  errors: string[];
}

export interface Sample {
  request: (s: Sandbox, f: Fresh) => Request | Promise<Request>;
  /** The documented refusal of a sample that is itself invalid; without it the sample must be accepted. */
  refused?: Refusal;
}

const get = (path: string, query?: Record<string, string>, as?: Request['as']): Request => ({
  method: 'GET',
  path,
  query,
  as,
});
const post = (path: string, body: unknown, extra: Partial<Request> = {}): Request => ({
  method: 'POST',
  path,
  body,
  ...extra,
});
const put = (path: string, body: unknown, as?: Request['as']): Request => ({ method: 'PUT', path, body, as });
const act = (path: string, as?: Request['as']): Request => post(path, { data: {} }, { as });

const GB_ACCOUNT = { account_number: '55779911', branch_code: '200000', country_code: 'GB' };
const PAST = { status: 422, type: 'validation_failed' };
let emails = 0;
const email = () => `sample-${++emails}-${Date.now()}@example.com`;

async function payout(s: Sandbox) {
  return s.paidOut.payout;
}

async function refund(s: Sandbox, f: Fresh) {
  const payment = await f.payment('payment_confirmed');
  const made = await s.m.api.post('/refunds', {
    refunds: { amount: 200, total_amount_confirmation: 200, links: { payment } },
  });
  return made.body.refunds.id as string;
}

async function transaction(s: Sandbox) {
  return s.transaction;
}

async function gbpPayoutAccount(s: Sandbox) {
  const list = await s.m.api.get(`/creditor_bank_accounts?creditor=${s.m.creditorId}&enabled=true`);
  return list.body.creditor_bank_accounts.find((a: { currency: string }) => a.currency === 'GBP').id as string;
}

/** A notice the merchant took over: a payment's `created` event names it (decision 0038). */
async function customerNotification(s: Sandbox, f: Fresh) {
  const now = new Date();
  await setTakeover(s.server.services.db, s.m.creditorId, 'payment_created', true, now);
  try {
    const payment = await f.payment();
    const events = await s.m.api.get(`/events?payment=${payment}&action=created`);
    return events.body.events[0].customer_notifications[0].id as string;
  } finally {
    await setTakeover(s.server.services.db, s.m.creditorId, 'payment_created', false, now);
  }
}

async function bahv(s: Sandbox) {
  const made = await s.m.api.post('/bank_account_holder_verifications', {
    bank_account_holder_verifications: { type: 'confirmation_of_payee', links: { bank_account: s.bankAccount } },
  });
  return made.body.bank_account_holder_verifications.id as string;
}

async function sepaImport(s: Sandbox) {
  const made = await s.m.api.post('/mandate_imports', { mandate_imports: { scheme: 'sepa_core' } });
  return made.body.mandate_imports.id as string;
}

async function cancelledMandate(s: Sandbox, f: Fresh) {
  const mandate = await f.mandate();
  await s.m.api.post(`/mandates/${mandate}/actions/cancel`, { data: {} });
  return mandate;
}

async function pausedSubscription(s: Sandbox, f: Fresh) {
  const subscription = await f.subscription();
  await s.m.api.post(`/subscriptions/${subscription}/actions/pause`, { data: {} });
  return subscription;
}

async function disabledBlock(s: Sandbox, f: Fresh) {
  const block = await f.block();
  await s.m.api.post(`/blocks/${block}/actions/disable`, { data: {} });
  return block;
}

async function waitingOutboundPayment(s: Sandbox, f: Fresh) {
  await requireApproval(s.server, s.m);
  try {
    return await f.outboundPayment();
  } finally {
    await requireApproval(s.server, s.m, false);
  }
}

async function submittedPayerAuthorisation(s: Sandbox, f: Fresh) {
  const made = await f.payerAuthorisation();
  await s.m.api.post(`/payer_authorisations/${made}/actions/submit`, { data: {} });
  return made;
}

const payerAuthorisation = {
  customer: { email: 'payer@example.com', given_name: 'Ada', family_name: 'Byron', metadata: { crm: 'C-1' } },
  // As the sample's: no country_code, the branch code and account number are a GB account's.
  bank_account: { account_holder_name: 'Ada Byron', branch_code: '200000', account_number: '55779911', metadata: {} },
  mandate: { reference: 'ADA-0001', metadata: {} },
};

/** One entry per sample, keyed `resource.action.variant` as the reference's list names them. */
export const SAMPLES: Record<string, Sample> = {
  'balances.list.0': { request: (s) => get('/balances', { creditor: s.m.creditorId }) },
  'bank_account_details.get.0': {
    request: (s) => ({ ...get(`/bank_account_details/${s.bankAccount}`), headers: { 'Gc-Key-Id': 'every-method' } }),
  },
  'bank_account_holder_verifications.create.0': {
    request: (s) =>
      post('/bank_account_holder_verifications', {
        bank_account_holder_verifications: { type: 'confirmation_of_payee', links: { bank_account: s.bankAccount } },
      }),
  },
  'bank_account_holder_verifications.get.0': {
    request: async (s) => get(`/bank_account_holder_verifications/${await bahv(s)}`),
  },
  // The spec permits creating bank authorisations only from the hosted UIs: an access token is refused.
  'bank_authorisations.create.0': {
    request: async (_s, f) =>
      post('/bank_authorisations', {
        bank_authorisations: {
          redirect_uri: 'https://merchant.example/landing',
          links: { billing_request: await f.billingRequest() },
        },
      }),
    refused: { status: 403, type: 'invalid_api_usage', errors: ['forbidden'] },
  },
  'bank_authorisations.get.0': { request: async (_s, f) => get(`/bank_authorisations/${await f.bankAuthorisation()}`) },
  'bank_details_lookups.create.0': {
    request: () => post('/bank_details_lookups', { bank_details_lookups: { ...GB_ACCOUNT } }),
  },
  'billing_request_flows.create.0': {
    request: async (_s, f) =>
      post('/billing_request_flows', {
        billing_request_flows: {
          redirect_uri: 'https://merchant.example/landing',
          exit_uri: 'https://merchant.example/exit',
          prefilled_customer: { given_name: 'Ada', family_name: 'Byron', email: email() },
          links: { billing_request: await f.billingRequest() },
        },
      }),
  },
  'billing_request_flows.initialise.0': {
    request: async (_s, f) =>
      act(`/billing_request_flows/${await f.flow(await f.billingRequest())}/actions/initialise`),
  },
  'billing_request_templates.list.0': { request: () => get('/billing_request_templates') },
  'billing_request_templates.get.0': {
    request: async (_s, f) => get(`/billing_request_templates/${await f.template()}`),
  },
  'billing_request_templates.create.0': {
    request: () =>
      post('/billing_request_templates', {
        billing_request_templates: {
          name: 'Yearly membership',
          payment_request_description: 'Joining fee',
          mandate_request_description: 'Membership',
          payment_request_currency: 'GBP',
          payment_request_amount: '25.50',
          mandate_request_currency: 'GBP',
          redirect_uri: 'https://merchant.example/landing',
        },
      }),
  },
  'billing_request_templates.update.0': {
    request: async (_s, f) =>
      put(`/billing_request_templates/${await f.template()}`, {
        billing_request_templates: { name: 'Yearly membership (reduced)', payment_request_amount: '19.99' },
      }),
  },
  'billing_requests.create.0': {
    request: () =>
      post('/billing_requests', {
        billing_requests: {
          payment_request: { description: 'Joining fee', amount: '750', currency: 'GBP' },
          mandate_request: { scheme: 'bacs' },
        },
      }),
  },
  'billing_requests.collect_customer_details.0': {
    request: async (_s, f) =>
      post(`/billing_requests/${await f.billingRequest()}/actions/collect_customer_details`, {
        data: {
          customer: { email: email(), given_name: 'Ada', family_name: 'Byron' },
          customer_billing_detail: { address_line1: '12 Marsh Lane' },
        },
      }),
  },
  'billing_requests.collect_bank_account.0': {
    request: async (_s, f) =>
      post(`/billing_requests/${await f.billingRequest()}/actions/collect_bank_account`, {
        data: { ...GB_ACCOUNT, account_holder_name: 'Ada Byron' },
      }),
  },
  'billing_requests.confirm_payer_details.0': {
    request: async (_s, f) =>
      act(
        `/billing_requests/${await f.billingRequest({}, ['customer', 'bank_account'])}/actions/confirm_payer_details`,
      ),
  },
  'billing_requests.fulfil.0': {
    request: async (_s, f) =>
      act(`/billing_requests/${await f.billingRequest({}, ['customer', 'bank_account', 'confirm'])}/actions/fulfil`),
  },
  'billing_requests.cancel.0': {
    request: async (_s, f) => act(`/billing_requests/${await f.billingRequest()}/actions/cancel`),
  },
  'billing_requests.list.0': { request: () => get('/billing_requests') },
  'billing_requests.get.0': { request: async (_s, f) => get(`/billing_requests/${await f.billingRequest()}`) },
  'billing_requests.notify.0': {
    request: async (_s, f) =>
      post(`/billing_requests/${await f.billingRequest({}, ['customer'])}/actions/notify`, {
        data: { notification_type: 'email', redirect_uri: 'https://merchant.example' },
      }),
  },
  'billing_requests.fallback.0': {
    request: async (_s, f) =>
      act(
        `/billing_requests/${await f.billingRequest({
          fallback_enabled: true,
          payment_request: { amount: 100, currency: 'GBP' },
        })}/actions/fallback`,
      ),
  },
  'billing_requests.choose_currency.0': {
    request: async (_s, f) =>
      post(`/billing_requests/${await f.billingRequest()}/actions/choose_currency`, { data: { currency: 'GBP' } }),
  },
  'blocks.create.0': {
    request: () =>
      post('/blocks', {
        blocks: { block_type: 'email', resource_reference: email(), reason_type: 'no_intent_to_pay' },
      }),
  },
  'blocks.get.0': { request: async (_s, f) => get(`/blocks/${await f.block()}`) },
  'blocks.list.0': { request: () => get('/blocks') },
  'blocks.disable.0': { request: async (_s, f) => act(`/blocks/${await f.block()}/actions/disable`) },
  'blocks.enable.0': { request: async (s, f) => act(`/blocks/${await disabledBlock(s, f)}/actions/enable`) },
  'blocks.block_by_ref.0': {
    request: async (_s, f) =>
      post('/blocks/block_by_ref', {
        data: { reference_type: 'customer', reference_value: await f.customer(), reason_type: 'no_intent_to_pay' },
      }),
  },
  'creditor_bank_accounts.create.0': {
    request: (s) =>
      post(
        '/creditor_bank_accounts',
        {
          creditor_bank_accounts: {
            ...GB_ACCOUNT,
            account_holder_name: 'Plain Ltd',
            links: { creditor: s.plain.m.creditorId },
          },
        },
        { as: 'plain' },
      ),
  },
  'creditor_bank_accounts.list.0': { request: () => get('/creditor_bank_accounts') },
  'creditor_bank_accounts.list.1': { request: () => get('/creditor_bank_accounts', { enabled: 'true' }) },
  'creditor_bank_accounts.get.0': { request: async (s) => get(`/creditor_bank_accounts/${await gbpPayoutAccount(s)}`) },
  'creditor_bank_accounts.disable.0': {
    request: async (s) => {
      const made = await s.plain.m.api.post('/creditor_bank_accounts', {
        creditor_bank_accounts: {
          account_holder_name: 'Plain SARL',
          iban: SANDBOX_ACCOUNTS.EUR.iban,
          links: { creditor: s.plain.m.creditorId },
        },
      });
      return act(`/creditor_bank_accounts/${made.body.creditor_bank_accounts.id}/actions/disable`, 'plain');
    },
  },
  'creditors.create.0': {
    request: () =>
      post(
        '/creditors',
        {
          creditors: { name: 'Plain Two', country_code: 'GB', creditor_type: 'company', bank_reference_prefix: 'PLN' },
        },
        { as: 'plain' },
      ),
  },
  'creditors.list.0': { request: () => get('/creditors') },
  'creditors.list.1': { request: () => get('/creditors', { limit: '3' }) },
  'creditors.get.0': { request: (s) => get(`/creditors/${s.m.creditorId}`) },
  'creditors.update.0': {
    request: async (s) =>
      put(`/creditors/${s.m.creditorId}`, {
        creditors: { links: { default_gbp_payout_account: await gbpPayoutAccount(s) } },
      }),
  },
  'currency_exchange_rates.list.0': { request: () => get('/currency_exchange_rates') },
  'currency_exchange_rates.list.1': {
    request: () => get('/currency_exchange_rates', { source: 'EUR', target: 'GBP' }),
  },
  'customer_bank_accounts.create.0': {
    request: async (_s, f) =>
      post('/customer_bank_accounts', {
        customer_bank_accounts: {
          ...GB_ACCOUNT,
          account_holder_name: 'Ada Byron',
          links: { customer: await f.customer() },
        },
      }),
  },
  'customer_bank_accounts.list.0': { request: () => get('/customer_bank_accounts') },
  'customer_bank_accounts.list.1': { request: () => get('/customer_bank_accounts', { enabled: 'true' }) },
  'customer_bank_accounts.get.0': { request: (s) => get(`/customer_bank_accounts/${s.bankAccount}`) },
  'customer_bank_accounts.update.0': {
    request: (s) =>
      put(`/customer_bank_accounts/${s.bankAccount}`, { customer_bank_accounts: { metadata: { crm: 'A1' } } }),
  },
  'customer_bank_accounts.disable.0': {
    request: async (_s, f) => act(`/customer_bank_accounts/${await f.bankAccount()}/actions/disable`),
  },
  'customer_notifications.handle.0': {
    request: async (s, f) => act(`/customer_notifications/${await customerNotification(s, f)}/actions/handle`),
  },
  'customers.create.0': {
    request: () =>
      post('/customers', {
        customers: {
          email: email(),
          given_name: 'Ada',
          family_name: 'Byron',
          address_line1: '12 Marsh Lane',
          address_line2: 'Flat 3',
          city: 'Leeds',
          postal_code: 'LS1 4AP',
          country_code: 'GB',
          metadata: { crm: 'C-2' },
        },
      }),
  },
  'customers.list.0': { request: () => get('/customers') },
  'customers.list.1': { request: () => get('/customers', { currency: 'GBP' }) },
  'customers.get.0': { request: (s) => get(`/customers/${s.customer}`) },
  'customers.update.0': { request: (s) => put(`/customers/${s.customer}`, { customers: { email: email() } }) },
  'customers.remove.0': { request: async (_s, f) => ({ method: 'DELETE', path: `/customers/${await f.customer()}` }) },
  'events.list.0': { request: () => get('/events') },
  'events.list.1': { request: () => get('/events', { resource_type: 'payments' }) },
  'events.get.0': { request: (s) => get(`/events/${s.event}`) },
  'exports.get.0': { request: (s) => get(`/exports/${s.export}`) },
  'exports.list.0': { request: () => get('/exports') },
  'funds_availabilities.check.0': {
    request: (s) => get(`/funds_availability/${s.mandate}`, { amount: '1500' }),
  },
  // Charge dates in 2019, in the past: refused on the first of them.
  'instalment_schedules.create_with_dates.0': {
    request: (s) =>
      post('/instalment_schedules', {
        instalment_schedules: {
          name: 'Invoice 7',
          total_amount: '9000',
          app_fee: '10',
          currency: 'GBP',
          instalments: [
            { charge_date: '2019-03-01', amount: '3000' },
            { charge_date: '2019-04-01', amount: '3000' },
            { charge_date: '2019-05-01', amount: '3000' },
          ],
          links: { mandate: s.mandate },
          metadata: {},
        },
      }),
    refused: {
      ...PAST,
      errors: ['instalments.0.charge_date', 'instalments.1.charge_date', 'instalments.2.charge_date'],
    },
  },
  // A start date in 2019, in the past.
  'instalment_schedules.create_with_schedule.0': {
    request: (s) =>
      post('/instalment_schedules', {
        instalment_schedules: {
          name: 'Invoice 8',
          total_amount: '9000',
          app_fee: '10',
          currency: 'GBP',
          instalments: {
            start_date: '2019-03-01',
            interval_unit: 'weekly',
            interval: 2,
            amounts: ['3000', '3000', '3000'],
          },
          links: { mandate: s.mandate },
          metadata: {},
        },
      }),
    refused: { ...PAST, errors: ['instalments.start_date'] },
  },
  'instalment_schedules.list.0': { request: () => get('/instalment_schedules') },
  'instalment_schedules.list.1': { request: (s) => get('/instalment_schedules', { customer: s.customer }) },
  'instalment_schedules.get.0': {
    request: async (_s, f) => get(`/instalment_schedules/${await f.instalmentSchedule()}`),
  },
  'instalment_schedules.update.0': {
    request: async (_s, f) =>
      put(`/instalment_schedules/${await f.instalmentSchedule()}`, {
        instalment_schedules: { metadata: { crm: 'I-1' } },
      }),
  },
  'instalment_schedules.cancel.0': {
    request: async (_s, f) => act(`/instalment_schedules/${await f.instalmentSchedule()}/actions/cancel`),
  },
  'institutions.list.0': { request: () => get('/institutions') },
  'institutions.list.1': { request: () => get('/institutions', { country_code: 'GB' }) },
  'institutions.list_for_billing_request.0': {
    request: async (_s, f) =>
      get(
        `/billing_requests/${await f.billingRequest({
          mandate_request: undefined,
          payment_request: { amount: 100, currency: 'GBP' },
        })}/institutions`,
        { country_code: 'GB' },
      ),
  },
  // A few bytes of a PNG header: not an image.
  'logos.create_for_creditor.0': {
    request: (s) =>
      post('/branding/logos', {
        logos: { image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB', links: { creditor: s.m.creditorId } },
      }),
    refused: { status: 422, type: 'validation_failed', errors: ['image: image_type_not_supported'] },
  },
  // The payer's country is not given: SEPA needs it (it decides whether the address is needed).
  'mandate_import_entries.create.0': {
    refused: { status: 422, type: 'validation_failed', errors: ['customer.country_code'] },
    request: async (s) =>
      post('/mandate_import_entries', {
        mandate_import_entries: {
          links: { mandate_import: await sepaImport(s) },
          record_identifier: 'crm-export.csv/row-2',
          customer: { company_name: 'Dupont SARL', email: email() },
          bank_account: { account_holder_name: 'Jean Dupont', iban: SANDBOX_ACCOUNTS.EUR.iban },
          amendment: {
            original_mandate_reference: 'OLD-REF-1',
            original_creditor_id: 'FR12ZZZ123456',
            original_creditor_name: 'Previous Provider',
          },
        },
      }),
  },
  // The reference lists entries of one import: `mandate_import` is a required filter.
  'mandate_import_entries.list.0': {
    request: () => get('/mandate_import_entries'),
    refused: { status: 422, type: 'validation_failed', errors: ['mandate_import'] },
  },
  'mandate_imports.create.0': { request: () => post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } }) },
  'mandate_imports.get.0': { request: async (_s, f) => get(`/mandate_imports/${await f.mandateImport()}`) },
  'mandate_imports.submit.0': {
    request: async (_s, f) => act(`/mandate_imports/${await f.mandateImport(1)}/actions/submit`),
  },
  'mandate_imports.cancel.0': {
    request: async (_s, f) => act(`/mandate_imports/${await f.mandateImport()}/actions/cancel`),
  },
  'mandate_pdfs.create.0': {
    request: (s) => post('/mandate_pdfs', { mandate_pdfs: { links: { mandate: s.mandate } } }),
  },
  'mandate_pdfs.create.1': {
    request: async (_s, f) => post('/mandate_pdfs', { mandate_pdfs: { links: { mandate: await f.mandate() } } }),
  },
  'mandate_pdfs.create.2': {
    request: () =>
      post(
        '/mandate_pdfs',
        { mandate_pdfs: { account_number: '44779911', branch_code: '200000', country_code: 'GB' } },
        { headers: { 'Accept-Language': 'de' } },
      ),
  },
  'mandates.create.0': {
    request: async (s, f) =>
      post('/mandates', {
        mandates: {
          scheme: 'bacs',
          metadata: { contract: 'K-77' },
          links: { customer_bank_account: await f.bankAccount(), creditor: s.m.creditorId },
        },
      }),
  },
  'mandates.list.0': { request: () => get('/mandates') },
  'mandates.list.1': { request: (s) => get('/mandates', { customer: s.customer }) },
  'mandates.get.0': { request: (s) => get(`/mandates/${s.mandate}`) },
  'mandates.update.0': { request: (s) => put(`/mandates/${s.mandate}`, { mandates: { metadata: { crm: 'M-1' } } }) },
  'mandates.cancel.0': { request: async (_s, f) => act(`/mandates/${await f.mandate()}/actions/cancel`) },
  'mandates.reinstate.0': {
    request: async (s, f) => act(`/mandates/${await cancelledMandate(s, f)}/actions/reinstate`),
  },
  'negative_balance_limits.list.0': {
    request: (s) => get('/negative_balance_limits', { currency: 'GBP', creditor: s.m.creditorId }),
  },
  'outbound_payment_import_entries.list.0': {
    request: async (_s, f) =>
      get('/outbound_payment_import_entries', {
        outbound_payment_import: await f.outboundPaymentImport(),
        limit: '10',
      }),
  },
  'outbound_payment_imports.create.0': {
    request: async (s, f) =>
      post('/outbound_payment_imports', {
        outbound_payment_imports: {
          entry_items: [
            {
              amount: 300,
              scheme: 'faster_payments',
              reference: 'Rebate 1',
              recipient_bank_account_id: await f.bankAccount(),
            },
            {
              amount: 400,
              scheme: 'faster_payments',
              reference: 'Rebate 2',
              recipient_bank_account_id: await f.bankAccount(),
              metadata: { order: 'R-2' },
            },
          ],
          links: { creditor: s.m.creditorId },
        },
      }),
  },
  'outbound_payment_imports.get.0': {
    request: async (_s, f) => get(`/outbound_payment_imports/${await f.outboundPaymentImport()}`),
  },
  'outbound_payment_imports.list.0': { request: () => get('/outbound_payment_imports', { limit: '10' }) },
  'outbound_payments.create.0': {
    request: async (s, f) =>
      post('/outbound_payments', {
        outbound_payments: {
          amount: 250,
          scheme: 'faster_payments',
          description: 'Loyalty reward',
          reference: 'Reward 9',
          links: { creditor: s.m.creditorId, recipient_bank_account: await f.bankAccount() },
        },
      }),
  },
  'outbound_payments.withdraw.0': {
    request: (s) =>
      post('/outbound_payments/withdrawal', {
        data: {
          amount: 150,
          scheme: 'faster_payments',
          description: 'To our business account',
          links: { creditor: s.m.creditorId },
        },
      }),
  },
  'outbound_payments.cancel.0': {
    request: async (_s, f) => act(`/outbound_payments/${await f.outboundPayment()}/actions/cancel`),
  },
  'outbound_payments.approve.0': {
    request: async (s, f) =>
      act(`/outbound_payments/${await waitingOutboundPayment(s, f)}/actions/approve`, 'approver'),
  },
  'outbound_payments.get.0': { request: async (_s, f) => get(`/outbound_payments/${await f.outboundPayment()}`) },
  'outbound_payments.list.0': { request: () => get('/outbound_payments', { limit: '10' }) },
  'outbound_payments.update.0': {
    request: async (_s, f) =>
      put(`/outbound_payments/${await f.outboundPayment()}`, { outbound_payments: { metadata: { invoice: 'INV-9' } } }),
  },
  'outbound_payments.stats.0': { request: () => get('/outbound_payments/stats') },
  'payer_authorisations.get.0': {
    request: async (_s, f) => get(`/payer_authorisations/${await f.payerAuthorisation(false)}`),
  },
  'payer_authorisations.create.0': {
    request: () => post('/payer_authorisations', { payer_authorisations: payerAuthorisation }),
  },
  'payer_authorisations.update.0': {
    request: async (_s, f) =>
      put(`/payer_authorisations/${await f.payerAuthorisation(false)}`, { payer_authorisations: payerAuthorisation }),
  },
  'payer_authorisations.submit.0': {
    request: async (_s, f) => act(`/payer_authorisations/${await f.payerAuthorisation()}/actions/submit`),
  },
  'payer_authorisations.confirm.0': {
    request: async (s, f) => act(`/payer_authorisations/${await submittedPayerAuthorisation(s, f)}/actions/confirm`),
  },
  'payer_themes.create_for_creditor.0': {
    request: (s) =>
      post('/branding/payer_themes', {
        payer_themes: {
          header_background_colour: '#1D70B8',
          link_text_colour: '#00703C',
          button_background_colour: '#0B0C0C',
          content_box_border_colour: '#505A5F',
          links: { creditor: s.m.creditorId },
        },
      }),
  },
  'payment_account_transactions.get.0': {
    request: async (s) => get(`/payment_account_transactions/${await transaction(s)}`),
  },
  'payment_account_transactions.list.0': {
    request: (s) =>
      get(`/payment_accounts/${s.paymentAccount}/transactions`, {
        value_date_from: '2020-01-01',
        value_date_to: inDays(1),
      }),
  },
  // A charge date in 2014, in the past; and a reference Bacs refuses beside our mandate's own.
  'payments.create.0': {
    request: (s) =>
      post('/payments', {
        payments: {
          amount: '120',
          currency: 'GBP',
          charge_date: '2015-02-02',
          reference: 'FRUITBOX01',
          metadata: { dispatched: '2015-02-05' },
          links: { mandate: s.mandate },
        },
      }),
    refused: { ...PAST, errors: ['reference', 'charge_date'] },
  },
  'payments.list.0': { request: () => get('/payments') },
  'payments.list.1': { request: () => get('/payments', { 'created_at[gt]': '2021-06-01T08:00:00.000Z' }) },
  'payments.get.0': { request: async (_s, f) => get(`/payments/${await f.payment()}`) },
  'payments.update.0': {
    request: async (_s, f) => put(`/payments/${await f.payment()}`, { payments: { metadata: { crm: 'P-1' } } }),
  },
  'payments.cancel.0': { request: async (_s, f) => act(`/payments/${await f.payment()}/actions/cancel`) },
  'payments.retry.0': { request: async (_s, f) => act(`/payments/${await f.payment('payment_failed')}/actions/retry`) },
  'payout_items.list.0': { request: async (s) => get('/payout_items', { payout: await payout(s) }, 'paidOut') },
  'payout_items.list.1': {
    request: async (s) => get('/payout_items', { payout: await payout(s), limit: '3' }, 'paidOut'),
  },
  'payouts.list.0': { request: () => get('/payouts', undefined, 'paidOut') },
  'payouts.list.1': { request: () => get('/payouts', { status: 'pending' }, 'paidOut') },
  'payouts.get.0': { request: async (s) => get(`/payouts/${await payout(s)}`, undefined, 'paidOut') },
  'payouts.update.0': {
    request: async (s) => put(`/payouts/${await payout(s)}`, { payouts: { metadata: { ledger: 'L-1' } } }, 'paidOut'),
  },
  'redirect_flows.create.0': {
    request: () =>
      post('/redirect_flows', {
        redirect_flows: {
          description: 'Fruit boxes',
          session_token: 'SESS_sample_replay',
          success_redirect_url: 'https://merchant.example/pay/confirm',
          prefilled_customer: { given_name: 'Ada', family_name: 'Byron', email: email() },
        },
      }),
  },
  'redirect_flows.get.0': { request: async (_s, f) => get(`/redirect_flows/${await f.redirectFlow()}`) },
  // The payer has not been through the hosted pages yet, as the real API also refuses; the whole
  // flow, payer included, completes in official-client-redirect-flows.test.ts.
  'redirect_flows.complete.0': {
    request: async (_s, f) =>
      post(`/redirect_flows/${await f.redirectFlow()}/actions/complete`, {
        data: { session_token: 'SESS_every_method' },
      }),
    refused: { status: 422, type: 'invalid_state', errors: ['redirect_flow_incomplete'] },
  },
  // A confirmation of 150 with 100 refunded now is only right after 50 were refunded before: on a
  // payment with no refund yet it is refused.
  'refunds.create.0': {
    request: async (_s, f) =>
      post('/refunds', {
        refunds: {
          amount: '100',
          total_amount_confirmation: '150',
          reference: 'Late box',
          metadata: { why: 'late' },
          links: { payment: await f.payment('payment_confirmed') },
        },
      }),
    refused: { status: 422, type: 'invalid_state', errors: ['total_amount_confirmation_invalid'] },
  },
  'refunds.list.0': { request: () => get('/refunds') },
  'refunds.list.1': { request: (s) => get('/refunds', { mandate: s.mandate }) },
  'refunds.get.0': { request: async (s, f) => get(`/refunds/${await refund(s, f)}`) },
  'refunds.update.0': {
    request: async (s, f) => put(`/refunds/${await refund(s, f)}`, { refunds: { metadata: { crm: 'R-1' } } }),
  },
  'scenario_simulators.run.0': {
    request: async (_s, f) =>
      post('/scenario_simulators/payment_failed/actions/run', { data: { links: { resource: await f.payment() } } }),
  },
  'scheme_identifiers.create.0': {
    request: (s) =>
      post('/scheme_identifiers', {
        scheme_identifiers: { scheme: 'bacs', name: 'The Fruit Club', links: { creditor: s.m.creditorId } },
      }),
  },
  'scheme_identifiers.list.0': { request: () => get('/scheme_identifiers') },
  'scheme_identifiers.get.0': { request: async (_s, f) => get(`/scheme_identifiers/${await f.schemeIdentifier()}`) },
  'subscriptions.create.0': {
    request: (s) =>
      post('/subscriptions', {
        subscriptions: {
          amount: '1800',
          currency: 'GBP',
          name: 'Fruit box',
          interval_unit: 'monthly',
          day_of_month: '5',
          metadata: { order: 'F-5' },
          links: { mandate: s.mandate },
        },
      }),
  },
  'subscriptions.list.0': { request: () => get('/subscriptions') },
  'subscriptions.list.1': { request: (s) => get('/subscriptions', { customer: s.customer }) },
  'subscriptions.get.0': { request: async (_s, f) => get(`/subscriptions/${await f.subscription()}`) },
  // An amount of 42 pence is below Bacs' minimum for a payment.
  'subscriptions.update.0': {
    request: async (_s, f) =>
      put(`/subscriptions/${await f.subscription()}`, { subscriptions: { amount: '42', name: 'Fruit box (small)' } }),
    refused: { status: 422, type: 'validation_failed', errors: ['amount'] },
  },
  'subscriptions.pause.0': { request: async (_s, f) => act(`/subscriptions/${await f.subscription()}/actions/pause`) },
  'subscriptions.resume.0': {
    request: async (s, f) => act(`/subscriptions/${await pausedSubscription(s, f)}/actions/resume`),
  },
  'subscriptions.cancel.0': {
    request: async (_s, f) => act(`/subscriptions/${await f.subscription()}/actions/cancel`),
  },
  'tax_rates.list.0': { request: () => get('/tax_rates') },
  'tax_rates.list.1': { request: () => get('/tax_rates', { jurisdiction: 'GB' }) },
  'tax_rates.get.0': { request: () => get('/tax_rates/GB_VAT_1') },
  'transferred_mandates.transferred_mandates.0': {
    request: async (s, f) => {
      const mandate = await f.mandate();
      await s.m.api.post('/scenario_simulators/mandate_transferred/actions/run', {
        data: { links: { resource: mandate } },
      });
      return get(`/transferred_mandates/${mandate}`);
    },
  },
  'verification_details.create.0': {
    request: (s) =>
      post('/verification_details', {
        verification_details: {
          name: 'Fruit Club Ltd',
          company_number: '07654321',
          address_line1: '4 Orchard Row',
          city: 'Leeds',
          description: 'fruit box deliveries',
          postal_code: 'LS2 7EW',
          directors: [
            {
              given_name: 'Ada',
              family_name: 'Byron',
              city: 'Leeds',
              date_of_birth: '1979-11-03',
              street: 'Orchard Row',
              postal_code: 'LS2 7EW',
              country_code: 'GB',
            },
          ],
          links: { creditor: s.m.creditorId },
        },
      }),
  },
  'verification_details.list.0': { request: (s) => get('/verification_details', { creditor: s.m.creditorId }) },
  'webhooks.list.0': { request: () => get('/webhooks') },
  'webhooks.list.1': { request: () => get('/webhooks', { 'created_at[gt]': '2021-06-01T08:00:00.000Z' }) },
  'webhooks.get.0': { request: (s) => get(`/webhooks/${s.webhook}`) },
  'webhooks.retry.0': { request: (s) => act(`/webhooks/${s.webhook}/actions/retry`) },
};

/** Sends one sample as its entry makes it, as the merchant its entry names. */
export async function replaySample(s: Sandbox, f: Fresh, approver: ApiClient, key: string) {
  const made = await SAMPLES[key]!.request(s, f);
  const query = made.query ? `?${new URLSearchParams(made.query)}` : '';
  const client =
    made.as === 'plain'
      ? s.plain.m.api
      : made.as === 'paidOut'
        ? s.paidOut.m.api
        : made.as === 'approver'
          ? approver
          : s.m.api;
  const res = await client.request(made.method, `${made.path}${query}`, made.body, { headers: made.headers });
  return { made, res };
}

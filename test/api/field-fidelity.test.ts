import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS, createMandateViaBillingRequest, post } from '../support/journeys';
import { simulate } from '../support/money';

/**
 * Issue #37, "null versus absent": every attribute of a resource is in every answer, `null` when it
 * has no value, as the real API sends it; only sparse objects (`links`, event `details`) leave out
 * what does not apply (docs/api-fidelity.md). The field names below are the real API's example
 * answers' (its client libraries' fixtures), written out here per resource; each resource is made
 * with as little input as the API takes, so its empty attributes are the ones to see as `null`.
 */
const RESOURCES = {
  customers: {
    fields: [
      'address_line1',
      'address_line2',
      'address_line3',
      'city',
      'company_name',
      'country_code',
      'created_at',
      'danish_identity_number',
      'email',
      'family_name',
      'given_name',
      'id',
      'language',
      'metadata',
      'phone_number',
      'postal_code',
      'region',
      'swedish_identity_number',
    ],
    nullWhenEmpty: [
      'address_line1',
      'address_line2',
      'address_line3',
      'city',
      'company_name',
      'country_code',
      'danish_identity_number',
      'family_name',
      'given_name',
      'phone_number',
      'postal_code',
      'region',
      'swedish_identity_number',
    ],
    extensions: [],
  },
  customer_bank_accounts: {
    fields: [
      'account_holder_name',
      'account_number_ending',
      'account_type',
      'bank_account_token',
      'bank_name',
      'country_code',
      'created_at',
      'currency',
      'enabled',
      'id',
      'links',
      'metadata',
      'payer_name_verification_result',
      'trusted_recipient',
    ],
    nullWhenEmpty: ['account_type', 'bank_account_token', 'payer_name_verification_result'],
    extensions: [],
  },
  mandates: {
    fields: [
      'authorisation_source',
      'consent_parameters',
      'consent_type',
      'created_at',
      'funds_settlement',
      'id',
      'links',
      'mandate_type',
      'metadata',
      'next_possible_charge_date',
      'next_possible_standard_ach_charge_date',
      'payments_require_approval',
      'reference',
      'scheme',
      'status',
      'verified_at',
    ],
    nullWhenEmpty: ['consent_parameters', 'next_possible_standard_ach_charge_date', 'verified_at'],
    extensions: [],
  },
  payments: {
    fields: [
      'amount',
      'amount_refunded',
      'app_fee',
      'charge_date',
      'created_at',
      'currency',
      'description',
      'faster_ach',
      'fx',
      'id',
      'links',
      'metadata',
      'reference',
      'retry_if_possible',
      'scheme',
      'status',
    ],
    nullWhenEmpty: ['app_fee', 'description', 'faster_ach'],
    extensions: [],
  },
  subscriptions: {
    fields: [
      'amount',
      'app_fee',
      'count',
      'created_at',
      'currency',
      'day_of_month',
      'earliest_charge_date_after_resume',
      'end_date',
      'id',
      'interval',
      'interval_unit',
      'links',
      'metadata',
      'month',
      'name',
      'parent_plan_paused',
      'payment_reference',
      'retry_if_possible',
      'start_date',
      'status',
      'upcoming_payments',
    ],
    nullWhenEmpty: ['app_fee', 'count', 'earliest_charge_date_after_resume', 'end_date', 'month', 'payment_reference'],
    extensions: [],
  },
  creditors: {
    fields: [
      'address_line1',
      'address_line2',
      'address_line3',
      'bank_reference_prefix',
      'can_create_refunds',
      'city',
      'country_code',
      'created_at',
      'creditor_type',
      'custom_payment_pages_enabled',
      'fx_payout_currency',
      'id',
      'links',
      'logo_url',
      'mandate_imports_enabled',
      'merchant_responsible_for_notifications',
      'name',
      'postal_code',
      'region',
      'scheme_identifiers',
      'verification_status',
    ],
    nullWhenEmpty: ['address_line2', 'address_line3', 'region', 'fx_payout_currency', 'logo_url'],
    // The payer pages' contact (decision 0033).
    extensions: ['email', 'phone_number'],
  },
  refunds: {
    fields: ['amount', 'created_at', 'currency', 'fx', 'id', 'links', 'metadata', 'reference', 'status'],
    nullWhenEmpty: ['reference'],
    extensions: [],
  },
  payouts: {
    fields: [
      'amount',
      'arrival_date',
      'created_at',
      'currency',
      'deducted_fees',
      'fx',
      'id',
      'links',
      'metadata',
      'payout_type',
      'reference',
      'status',
      'tax_currency',
    ],
    nullWhenEmpty: [],
    extensions: [],
  },
  events: {
    fields: [
      'action',
      'created_at',
      'customer_notifications',
      'details',
      'id',
      'links',
      'metadata',
      'resource_metadata',
      'resource_type',
      'source',
    ],
    nullWhenEmpty: ['customer_notifications'],
    extensions: [],
  },
  instalment_schedules: {
    fields: ['created_at', 'currency', 'id', 'links', 'metadata', 'name', 'payment_errors', 'status', 'total_amount'],
    nullWhenEmpty: [],
    extensions: [],
  },
  creditor_bank_accounts: {
    fields: [
      'account_holder_name',
      'account_number_ending',
      'account_type',
      'bank_name',
      'country_code',
      'created_at',
      'currency',
      'enabled',
      'id',
      'links',
      'metadata',
      'verification_status',
    ],
    nullWhenEmpty: ['account_type'],
    extensions: [],
  },
  scheme_identifiers: {
    fields: [
      'address_line1',
      'address_line2',
      'address_line3',
      'can_specify_mandate_reference',
      'city',
      'country_code',
      'created_at',
      'currency',
      'email',
      'id',
      'minimum_advance_notice',
      'name',
      'phone_number',
      'postal_code',
      'reference',
      'region',
      'scheme',
      'status',
    ],
    nullWhenEmpty: ['address_line2', 'address_line3', 'region'],
    extensions: [],
  },
  blocks: {
    fields: [
      'active',
      'block_type',
      'created_at',
      'id',
      'reason_description',
      'reason_type',
      'resource_reference',
      'updated_at',
    ],
    nullWhenEmpty: ['reason_description'],
    extensions: [],
  },
  tax_rates: {
    fields: ['end_date', 'id', 'jurisdiction', 'percentage', 'start_date', 'type'],
    nullWhenEmpty: ['end_date'],
    extensions: [],
  },
} as const satisfies Record<
  string,
  { fields: readonly string[]; nullWhenEmpty: readonly string[]; extensions: readonly string[] }
>;
type Resource = keyof typeof RESOURCES;

/** The sparse objects' keys: only those that apply are sent, each one of the real API's. */
const LINKS: Partial<Record<Resource, readonly string[]>> = {
  payments: ['creditor', 'instalment_schedule', 'mandate', 'payout', 'subscription'],
  mandates: ['creditor', 'customer', 'customer_bank_account', 'new_mandate'],
  refunds: ['mandate', 'payment'],
};

const FX_FIELDS = ['estimated_exchange_rate', 'exchange_rate', 'fx_amount', 'fx_currency'];

let server: TestServer;
let m: Merchant;
const made = {} as Record<Resource, Record<string, unknown>>;

/** The resource as `GET /<resource>/{id}` answers it. */
async function fetched(resource: Resource, id: string) {
  const res = await m.api.get(`/${resource}/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body[resource] as Record<string, unknown>;
}

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });

  const customer = await post(m.api, '/customers', { customers: { email: 'min@example.com' } }, 201);
  made.customers = await fetched('customers', customer.customers.id);
  const account = await post(
    m.api,
    '/customer_bank_accounts',
    { customer_bank_accounts: { ...SANDBOX_ACCOUNTS.GBP, links: { customer: customer.customers.id } } },
    201,
  );
  made.customer_bank_accounts = await fetched('customer_bank_accounts', account.customer_bank_accounts.id);
  const mandate = await post(
    m.api,
    '/mandates',
    { mandates: { links: { customer_bank_account: account.customer_bank_accounts.id } } },
    201,
  );
  made.mandates = await fetched('mandates', mandate.mandates.id);

  // A mandate from a billing request can collect in the sandbox at once.
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  await simulate(m, 'mandate_activated', mandateId);
  const payment = await post(
    m.api,
    '/payments',
    { payments: { amount: 1500, currency: 'GBP', links: { mandate: mandateId } } },
    201,
  );
  const paymentId = payment.payments.id as string;
  made.payments = await fetched('payments', paymentId);
  await simulate(m, 'payment_paid_out', paymentId);
  const paidOut = await fetched('payments', paymentId);
  made.payouts = await fetched('payouts', (paidOut.links as { payout: string }).payout);
  // A refund is taken from funds not yet paid out: a second payment's, confirmed.
  const second = await post(
    m.api,
    '/payments',
    { payments: { amount: 1500, currency: 'GBP', links: { mandate: mandateId } } },
    201,
  );
  await simulate(m, 'payment_confirmed', second.payments.id);
  const refund = await post(
    m.api,
    '/refunds',
    { refunds: { amount: 100, total_amount_confirmation: 100, links: { payment: second.payments.id } } },
    201,
  );
  made.refunds = await fetched('refunds', refund.refunds.id);

  const subscription = await post(
    m.api,
    '/subscriptions',
    { subscriptions: { amount: 2000, currency: 'GBP', interval_unit: 'monthly', links: { mandate: mandateId } } },
    201,
  );
  made.subscriptions = await fetched('subscriptions', subscription.subscriptions.id);
  const schedule = await post(
    m.api,
    '/instalment_schedules',
    {
      instalment_schedules: {
        name: 'Sofa',
        currency: 'GBP',
        total_amount: 2000,
        instalments: [
          { amount: 1000, charge_date: null },
          { amount: 1000, charge_date: null },
        ],
        links: { mandate: mandateId },
      },
    },
    201,
  );
  made.instalment_schedules = await fetched('instalment_schedules', schedule.instalment_schedules.id);
  made.creditors = await fetched('creditors', m.creditorId);
  const [payoutAccount] = (await m.api.get(`/creditor_bank_accounts?creditor=${m.creditorId}&limit=500`)).body
    .creditor_bank_accounts;
  made.creditor_bank_accounts = await fetched('creditor_bank_accounts', payoutAccount.id);
  const identifier = await post(
    m.api,
    '/scheme_identifiers',
    { scheme_identifiers: { name: 'Min Ltd', scheme: 'bacs' } },
    201,
  );
  made.scheme_identifiers = await fetched('scheme_identifiers', identifier.scheme_identifiers.id);
  const block = await post(
    m.api,
    '/blocks',
    { blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'min-block@example.com' } },
    201,
  );
  made.blocks = await fetched('blocks', block.blocks.id);
  const taxRate = (await m.api.get('/tax_rates?limit=500')).body.tax_rates.find(
    (r: { end_date: string | null }) => r.end_date === null,
  );
  made.tax_rates = await fetched('tax_rates', taxRate.id);
  const [event] = (await m.api.get(`/events?mandate=${mandate.mandates.id}`)).body.events;
  made.events = await fetched('events', event.id);
});
afterAll(() => server?.close());

describe('every attribute of a resource, null where empty (issue #37)', () => {
  it.each(Object.keys(RESOURCES) as Resource[])('%s: the real API’s fields, and only documented extensions', (name) => {
    const spec = RESOURCES[name];
    const wire = made[name];
    expect(Object.keys(wire).sort()).toEqual([...spec.fields, ...spec.extensions].sort());
    for (const field of spec.nullWhenEmpty) expect(wire[field], `${name}.${field}`).toBeNull();
    const links = LINKS[name];
    if (links) for (const key of Object.keys(wire.links as object)) expect(links).toContain(key);
  });

  it('the same fields in a list as in a read, on every resource', async () => {
    for (const name of Object.keys(RESOURCES) as Resource[]) {
      if (name === 'creditors' || name === 'events' || name === 'tax_rates') continue;
      const res = await m.api.get(`/${name}?limit=500`);
      const row = (res.body[name] as { id: string }[]).find((r) => r.id === made[name].id);
      expect(row, name).toEqual(expect.objectContaining({ id: made[name].id }));
      expect(Object.keys(row!).sort(), name).toEqual(Object.keys(made[name]).sort());
    }
  });

  it('a payment paid out in its own currency: an fx block of nulls; faster_ach only on ACH (else null)', () => {
    expect(made.payments.fx).toEqual({
      fx_currency: null,
      fx_amount: null,
      exchange_rate: null,
      estimated_exchange_rate: null,
    });
    expect(made.payments.scheme).toBe('bacs');
    expect(made.payments.faster_ach).toBeNull();
    // A refund's and a payout's fx name their own currency when nothing is exchanged (decision 0041).
    for (const fx of [made.refunds.fx, made.payouts.fx])
      expect(fx).toEqual({ fx_currency: 'GBP', fx_amount: null, exchange_rate: null, estimated_exchange_rate: null });
  });

  it('an ACH payment: faster_ach false unless asked for, true when asked', async () => {
    // A pending mandate takes payments; ACH's simulator only applies once it is submitted.
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'USD' });
    const pay = (body: Record<string, unknown>) =>
      post(
        m.api,
        '/payments',
        { payments: { amount: 1500, currency: 'USD', links: { mandate: mandateId }, ...body } },
        201,
      );
    const standard = (await pay({})).payments;
    expect(standard).toMatchObject({ scheme: 'ach', faster_ach: false });
    const faster = (await pay({ faster_ach: true })).payments;
    expect(faster).toMatchObject({ scheme: 'ach', faster_ach: true });
    expect((await fetched('payments', faster.id)).faster_ach).toBe(true);
  });

  it('a monthly subscription with no day or month named: day_of_month chosen, month null', () => {
    expect(made.subscriptions.month).toBeNull();
    expect(made.subscriptions.name).toBeNull();
  });

  it('a mandate’s consent parameters, when it has them, carry each of their fields (null when unset)', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, {
      currency: 'GBP',
      mandate_request: { constraints: { max_amount_per_payment: 5000 } },
    });
    const mandate = await fetched('mandates', mandateId);
    expect(mandate.consent_parameters).toEqual({
      start_date: null,
      end_date: null,
      max_amount_per_payment: 5000,
      max_amount_per_period: null,
      max_payments_per_period: null,
      period: null,
      period_alignment: null,
    });
  });
});

describe('/openapi.json says so: each attribute required, the empty ones nullable', () => {
  type Schema = {
    type?: string | string[];
    anyOf?: Schema[];
    properties?: Record<string, Schema>;
    required?: string[];
  };
  const allowsNull = (s: Schema): boolean =>
    s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')) || (s.anyOf ?? []).some(allowsNull);

  it.each(Object.keys(RESOURCES) as Resource[])('%s', async (name) => {
    const document = (await m.api.get('/openapi.json')).body;
    const answer = document.paths[`/${name}/{identity}`]?.get ?? document.paths[`/${name}/{id}`]?.get;
    expect(answer, `GET /${name}/{id}`).toBeDefined();
    const body: Schema = answer.responses['200'].content['application/json'].schema;
    // The resource is a named component schema (decision 0088).
    const named = (body.properties![name] as { $ref?: string }).$ref?.replace('#/components/schemas/', '');
    const resource: Schema = named ? document.components.schemas[named] : body.properties![name]!;
    const spec = RESOURCES[name];
    expect([...(resource.required ?? [])].sort()).toEqual([...spec.fields, ...spec.extensions].sort());
    for (const field of spec.nullWhenEmpty) expect(allowsNull(resource.properties![field]!), field).toBe(true);
    if (name === 'payments') {
      const fx = resource.properties!.fx!;
      expect([...(fx.required ?? [])].sort()).toEqual(FX_FIELDS);
      for (const field of FX_FIELDS) expect(allowsNull(fx.properties![field]!), `fx.${field}`).toBe(true);
    }
  });
});

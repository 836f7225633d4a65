import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshResources, payerAuthorisationBody, redirectFlowBody, type Fresh } from '../support/every-method-fresh';
import { inDays, startSandbox, type Sandbox } from '../support/every-method-sandbox';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post } from '../support/journeys';
import { key, outbound } from '../support/outbound';

/**
 * Issue #37, "null versus absent", for the resources test/api/field-fidelity.test.ts does not
 * cover (decision 0083): each made through the API once with the fewest fields it takes and once
 * with all of them, its key set compared with the real API's field names (written out here from
 * the shapes of its client libraries' example answers), the empty attributes `null` in the
 * fewest. Only sparse objects (`links`, a billing request's action-specific keys) leave keys out.
 */
interface Shape {
  fields: readonly string[];
  /** Keys we send that the real API does not have, each documented in docs/api-fidelity.md. */
  extensions?: readonly string[];
}

const FIELDS = {
  webhooks: {
    fields: [
      'created_at',
      'id',
      'is_test',
      'request_body',
      'request_headers',
      'response_body',
      'response_body_truncated',
      'response_code',
      'response_headers',
      'response_headers_content_truncated',
      'response_headers_count_truncated',
      'successful',
      'url',
    ],
  },
  redirect_flows: {
    fields: [
      'confirmation_url',
      'created_at',
      'description',
      'id',
      'links',
      'mandate_reference',
      'metadata',
      'redirect_url',
      'scheme',
      'session_token',
      'success_redirect_url',
    ],
  },
  outbound_payments: {
    fields: [
      'amount',
      'created_at',
      'currency',
      'description',
      'execution_date',
      'id',
      'is_withdrawal',
      'links',
      'metadata',
      'reference',
      'scheme',
      'status',
      'verifications',
    ],
  },
  outbound_payment_imports: {
    fields: ['amount_sum', 'authorisation_url', 'created_at', 'currency', 'entry_counts', 'id', 'links', 'status'],
  },
  outbound_payment_import_entries: {
    fields: [
      'amount',
      'created_at',
      'id',
      'links',
      'metadata',
      'processed_at',
      'reference',
      'scheme',
      'validation_errors',
      'verification_result',
    ],
  },
  payment_accounts: {
    fields: ['account_balance', 'account_holder_name', 'account_number_ending', 'bank_name', 'currency', 'id', 'links'],
  },
  payment_account_transactions: {
    fields: [
      'amount',
      'balance_after_transaction',
      'counterparty_name',
      'currency',
      'description',
      'direction',
      'id',
      'links',
      'reference',
      'value_date',
    ],
  },
  billing_requests: {
    fields: [
      'actions',
      'created_at',
      'fallback_enabled',
      'fallback_occurred',
      'id',
      'instalment_schedule_request',
      'links',
      'mandate_request',
      'metadata',
      'payment_context_code',
      'payment_purpose_code',
      'payment_request',
      'purpose_code',
      'resources',
      'status',
      'subscription_request',
    ],
  },
  billing_request_templates: {
    fields: [
      'authorisation_url',
      'created_at',
      'id',
      'mandate_request_constraints',
      'mandate_request_currency',
      'mandate_request_description',
      'mandate_request_metadata',
      'mandate_request_scheme',
      'mandate_request_verify',
      'metadata',
      'name',
      'payment_request_amount',
      'payment_request_currency',
      'payment_request_description',
      'payment_request_metadata',
      'payment_request_scheme',
      'redirect_uri',
      'updated_at',
    ],
  },
  billing_request_flows: {
    fields: [
      'authorisation_url',
      'auto_fulfil',
      'created_at',
      'customer_details_captured',
      'exit_uri',
      'expires_at',
      'id',
      'language',
      'links',
      'lock_bank_account',
      'lock_currency',
      'lock_customer_details',
      'prefilled_bank_account',
      'prefilled_customer',
      'redirect_uri',
      'session_token',
      'show_redirect_buttons',
      'show_success_redirect_button',
      'skip_success_screen',
    ],
  },
  bank_authorisations: {
    fields: [
      'authorisation_type',
      'authorised_at',
      'created_at',
      'expires_at',
      'id',
      'last_visited_at',
      'links',
      'qr_code_url',
      'redirect_uri',
      'url',
    ],
  },
  bank_account_holder_verifications: {
    fields: ['actual_account_name', 'id', 'result', 'status', 'type'],
    // The caller's own label, echoed.
    extensions: ['reference'],
  },
  verification_details: {
    fields: [
      'address_line1',
      'address_line2',
      'address_line3',
      'city',
      'company_number',
      'country_code',
      'description',
      'directors',
      'links',
      'name',
      'postal_code',
      'region',
    ],
  },
  mandate_imports: { fields: ['created_at', 'id', 'links', 'scheme', 'status'] },
  mandate_import_entries: { fields: ['created_at', 'links', 'processing_errors', 'record_identifier'] },
  payer_authorisations: {
    fields: ['bank_account', 'created_at', 'customer', 'id', 'incomplete_fields', 'links', 'mandate', 'status'],
  },
} as const satisfies Record<string, Shape>;
type Resource = keyof typeof FIELDS;

/** Nested attribute objects: every key, as the real API's. */
const NESTED = {
  mandate_request: {
    fields: [
      'authorisation_source',
      'consent_type',
      'constraints',
      'currency',
      'description',
      'funds_settlement',
      'links',
      'metadata',
      'payer_requested_dual_signature',
      'scheme',
      'sweeping',
      'verify',
    ],
    // The mandate's own reference, when the merchant chose one.
    extensions: ['reference'],
  },
  constraints: {
    fields: ['end_date', 'max_amount_per_payment', 'payment_method', 'periodic_limits', 'start_date'],
  },
  periodic_limit: { fields: ['alignment', 'max_payments', 'max_total_amount', 'period'] },
  payment_request: {
    fields: [
      'amount',
      'app_fee',
      'currency',
      'description',
      'funds_settlement',
      'links',
      'metadata',
      'reference',
      'scheme',
    ],
  },
  subscription_request: {
    fields: [
      'amount',
      'app_fee',
      'count',
      'currency',
      'day_of_month',
      'interval',
      'interval_unit',
      'links',
      'metadata',
      'month',
      'name',
      'payment_reference',
      'retry_if_possible',
      'start_date',
    ],
  },
  instalment_schedule_request: {
    fields: [
      'app_fee',
      'currency',
      'instalments_with_dates',
      'instalments_with_schedule',
      'links',
      'metadata',
      'name',
      'payment_reference',
      'retry_if_possible',
      'total_amount',
    ],
  },
  instalment_with_date: { fields: ['amount', 'charge_date'] },
  resources: {
    fields: ['customer', 'customer_bank_account', 'customer_billing_detail'],
    // Once the payer chose a bank (select_institution); sparse.
    extensions: ['institution'],
  },
  resources_customer: {
    fields: [
      'company_name',
      'created_at',
      'email',
      'family_name',
      'given_name',
      'id',
      'language',
      'metadata',
      'phone_number',
    ],
  },
  resources_customer_bank_account: {
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
    ],
  },
  prefilled_customer: {
    fields: [
      'address_line1',
      'address_line2',
      'address_line3',
      'city',
      'company_name',
      'country_code',
      'danish_identity_number',
      'email',
      'family_name',
      'given_name',
      'postal_code',
      'region',
      'swedish_identity_number',
    ],
  },
  pa_customer: {
    fields: [
      'address_line1',
      'address_line2',
      'address_line3',
      'city',
      'company_name',
      'country_code',
      'danish_identity_number',
      'email',
      'family_name',
      'given_name',
      'locale',
      'metadata',
      'postal_code',
      'region',
      'swedish_identity_number',
    ],
  },
  pa_bank_account: {
    fields: [
      'account_holder_name',
      'account_number',
      'account_number_ending',
      'account_number_suffix',
      'account_type',
      'bank_code',
      'branch_code',
      'country_code',
      'currency',
      'iban',
      'metadata',
    ],
  },
  pa_mandate: { fields: ['metadata', 'payer_ip_address', 'reference', 'scheme'] },
  validation_errors_outbound_payment: { fields: ['amount', 'recipient_bank_account', 'reference', 'scheme'] },
} as const satisfies Record<string, Shape>;

const keysOf = (value: unknown) => Object.keys(value as object).sort();
const expected = (shape: Shape) => [...shape.fields, ...(shape.extensions ?? [])].sort();

/** The object has exactly the shape's keys (extensions only where `withExtensions`). */
function expectShape(label: string, value: unknown, shape: Shape, withExtensions = true) {
  expect(value, label).toEqual(expect.any(Object));
  const keys = keysOf(value);
  if (withExtensions) expect(keys, label).toEqual(expected(shape));
  else expect(keys, label).toEqual([...shape.fields].sort());
}

function expectNull(label: string, value: Record<string, unknown>, fields: readonly string[]) {
  for (const field of fields) expect(value[field], `${label}.${field}`).toBeNull();
}

let s: Sandbox;
let f: Fresh;
beforeAll(async () => {
  s = await startSandbox();
  f = freshResources(s);
}, 120_000);
afterAll(() => s?.server.close());

const get = async (path: string, key: string) => {
  const res = await s.m.api.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body[key] as Record<string, unknown>;
};
const read = (resource: Resource, id: string) => get(`/${resource}/${id}`, resource);
const create = async (resource: Resource, body: unknown, status = 201) =>
  (await post(s.m.api, `/${resource}`, { [resource]: body }, status))[resource] as Record<string, unknown>;

describe('every attribute, null where empty: the rest of the resources (issue #37)', () => {
  it('webhooks: a delivery the receiver answered carries every response field', async () => {
    const webhook = await read('webhooks', s.webhook);
    expectShape('webhooks', webhook, FIELDS.webhooks);
    expect(webhook).toMatchObject({ response_code: 200, successful: true });
    // In a list, the same keys.
    const [row] = (await s.m.api.get('/webhooks?limit=1')).body.webhooks;
    expectShape('webhooks[]', row, FIELDS.webhooks);
  });

  it('redirect_flows: fewest fields (description, scheme null) and all; completed-only fields null until then', async () => {
    const fewest = await create('redirect_flows', {
      session_token: 'SESS_min',
      success_redirect_url: 'https://merchant.example/done',
    });
    expectShape('redirect_flows (fewest)', fewest, FIELDS.redirect_flows);
    expectNull('redirect_flows', fewest, ['description', 'scheme', 'confirmation_url', 'mandate_reference']);
    expect(fewest.metadata).toEqual({});
    const all = await create('redirect_flows', {
      ...redirectFlowBody(),
      scheme: 'bacs',
      metadata: { crm: '1' },
      prefilled_customer: { given_name: 'Ada', email: 'ada@example.com' },
    });
    expectShape('redirect_flows (all)', await read('redirect_flows', all.id as string), FIELDS.redirect_flows);
    expect(all).toMatchObject({ description: 'Wine boxes', scheme: 'bacs', confirmation_url: null });
  });

  it('outbound_payments and their transactions: description and reference null when not given', async () => {
    const fewest = (await s.m.api.post('/outbound_payments', outbound(s.bankAccount, 100), key())).body
      .outbound_payments;
    expectShape('outbound_payments (fewest)', fewest, FIELDS.outbound_payments);
    expectNull('outbound_payments', fewest, ['description']);
    const res = await s.m.api.post(
      '/outbound_payments',
      outbound(s.bankAccount, 101, { description: 'Refund of order 7', reference: 'ORDER7', metadata: { order: '7' } }),
      key(),
    );
    expect(res.status, res.text).toBe(201);
    const all = await read('outbound_payments', res.body.outbound_payments.id);
    expectShape('outbound_payments (all)', all, FIELDS.outbound_payments);
    expect(all).toMatchObject({ description: 'Refund of order 7', reference: 'ORDER7' });

    const range = `value_date_from=2020-01-01&value_date_to=${inDays(1)}`;
    const rows = (await s.m.api.get(`/payment_accounts/${s.paymentAccount}/transactions?${range}&limit=100`)).body
      .payment_account_transactions as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expectShape('payment_account_transactions[]', row, FIELDS.payment_account_transactions);
    // A collected payment's credit has no counterparty of its own here: null, not absent.
    const credit = rows.find((r) => r.direction === 'credit');
    expect(credit).toBeDefined();
    expect(credit!.counterparty_name === null || typeof credit!.counterparty_name === 'string').toBe(true);
    expectShape(
      'payment_accounts',
      await get(`/payment_accounts/${s.paymentAccount}`, 'payment_accounts'),
      FIELDS.payment_accounts,
    );
  });

  it('outbound_payment_imports and their entries: every entry field, null until processed', async () => {
    const fewestId = await f.outboundPaymentImport();
    expectShape(
      'outbound_payment_imports',
      await read('outbound_payment_imports', fewestId),
      FIELDS.outbound_payment_imports,
    );
    const [fewest] = (await s.m.api.get(`/outbound_payment_import_entries?outbound_payment_import=${fewestId}`)).body
      .outbound_payment_import_entries;
    expectShape('outbound_payment_import_entries (fewest)', fewest, FIELDS.outbound_payment_import_entries);
    expectNull('outbound_payment_import_entries', fewest, [
      'reference',
      'processed_at',
      'verification_result',
      'validation_errors',
    ]);
    expect(fewest.metadata).toEqual({});

    const all = await create('outbound_payment_imports', {
      entry_items: [
        {
          amount: 0,
          scheme: 'faster_payments',
          recipient_bank_account_id: s.bankAccount,
          reference: 'INV 1',
          metadata: { invoice: '1' },
        },
      ],
    });
    const [invalid] = (await s.m.api.get(`/outbound_payment_import_entries?outbound_payment_import=${all.id}`)).body
      .outbound_payment_import_entries;
    expectShape('outbound_payment_import_entries (all)', invalid, FIELDS.outbound_payment_import_entries);
    expectShape(
      'validation_errors.outbound_payment',
      invalid.validation_errors.outbound_payment,
      NESTED.validation_errors_outbound_payment,
    );
    expect(invalid.validation_errors.outbound_payment).toMatchObject({
      amount: [expect.any(String)],
      recipient_bank_account: [],
      scheme: 'faster_payments',
    });
  });

  it('billing_requests: fewest (only a mandate request) has the other requests and the codes null', async () => {
    const fewest = await read('billing_requests', await f.billingRequest());
    expectShape('billing_requests (fewest)', fewest, FIELDS.billing_requests, false);
    expectNull('billing_requests', fewest, [
      'payment_request',
      'subscription_request',
      'instalment_schedule_request',
      'purpose_code',
      'payment_context_code',
      'payment_purpose_code',
    ]);
    const mandateRequest = fewest.mandate_request as Record<string, unknown>;
    expectShape('mandate_request', mandateRequest, NESTED.mandate_request);
    expectNull('mandate_request', mandateRequest, [
      'scheme',
      'description',
      'reference',
      'authorisation_source',
      'consent_type',
      'constraints',
    ]);
    expect(mandateRequest).toMatchObject({ sweeping: false, payer_requested_dual_signature: false });
    const resources = fewest.resources as Record<string, Record<string, unknown>>;
    expectShape('resources', resources, NESTED.resources, false);
    expect(resources.customer_bank_account).toBeNull();
    expectShape('resources.customer', resources.customer, NESTED.resources_customer);
    // The collect_bank_account action says no institution is guessed; the others leave it out.
    const actions = fewest.actions as Record<string, unknown>[];
    expect(actions.find((a) => a.type === 'collect_bank_account')).toMatchObject({
      institution_guess_status: 'not_needed',
    });
    for (const action of actions.filter((a) => a.type !== 'collect_bank_account'))
      expect(action).not.toHaveProperty('institution_guess_status');
  });

  it('billing_requests: all requests, constraints and codes; each request object with every field', async () => {
    const made = await create('billing_requests', {
      mandate_request: {
        currency: 'GBP',
        scheme: 'bacs',
        description: 'Gym',
        constraints: { max_amount_per_payment: 5000, periodic_limits: [{ period: 'month', max_payments: 2 }] },
      },
      payment_request: { amount: 1000, currency: 'GBP', description: 'Joining fee' },
      purpose_code: 'utility',
      metadata: { crm: '9' },
    });
    const id = made.id as string;
    const actions = `/billing_requests/${id}/actions`;
    await post(s.m.api, `${actions}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    await post(s.m.api, `${actions}/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP });
    const all = await read('billing_requests', id);
    expectShape('billing_requests (all)', all, FIELDS.billing_requests, false);
    expect(all.purpose_code).toBe('utility');
    const mandateRequest = all.mandate_request as Record<string, Record<string, unknown>>;
    expectShape('mandate_request.constraints', mandateRequest.constraints, NESTED.constraints);
    expect(mandateRequest.constraints).toMatchObject({ max_amount_per_payment: 5000, end_date: null });
    const [limit] = mandateRequest.constraints!.periodic_limits as Record<string, unknown>[];
    expectShape('periodic_limits[]', limit, NESTED.periodic_limit);
    expect(limit).toMatchObject({ period: 'month', max_payments: 2, max_total_amount: null });
    const payment = all.payment_request as Record<string, unknown>;
    expectShape('payment_request', payment, NESTED.payment_request);
    expectNull('payment_request', payment, ['app_fee', 'reference']);
    // Subscriptions through a billing request are ACH and PAD only.
    const recurring = await create('billing_requests', {
      mandate_request: { currency: 'USD' },
      subscription_request: { amount: 2000, currency: 'USD', interval_unit: 'monthly', name: 'Monthly' },
    });
    const subscription = recurring.subscription_request as Record<string, unknown>;
    expectShape('subscription_request', subscription, NESTED.subscription_request);
    expectNull('subscription_request', subscription, ['app_fee', 'count', 'month', 'payment_reference']);
    const resources = all.resources as Record<string, Record<string, unknown>>;
    expectShape(
      'resources.customer_bank_account',
      resources.customer_bank_account,
      NESTED.resources_customer_bank_account,
    );

    const instalments = await create('billing_requests', {
      instalment_schedule_request: {
        name: 'Sofa',
        currency: 'USD',
        total_amount: 2000,
        instalments_with_dates: [
          { amount: 1000, charge_date: inDays(20), description: 'First' },
          { amount: 1000, charge_date: inDays(50) },
        ],
      },
      mandate_request: { currency: 'USD' },
    });
    const schedule = instalments.instalment_schedule_request as Record<string, unknown>;
    expectShape('instalment_schedule_request', schedule, NESTED.instalment_schedule_request);
    expectNull('instalment_schedule_request', schedule, ['app_fee', 'payment_reference', 'instalments_with_schedule']);
    for (const instalment of schedule.instalments_with_dates as unknown[])
      expectShape('instalments_with_dates[]', instalment, NESTED.instalment_with_date);
  });

  it('billing_request_templates: fewest (a name) has every other field null; all has each set', async () => {
    const fewest = await create('billing_request_templates', { name: 'Bare', mandate_request_currency: 'GBP' });
    expectShape('billing_request_templates (fewest)', fewest, FIELDS.billing_request_templates);
    expectNull('billing_request_templates', fewest, [
      'mandate_request_description',
      'mandate_request_constraints',
      'payment_request_amount',
      'payment_request_currency',
      'payment_request_description',
      'payment_request_scheme',
      'payment_request_metadata',
      'redirect_uri',
    ]);
    const all = await create('billing_request_templates', {
      name: 'Gold',
      mandate_request_currency: 'GBP',
      mandate_request_scheme: 'bacs',
      mandate_request_description: 'Gold plan',
      mandate_request_verify: 'recommended',
      mandate_request_metadata: { plan: 'gold' },
      payment_request_amount: '100.00',
      payment_request_currency: 'GBP',
      payment_request_description: 'Joining',
      payment_request_metadata: { fee: 'joining' },
      redirect_uri: 'https://merchant.example/back',
    });
    expectShape('billing_request_templates (all)', all, FIELDS.billing_request_templates);
    expect(all.payment_request_amount).toBe('100.00');
  });

  it('billing_request_flows: fewest has the optional fields null; initialise sets session_token', async () => {
    const br = await f.billingRequest();
    const fewest = await create('billing_request_flows', { links: { billing_request: br } });
    expectShape('billing_request_flows (fewest)', fewest, FIELDS.billing_request_flows);
    expectNull('billing_request_flows', fewest, [
      'redirect_uri',
      'exit_uri',
      'language',
      'prefilled_customer',
      'prefilled_bank_account',
      'session_token',
    ]);
    const all = await create('billing_request_flows', {
      redirect_uri: 'https://merchant.example/back',
      exit_uri: 'https://merchant.example/exit',
      language: 'en',
      prefilled_customer: { given_name: 'Ada', email: 'ada@example.com' },
      links: { billing_request: await f.billingRequest() },
    });
    expectShape('billing_request_flows (all)', all, FIELDS.billing_request_flows);
    expectShape('prefilled_customer', all.prefilled_customer, NESTED.prefilled_customer);
    expect(all.prefilled_customer).toMatchObject({ given_name: 'Ada', family_name: null });
    // An account type is prefilled for USD accounts only.
    expect(all.prefilled_bank_account).toBeNull();
    const initialised = await post(s.m.api, `/billing_request_flows/${fewest.id}/actions/initialise`, { data: {} });
    expect(initialised.billing_request_flows.session_token).toEqual(expect.any(String));
  });

  it('bank_authorisations: last_visited_at and authorised_at null until the payer gets there', async () => {
    const made = await read('bank_authorisations', await f.bankAuthorisation());
    expectShape('bank_authorisations', made, FIELDS.bank_authorisations);
    expectNull('bank_authorisations', made, ['last_visited_at', 'authorised_at']);
  });

  it('bank_account_holder_verifications: fewest (no reference) and all', async () => {
    const fewest = await create('bank_account_holder_verifications', {
      type: 'confirmation_of_payee',
      links: { bank_account: s.bankAccount },
    });
    expectShape('bank_account_holder_verifications', fewest, FIELDS.bank_account_holder_verifications);
    expect(fewest.reference).toBeNull();
    const all = await create('bank_account_holder_verifications', {
      type: 'confirmation_of_payee',
      reference: 'CHECK 1',
      links: { bank_account: s.bankAccount },
    });
    expectShape('bank_account_holder_verifications', all, FIELDS.bank_account_holder_verifications);
  });

  it('verification_details: fewest has the extra address lines and region null', async () => {
    const base = {
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
      links: { creditor: s.m.creditorId },
    };
    const fewest = await create('verification_details', base);
    expectShape('verification_details (fewest)', fewest, FIELDS.verification_details);
    expectNull('verification_details', fewest, ['address_line2', 'address_line3', 'region']);
    const all = await create('verification_details', {
      ...base,
      address_line2: 'Floor 2',
      address_line3: 'Shoreditch',
    });
    expectShape('verification_details (all)', all, FIELDS.verification_details);
    expect(all).toMatchObject({ address_line2: 'Floor 2', address_line3: 'Shoreditch' });
  });

  it('mandate_imports and entries: record_identifier and processing_errors null when not given', async () => {
    const made = await create('mandate_imports', { scheme: 'bacs' });
    expectShape('mandate_imports', made, FIELDS.mandate_imports);
    const fewest = (
      await post(
        s.m.api,
        '/mandate_import_entries',
        {
          mandate_import_entries: {
            customer: { ...CUSTOMER_DETAILS.GBP.customer, ...CUSTOMER_DETAILS.GBP.customer_billing_detail },
            bank_account: { ...SANDBOX_ACCOUNTS.GBP },
            links: { mandate_import: made.id },
          },
        },
        201,
      )
    ).mandate_import_entries;
    expectShape('mandate_import_entries (fewest)', fewest, FIELDS.mandate_import_entries);
    expectNull('mandate_import_entries', fewest, ['record_identifier', 'processing_errors']);
  });

  it('payer_authorisations: each nested object with every field, null when unset; full numbers never sent', async () => {
    const made = await create('payer_authorisations', payerAuthorisationBody(false));
    expectShape('payer_authorisations', made, FIELDS.payer_authorisations);
    expectShape('payer_authorisations.customer', made.customer, NESTED.pa_customer);
    expectShape('payer_authorisations.bank_account', made.bank_account, NESTED.pa_bank_account);
    expectShape('payer_authorisations.mandate', made.mandate, NESTED.pa_mandate);
    expectNull('customer', made.customer as Record<string, unknown>, ['company_name', 'address_line1', 'region']);
    expectNull('bank_account', made.bank_account as Record<string, unknown>, [
      'account_holder_name',
      'account_number',
      'iban',
    ]);
    const complete = await create('payer_authorisations', payerAuthorisationBody(true));
    expect(complete.bank_account).toMatchObject({ iban: null, account_number: null });
    expect((complete.bank_account as { account_number_ending: string }).account_number_ending).toMatch(/^\w{2}$/);
  });
});

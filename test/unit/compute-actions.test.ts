import { describe, expect, it } from 'vitest';
import {
  computeActions,
  effectiveScheme,
  isInstantPayment,
  mandateSpec,
  openStatusFor,
  requestCurrency,
  type Action,
} from '../../server/domain/billing-requests/actions';
import type { BillingRequestRow, MandateRequest, PaymentRequest } from '../../server/domain/billing-requests/types';

/**
 * computeActions, rule by rule (spec: billing request actions): which actions a request has, which
 * are required, what each completes and requires, and how they finish — with no database.
 */
const mandateRequest = (over: Partial<MandateRequest> = {}): MandateRequest =>
  ({ id: 'MRQ1', currency: 'GBP', scheme: 'bacs', metadata: {}, verify: 'minimum', ...over }) as MandateRequest;
const paymentRequest = (over: Partial<PaymentRequest> = {}): PaymentRequest =>
  ({
    id: 'PRQ1',
    amount: 2500,
    currency: 'GBP',
    funds_settlement: 'managed',
    metadata: {},
    retry_if_possible: false,
    ...over,
  }) as PaymentRequest;

function request(over: Partial<BillingRequestRow>): BillingRequestRow {
  return {
    id: 'BRQ1',
    organisation_id: 'OR1',
    creditor_id: 'CR1',
    customer_id: 'CU1',
    customer_billing_detail_id: 'CBD1',
    customer_bank_account_id: null,
    status: 'pending',
    mandate_request: null,
    payment_request: null,
    subscription_request: null,
    instalment_schedule_request: null,
    metadata: {},
    fallback_enabled: false,
    fallback_occurred: false,
    purpose_code: null,
    payment_context_code: null,
    payment_purpose_code: null,
    completed_actions: [],
    institution: null,
    bank_authorisation_id: null,
    ...over,
  } as BillingRequestRow;
}

const complete = { email: 'p@example.com', given_name: 'Pat', family_name: 'Payer' };
const address = { address_line1: '1 Street', city: 'London', postal_code: 'SW1A 1AA', country_code: 'GB' };
const actionsOf = (r: BillingRequestRow, opts: { customer?: object; billing?: object; account?: boolean } = {}) =>
  computeActions({
    request: r,
    customer: opts.customer ?? {},
    billing: opts.billing ?? {},
    bankAccount: opts.account ? { currency: 'GBP' } : null,
  });
const byType = (actions: Action[]) => Object.fromEntries(actions.map((a) => [a.type, a]));
const summary = (actions: Action[]) => actions.map((a) => `${a.type}${a.required ? '' : '?'}`);

describe('computeActions', () => {
  it('a Direct Debit mandate alone: optional currency choice, details, account, confirmation', () => {
    const actions = actionsOf(request({ mandate_request: mandateRequest() }));
    expect(summary(actions)).toEqual([
      'choose_currency?',
      'collect_customer_details',
      'collect_bank_account',
      'confirm_payer_details',
    ]);
    const a = byType(actions);
    expect(a.collect_bank_account!.completes_actions).toEqual(['choose_currency']);
    expect(a.confirm_payer_details!.requires_actions).toEqual(['collect_customer_details', 'collect_bank_account']);
    expect(a.choose_currency!.available_currencies).toContain('EUR');
    expect(a.collect_customer_details!.collect_customer_details!.default_country_code).toBe('GB');
  });

  it('lists the missing customer fields, and completes the step once the scheme has what it needs', () => {
    const r = request({ mandate_request: mandateRequest() });
    const missing = byType(actionsOf(r)).collect_customer_details!;
    expect(missing.status).toBe('pending');
    expect(missing.collect_customer_details!.incomplete_fields.customer).toEqual(expect.arrayContaining(['email']));
    expect(missing.collect_customer_details!.incomplete_fields.customer_billing_detail).toEqual(
      expect.arrayContaining(['address_line1', 'city']),
    );
    expect(byType(actionsOf(r, { customer: complete, billing: address })).collect_customer_details!.status).toBe(
      'completed',
    );
  });

  it('an instant bank payment: details, institution, then a payment authorisation at the bank; no account step', () => {
    const actions = actionsOf(request({ payment_request: paymentRequest() }));
    expect(summary(actions)).toEqual(['collect_customer_details', 'select_institution', 'bank_authorisation']);
    const auth = byType(actions).bank_authorisation!;
    expect(auth.requires_actions).toEqual(['select_institution']);
    expect(auth.completes_actions).toEqual([]);
    expect(auth.bank_authorisation).toEqual({ adapter: 'open_banking_gateway_pis', authorisation_type: 'payment' });
  });

  it('a payment with a mandate: the bank authorisation also collects the account; no currency choice', () => {
    const a = byType(actionsOf(request({ payment_request: paymentRequest(), mandate_request: mandateRequest() })));
    expect(a.choose_currency).toBeUndefined();
    expect(a.bank_authorisation!.completes_actions).toEqual(['collect_bank_account']);
    expect(a.bank_authorisation!.required).toBe(true);
  });

  it('after a fallback, an instant payment becomes a Direct Debit mandate with no bank authorisation', () => {
    const r = request({ payment_request: paymentRequest(), fallback_enabled: true, fallback_occurred: true });
    expect(summary(actionsOf(r))).toEqual([
      'collect_customer_details',
      'collect_bank_account',
      'confirm_payer_details',
    ]);
  });

  it('verify=always requires a bank authorisation (account information); when_available only offers it', () => {
    const always = byType(
      actionsOf(request({ mandate_request: mandateRequest({ verify: 'always' }) as MandateRequest })),
    );
    expect([always.select_institution!.required, always.bank_authorisation!.required]).toEqual([true, true]);
    expect(always.bank_authorisation!.bank_authorisation!.adapter).toBe('open_banking_gateway_ais');
    const offered = byType(
      actionsOf(request({ mandate_request: mandateRequest({ verify: 'when_available' }) as MandateRequest })),
    );
    expect([offered.select_institution!.required, offered.bank_authorisation!.required]).toEqual([false, false]);
  });

  it('a VRP mandate authorises at the bank; a PayTo mandate names the account first and has no confirmation', () => {
    const vrp = actionsOf(request({ mandate_request: mandateRequest({ scheme: 'faster_payments' }) }));
    expect(summary(vrp)).toEqual([
      'collect_customer_details',
      'select_institution',
      'collect_bank_account',
      'confirm_payer_details',
      'bank_authorisation',
    ]);
    expect(byType(vrp).bank_authorisation!.bank_authorisation!.adapter).toBe('bank_pay_recurring');
    const payTo = actionsOf(request({ mandate_request: mandateRequest({ scheme: 'pay_to', currency: 'AUD' }) }));
    expect(summary(payTo)).toEqual(['collect_customer_details', 'collect_bank_account', 'bank_authorisation']);
    expect(byType(payTo).bank_authorisation!.requires_actions).toEqual([
      'collect_customer_details',
      'collect_bank_account',
    ]);
  });

  it('marks steps completed from what was done: currency chosen, institution, account, confirmation, authorisation', () => {
    const r = request({
      mandate_request: mandateRequest({ verify: 'always' }) as MandateRequest,
      completed_actions: ['choose_currency', 'confirm_payer_details', 'bank_authorisation'],
      institution: { id: 'monzo' } as never,
    });
    const statuses = Object.fromEntries(
      actionsOf(r, { customer: complete, billing: address, account: true }).map((a) => [a.type, a.status]),
    );
    expect(new Set(Object.values(statuses))).toEqual(new Set(['completed']));
  });
});

describe('computeActions, the less travelled branches', () => {
  it('the payer’s account completes choose_currency even when no currency was chosen', () => {
    const r = request({ mandate_request: mandateRequest() });
    expect(byType(actionsOf(r)).choose_currency!.status).toBe('pending');
    expect(byType(actionsOf(r, { account: true })).choose_currency!.status).toBe('completed');
  });

  it('a mandate with a subscription or an instalment schedule offers no currency choice', () => {
    for (const extra of [
      { subscription_request: { id: 'SBR1' } as never },
      { instalment_schedule_request: { id: 'ISR1' } as never },
    ]) {
      const a = byType(actionsOf(request({ mandate_request: mandateRequest(), ...extra })));
      expect(a.choose_currency).toBeUndefined();
      expect(a.collect_bank_account!.completes_actions).toEqual([]);
    }
  });

  it('a mandate without a scheme takes its currency’s scheme: SEPA asks only the country, and has no default one', () => {
    const r = request({ mandate_request: mandateRequest({ currency: 'EUR', scheme: null }) });
    const details = byType(actionsOf(r, { customer: complete })).collect_customer_details!;
    expect(details.collect_customer_details).toEqual({
      incomplete_fields: { customer: [], customer_billing_detail: ['country_code'] },
    });
    // Outside the EEA, SEPA needs the debtor's address too.
    const outside = byType(
      actionsOf(r, { customer: complete, billing: { country_code: 'CH' } }),
    ).collect_customer_details!;
    expect(outside.collect_customer_details!.incomplete_fields.customer_billing_detail).toEqual([
      'address_line1',
      'city',
      'postal_code',
    ]);
  });

  it('a company name stands for the payer’s names', () => {
    const r = request({ mandate_request: mandateRequest() });
    const details = byType(
      actionsOf(r, { customer: { email: 'a@b.example', company_name: 'Acme' }, billing: address }),
    ).collect_customer_details!;
    expect(details.status).toBe('completed');
  });

  it('ACH asks for the payer’s IP address online, not for a mandate taken by telephone or on paper', () => {
    const billing = { ...address, region: 'CA', country_code: 'US' };
    const online = request({ mandate_request: mandateRequest({ currency: 'USD', scheme: 'ach' }) });
    const missing = byType(actionsOf(online, { customer: complete, billing })).collect_customer_details!;
    expect(missing.collect_customer_details!.incomplete_fields.customer_billing_detail).toEqual(['ip_address']);
    expect(missing.collect_customer_details!.default_country_code).toBe('US');
    for (const source of ['telephone', 'paper'] as const) {
      const offline = request({
        mandate_request: mandateRequest({ currency: 'USD', scheme: 'ach', authorisation_source: source }),
      });
      expect(byType(actionsOf(offline, { customer: complete, billing })).collect_customer_details!.status).toBe(
        'completed',
      );
    }
  });

  it('a payment under a PayTo agreement is collected under the mandate, not paid at once', () => {
    const r = request({
      payment_request: paymentRequest({ currency: 'AUD' }),
      mandate_request: mandateRequest({ scheme: 'pay_to', currency: 'AUD' }),
    });
    const actions = actionsOf(r);
    expect(summary(actions)).toEqual(['collect_customer_details', 'collect_bank_account', 'bank_authorisation']);
    expect(byType(actions).bank_authorisation!.bank_authorisation).toEqual({
      adapter: 'bank_pay_recurring',
      authorisation_type: 'mandate',
    });
    expect(byType(actions).bank_authorisation!.completes_actions).toEqual([]);
  });

  it('a VRP mandate’s bank authorisation collects the account and requires the institution', () => {
    const a = byType(actionsOf(request({ mandate_request: mandateRequest({ scheme: 'faster_payments' }) })));
    expect(a.bank_authorisation).toMatchObject({
      required: true,
      completes_actions: ['collect_bank_account'],
      requires_actions: ['select_institution'],
      bank_authorisation: { authorisation_type: 'mandate' },
    });
    expect(a.select_institution!.required).toBe(true);
  });

  it('verify does not apply to an instant payment with a mandate: the payment’s authorisation is required anyway', () => {
    const a = byType(
      actionsOf(
        request({
          payment_request: paymentRequest(),
          mandate_request: mandateRequest({ verify: 'when_available' }) as MandateRequest,
        }),
      ),
    );
    expect(a.bank_authorisation!.required).toBe(true);
    expect(a.bank_authorisation!.bank_authorisation!.adapter).toBe('open_banking_gateway_pis');
  });

  it('the request’s scheme and currency: the mandate’s, the instant payment’s, or after a fallback the payment’s Direct Debit', () => {
    const instant = request({ payment_request: paymentRequest({ currency: 'EUR' }) });
    expect([effectiveScheme(instant), requestCurrency(instant), isInstantPayment(instant)]).toEqual([
      'faster_payments',
      'EUR',
      true,
    ]);
    const fellBack = request({ payment_request: paymentRequest({ currency: 'EUR' }), fallback_occurred: true });
    expect(mandateSpec(fellBack)).toEqual({ currency: 'EUR', scheme: 'sepa_core' });
    expect(isInstantPayment(fellBack)).toBe(false);
    expect(mandateSpec(request({}))).toBeNull();
    expect(requestCurrency(request({}))).toBe('GBP');
  });
});

describe('openStatusFor', () => {
  it('is ready to fulfil once every required action is completed, whatever the optional ones are', () => {
    const r = request({ mandate_request: mandateRequest(), completed_actions: ['confirm_payer_details'] });
    expect(openStatusFor(actionsOf(r))).toBe('pending');
    const done = actionsOf(r, { customer: complete, billing: address, account: true });
    expect(openStatusFor(done)).toBe('ready_to_fulfil');
    expect(openStatusFor(done.map((a) => (a.required ? a : { ...a, status: 'pending' as const })))).toBe(
      'ready_to_fulfil',
    );
  });
});

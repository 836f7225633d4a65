import { incompleteFields, type BillingSnapshot, type CustomerSnapshot } from '../schemes/customer-fields';
import { DEFAULT_SCHEME_FOR_CURRENCY, type Scheme } from '../schemes/types';
import { CURRENCIES, type Currency } from '../shared/money';
import type { ActionType, BillingRequestRow, BillingRequestStatus } from './types';

/**
 * The actions of a billing request, computed from what it asks for and what has been done, never
 * stored: they are recomputed after every change. Which actions appear depends on the request:
 *
 *  - a Direct Debit mandate: collect_customer_details, collect_bank_account, confirm_payer_details
 *    (and choose_currency, optional, when only a mandate is requested);
 *  - an instant bank payment: collect_customer_details, select_institution, bank_authorisation;
 *    with a mandate too, the bank authorisation also collects the bank account;
 *  - a VRP (faster_payments) mandate: select_institution and a bank authorisation that collects
 *    the account; a PayTo mandate: the account (PayID/BSB) then a bank authorisation, no confirmation;
 *  - a Direct Debit mandate with verify=always: a bank authorisation (account information) that
 *    verifies and collects the account; verify=when_available offers it without requiring it.
 */
export interface Action {
  type: ActionType;
  required: boolean;
  completes_actions: ActionType[];
  requires_actions: ActionType[];
  status: 'pending' | 'completed';
  available_currencies?: Currency[];
  collect_customer_details?: {
    incomplete_fields: { customer: string[]; customer_billing_detail: string[] };
    default_country_code?: string;
  };
  bank_authorisation?: { adapter: string; authorisation_type: 'payment' | 'mandate' };
}

export interface ActionInputs {
  request: BillingRequestRow;
  customer: CustomerSnapshot;
  billing: BillingSnapshot;
  bankAccount: { currency: string } | null;
}

const INSTANT_MANDATE_SCHEMES = new Set(['faster_payments', 'pay_to']);

const DEFAULT_COUNTRY: Partial<Record<Scheme, string>> = {
  bacs: 'GB',
  faster_payments: 'GB',
  ach: 'US',
  pad: 'CA',
  becs: 'AU',
  pay_to: 'AU',
  becs_nz: 'NZ',
  autogiro: 'SE',
  betalingsservice: 'DK',
};

/**
 * The mandate the request will set up, if any: its own mandate request, or — after a fallback
 * from an instant payment — a Direct Debit mandate in the payment's currency.
 */
export function mandateSpec(request: BillingRequestRow): { currency: string; scheme: Scheme } | null {
  const m = request.mandate_request;
  if (m)
    return {
      currency: m.currency,
      scheme: (m.scheme as Scheme | null | undefined) ?? DEFAULT_SCHEME_FOR_CURRENCY[m.currency as Currency],
    };
  if (request.payment_request && request.fallback_occurred) {
    const currency = request.payment_request.currency;
    return { currency, scheme: DEFAULT_SCHEME_FOR_CURRENCY[currency as Currency] };
  }
  return null;
}

/**
 * An instant bank payment: a payment request that has not fallen back to Direct Debit. A payment
 * requested with a PayTo agreement is instead collected under that agreement.
 */
export const isInstantPayment = (request: BillingRequestRow) =>
  Boolean(request.payment_request) && !request.fallback_occurred && request.mandate_request?.scheme !== 'pay_to';

/** The scheme whose customer details are needed: the mandate's, else the instant payment's. */
export function effectiveScheme(request: BillingRequestRow): Scheme {
  return mandateSpec(request)?.scheme ?? 'faster_payments';
}

/** The currency the bank account must be in. */
export function requestCurrency(request: BillingRequestRow): string {
  return mandateSpec(request)?.currency ?? request.payment_request?.currency ?? 'GBP';
}

const done = (request: BillingRequestRow, type: ActionType) => request.completed_actions.includes(type);

export function computeActions({ request, customer, billing, bankAccount }: ActionInputs): Action[] {
  const mandate = mandateSpec(request);
  const instantPayment = isInstantPayment(request);
  const instantMandate = mandate !== null && INSTANT_MANDATE_SCHEMES.has(mandate.scheme);
  const payTo = mandate?.scheme === 'pay_to';
  const verify = request.mandate_request?.verify ?? 'minimum';
  const verifiedMandate =
    mandate !== null && !instantMandate && !instantPayment && (verify === 'always' || verify === 'when_available');
  const bankAuthRequired = instantPayment || instantMandate || (verifiedMandate && verify === 'always');
  const withBankAuth = instantPayment || instantMandate || verifiedMandate;
  const mandateOnly =
    mandate !== null &&
    !request.payment_request &&
    !request.subscription_request &&
    !request.instalment_schedule_request;
  const offlineAch = ['telephone', 'paper'].includes(request.mandate_request?.authorisation_source ?? '');

  const actions: Action[] = [];
  const hasChooseCurrency = mandateOnly && !instantMandate;
  if (hasChooseCurrency) {
    actions.push({
      type: 'choose_currency',
      required: false,
      completes_actions: [],
      requires_actions: [],
      status: done(request, 'choose_currency') || bankAccount ? 'completed' : 'pending',
      available_currencies: [...CURRENCIES],
    });
  }

  const scheme = effectiveScheme(request);
  const incomplete = incompleteFields(scheme, customer, billing, { offlineAch });
  actions.push({
    type: 'collect_customer_details',
    required: true,
    completes_actions: [],
    requires_actions: [],
    status: incomplete.customer.length || incomplete.customer_billing_detail.length ? 'pending' : 'completed',
    collect_customer_details: {
      incomplete_fields: incomplete,
      ...(DEFAULT_COUNTRY[scheme] ? { default_country_code: DEFAULT_COUNTRY[scheme] } : {}),
    },
  });

  if (withBankAuth && !payTo) {
    actions.push({
      type: 'select_institution',
      required: bankAuthRequired,
      completes_actions: [],
      requires_actions: [],
      status: request.institution ? 'completed' : 'pending',
    });
  }

  if (mandate) {
    actions.push({
      type: 'collect_bank_account',
      required: true,
      completes_actions: hasChooseCurrency ? ['choose_currency'] : [],
      requires_actions: [],
      status: bankAccount ? 'completed' : 'pending',
    });
  }

  if (mandate && !payTo) {
    actions.push({
      type: 'confirm_payer_details',
      required: true,
      completes_actions: [],
      requires_actions: ['collect_customer_details', 'collect_bank_account'],
      status: done(request, 'confirm_payer_details') ? 'completed' : 'pending',
    });
  }

  if (withBankAuth) {
    const authorisationType = instantPayment ? 'payment' : 'mandate';
    const adapter = instantPayment
      ? 'open_banking_gateway_pis'
      : instantMandate
        ? 'bank_pay_recurring'
        : 'open_banking_gateway_ais';
    actions.push({
      type: 'bank_authorisation',
      required: bankAuthRequired,
      // At the bank the payer's account becomes known (PayTo names it beforehand instead).
      completes_actions: mandate && !payTo ? ['collect_bank_account'] : [],
      requires_actions: payTo ? ['collect_customer_details', 'collect_bank_account'] : ['select_institution'],
      status: done(request, 'bank_authorisation') ? 'completed' : 'pending',
      bank_authorisation: { adapter, authorisation_type: authorisationType },
    });
  }
  return actions;
}

/** Pending while a required action is outstanding, ready to fulfil once none is. */
export function openStatusFor(actions: Action[]): Extract<BillingRequestStatus, 'pending' | 'ready_to_fulfil'> {
  return actions.every((a) => !a.required || a.status === 'completed') ? 'ready_to_fulfil' : 'pending';
}

export function findAction(actions: Action[], type: ActionType): Action | undefined {
  return actions.find((a) => a.type === type);
}

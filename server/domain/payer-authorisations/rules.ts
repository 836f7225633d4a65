import { checkCustomerFormats, normaliseCustomerInput } from '../customers/rules';
import { CUSTOMER_LANGUAGES, type CustomerInput } from '../customers/types';
import { checkAccount, type CheckedAccount } from '../mandate-imports/entry-rules';
import { incompleteFields } from '../schemes/customer-fields';
import { validateMandateReference } from '../schemes/references';
import { CURRENCY_OF_SCHEME, DEFAULT_SCHEME_FOR_CURRENCY, SCHEMES, type Scheme } from '../schemes/types';
import type { FieldIssue } from '../shared/errors';
import type { PaCustomer, PayerAuthorisationInput, PayerAuthorisationRow } from './types';

/** The customer as a customer is stored: the API's `locale` (`en-GB`) becomes its language (`en`). */
function customerInput(customer: PaCustomer): CustomerInput {
  const { locale, ...rest } = customer;
  const language = locale?.trim().slice(0, 2).toLowerCase();
  return normaliseCustomerInput({
    ...rest,
    language: language && (CUSTOMER_LANGUAGES as readonly string[]).includes(language) ? language : null,
  } as CustomerInput);
}

export interface Checked {
  issues: FieldIssue[];
  customer: CustomerInput;
  account?: CheckedAccount;
  scheme?: Scheme;
}

/**
 * What a payer authorisation still lacks or has wrong, as `incomplete_fields` lists it (empty:
 * valid): the customer's formats and the fields its scheme needs, the bank details' per-country
 * rules, the scheme (given, or the account currency's usual one) and its currency and reference.
 * The same checks as a billing request's.
 */
export function checkPayerAuthorisation(
  pa: Pick<PayerAuthorisationRow, 'customer' | 'bank_account' | 'mandate'>,
): Checked {
  const customer = customerInput(pa.customer);
  const issues = checkCustomerFormats(customer, 'customer.').map((i) =>
    i.field === 'customer.language' ? { ...i, field: 'customer.locale' } : i,
  );
  const { account, issues: accountIssues } = checkAccount(pa.bank_account);
  issues.push(...accountIssues);
  const given = pa.mandate.scheme ?? undefined;
  let scheme: Scheme | undefined;
  if (given && !(SCHEMES as readonly string[]).includes(given)) {
    issues.push({ field: 'mandate.scheme', code: 'invalid_choice', params: { values: SCHEMES.join(', ') } });
  } else {
    scheme =
      (given as Scheme | undefined) ??
      (account ? DEFAULT_SCHEME_FOR_CURRENCY[account.currency as keyof typeof DEFAULT_SCHEME_FOR_CURRENCY] : undefined);
  }
  if (!scheme) {
    if (!given) issues.push({ field: 'mandate.scheme', code: 'required' });
    return { issues, customer, account };
  }
  const missing = incompleteFields(scheme, customer, { ...customer, ip_address: pa.mandate.payer_ip_address });
  for (const field of missing.customer) issues.push({ field: `customer.${field}`, code: 'required' });
  for (const field of missing.customer_billing_detail) {
    issues.push({ field: field === 'ip_address' ? 'mandate.payer_ip_address' : `customer.${field}`, code: 'required' });
  }
  const currency = CURRENCY_OF_SCHEME[scheme];
  if (account && account.currency !== currency) {
    issues.push({ field: 'bank_account.currency', code: 'bank_account_currency_mismatch', params: { currency } });
  }
  const reference = pa.mandate.reference?.trim();
  if (reference && !validateMandateReference(scheme, reference)) {
    issues.push({ field: 'mandate.reference', code: 'invalid_mandate_reference' });
  }
  return { issues, customer, account, scheme };
}

/**
 * A PUT's change: only the fields present replace the stored ones (a `null` clears one), but each
 * object's `metadata`, when sent, replaces the old metadata whole (spec).
 */
export function mergeUpdate(
  current: Pick<PayerAuthorisationRow, 'customer' | 'bank_account' | 'mandate'>,
  change: PayerAuthorisationInput,
): Pick<PayerAuthorisationRow, 'customer' | 'bank_account' | 'mandate'> {
  return {
    customer: { ...current.customer, ...(change.customer ?? {}) },
    bank_account: { ...current.bank_account, ...(change.bank_account ?? {}) },
    mandate: { ...current.mandate, ...(change.mandate ?? {}) },
  };
}

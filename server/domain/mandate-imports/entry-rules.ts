import { checkBankAccount } from '../bank-accounts/service';
import { checkCustomerFormats, normaliseCustomerInput } from '../customers/rules';
import type { CustomerInput } from '../customers/types';
import { incompleteFields } from '../schemes/customer-fields';
import { validateMandateReference } from '../schemes/references';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import { isDomainError, type FieldIssue } from '../shared/errors';
import type { EntryBankAccount, EntryCustomer, EntryMandate } from './types';

/** The account an entry names, checked as every bank account is (`checkBankAccount`). */
export type CheckedAccount = ReturnType<typeof checkBankAccount>;

/** `checkBankAccount`'s issues, pointed into a `bank_account` object (import entries, payer authorisations). */
export function checkAccount(
  input: EntryBankAccount & { account_number_suffix?: string | null; currency?: string | null },
): { account?: CheckedAccount; issues: FieldIssue[] } {
  try {
    return { account: checkBankAccount(input), issues: [] };
  } catch (error) {
    if (!isDomainError(error) || error.reason !== 'validation_failed') throw error;
    const issues = (error.options.fields ?? []).map((f) => ({ ...f, field: `bank_account.${f.field}` }));
    return { issues };
  }
}

/**
 * An entry's checks, the same as everywhere a customer, bank account and mandate are made: the
 * customer's formats and the fields the import's scheme needs (as a billing request's
 * collect_customer_details asks them), the bank details' per-country rules, the account's currency
 * against the scheme, and the scheme's mandate reference format. Run when the entry is added, and
 * again when it is processed (the normalised account is not stored).
 */
export function checkEntry(
  scheme: Scheme,
  entry: { customer: EntryCustomer; bank_account: EntryBankAccount; mandate?: EntryMandate | null },
): { customer: CustomerInput; account?: CheckedAccount; issues: FieldIssue[] } {
  const customer = normaliseCustomerInput(entry.customer as CustomerInput);
  const issues = checkCustomerFormats(customer, 'customer.');
  // An imported mandate's payer IP stayed with the old provider; ACH imports do not ask for it.
  const missing = incompleteFields(scheme, customer, customer, { offlineAch: true });
  for (const field of [...missing.customer, ...missing.customer_billing_detail]) {
    issues.push({ field: `customer.${field}`, code: 'required' });
  }
  const { account, issues: accountIssues } = checkAccount(entry.bank_account);
  issues.push(...accountIssues);
  const currency = CURRENCY_OF_SCHEME[scheme];
  if (account && account.currency !== currency) {
    issues.push({ field: 'bank_account.country_code', code: 'bank_account_currency_mismatch', params: { currency } });
  }
  const reference = entry.mandate?.reference?.trim();
  if (reference && !validateMandateReference(scheme, reference)) {
    issues.push({ field: 'mandate.reference', code: 'invalid_mandate_reference' });
  }
  return { customer, account, issues };
}

/** `processing_errors` from a refusal: the fields' codes, or the reason under the part it concerns. */
export function processingErrorsOf(issues: FieldIssue[], reason?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.field] ??= []).push(issue.code);
  if (reason && !issues.length) errors.mandate = [reason];
  return errors;
}

import type { Scheme } from '../schemes/types';
import type { EventDetails } from '../events/types';

/**
 * What a bank reports when it fails a mandate or a payment, or when a payer disputes one: the
 * event `details` the public API puts on those events (`origin: bank`, a `cause`, a description
 * and, where the scheme has one, the bank's `reason_code`). The sandbox's simulators report these.
 *
 * Reason codes are the schemes' own return codes, set only where we know the scheme's code for
 * the case: Bacs ARUDD/AUDDIS, SEPA ISO 20022 (AM04, AC01, MD06), ACH NACHA R-codes and
 * Canadian PAD (CPA) return codes. Elsewhere the event has no `reason_code`, which the reference
 * allows ("where relevant").
 */
export type BankReport =
  'insufficient_funds' | 'invalid_bank_details' | 'authorisation_disputed' | 'mandate_expired' | 'suspended_by_payer';

const REASON_CODES: Record<BankReport, Partial<Record<Scheme, string>>> = {
  insufficient_funds: { bacs: 'ARUDD-0', sepa_core: 'AM04', ach: 'R01', pad: '901' },
  invalid_bank_details: { bacs: 'AUDDIS-5', sepa_core: 'AC01', ach: 'R03', pad: '912' },
  authorisation_disputed: { sepa_core: 'MD06', ach: 'R10' },
  mandate_expired: {},
  suspended_by_payer: {},
};

const DESCRIPTIONS: Record<BankReport, string> = {
  insufficient_funds: "The customer's account had insufficient funds to make this payment.",
  invalid_bank_details: 'The bank account details provided were invalid or the account could not be found.',
  authorisation_disputed: 'The customer disputed having authorised you to collect this payment.',
  mandate_expired: 'The mandate expired because no payment was collected under it for a long time.',
  suspended_by_payer: 'The payer suspended the mandate in their banking app.',
};

/** The `details` of the event a bank report writes. Payment failures say whether we retry: we never do on our own. */
export function bankReportDetails(report: BankReport, scheme: string, resource: 'mandates' | 'payments'): EventDetails {
  const reasonCode = REASON_CODES[report][scheme as Scheme];
  return {
    origin: 'bank',
    cause: report,
    description: DESCRIPTIONS[report],
    scheme,
    ...(reasonCode ? { reason_code: reasonCode } : {}),
    ...(resource === 'payments' && report === 'insufficient_funds' ? { will_attempt_retry: false } : {}),
  };
}

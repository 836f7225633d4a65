import { sandboxHolderMatch, type HolderMatchResult } from '../account-holder-verifications/sandbox-names';
import { validateBankDetails, type BankDetailsInput } from '../schemes/bank-details';
import type { Scheme } from '../schemes/types';
import type { DomainContext } from '../shared/context';
import { validationFailed } from '../shared/errors';

export const PAYER_NAME_VERIFICATION_RESULTS = ['full', 'close', 'cannot_perform_verification'] as const;
export type PayerNameVerificationResult = (typeof PAYER_NAME_VERIFICATION_RESULTS)[number];

export interface BankDetailsLookupInput {
  account_holder_name?: string | null;
  account_number?: string | null;
  bank_code?: string | null;
  branch_code?: string | null;
  country_code?: string | null;
  iban?: string | null;
}

export interface BankDetailsLookup {
  bankName: string | null;
  bic: string | null;
  availableDebitSchemes: Scheme[];
  payerNameVerificationResult: PayerNameVerificationResult | null;
}

/**
 * The lookup's three answers to a name check. The reference's enum has no "no match": a name the
 * bank does not recognise is reported as a check that could not vouch for the name.
 */
const VERIFICATION_OF: Record<HolderMatchResult, PayerNameVerificationResult> = {
  full_match: 'full',
  partial_match: 'close',
  no_match: 'cannot_perform_verification',
  unable_to_match: 'cannot_perform_verification',
};

/**
 * Bank details lookups: the same per-country validation collect_bank_account and customer bank
 * accounts use, so a lookup that passes means the details will be accepted there. Nothing is
 * stored, so there is no unit of work to take.
 */
export function createBankDetailsLookupService(ctx: DomainContext) {
  /** Payer name verification runs on GB accounts only, and only the sandbox has a provider. */
  function verifyName(holder: string | undefined, countryCode: string): PayerNameVerificationResult | null {
    if (!holder || countryCode !== 'GB' || ctx.environment !== 'sandbox') return null;
    return VERIFICATION_OF[sandboxHolderMatch(holder).result];
  }

  return {
    lookUp(input: BankDetailsLookupInput): BankDetailsLookup {
      const { account_holder_name: holderName, ...details } = input;
      // A lookup has no account_type, which only ACH needs and which changes neither the bank nor
      // the schemes: a US account is checked as a checking account.
      const accountType = details.country_code?.trim().toUpperCase() === 'US' ? 'checking' : undefined;
      const result = validateBankDetails({ ...details, account_type: accountType } satisfies BankDetailsInput);
      if (!result.ok) {
        // A valid IBAN of a country no debit scheme reaches is a real account: it answers, empty.
        const [only] = result.issues;
        if (result.issues.length === 1 && only?.code === 'iban_unsupported_country')
          return { bankName: null, bic: null, availableDebitSchemes: [], payerNameVerificationResult: null };
        throw validationFailed(result.issues);
      }
      const { account } = result;
      return {
        bankName: account.bankName,
        bic: account.bic,
        availableDebitSchemes: account.schemes,
        payerNameVerificationResult: verifyName(holderName?.trim() || undefined, account.countryCode),
      };
    },
  };
}

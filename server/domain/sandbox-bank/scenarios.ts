import type { FileBankScheme } from '../bank-submissions/connections';

/**
 * What the sandbox's file bank answers for one instruction (decision 0092), chosen by the payer's
 * given name as the sandbox's name triggers are (docs/sandbox.md). Any other name is collected:
 * the bank accepts the file, books the SEPA and ACH debits, and Bacs says nothing more (a Bacs
 * debit no ARUDD returned is confirmed when its return window ends).
 */
export type SandboxOutcome = 'collected' | 'insufficient_funds' | 'invalid_bank_details' | 'cancelled_by_payer';

export const SANDBOX_BANK_NAMES: Record<string, Exclude<SandboxOutcome, 'collected'>> = {
  // The debit is returned unpaid: Bacs ARUDD "refer to payer", SEPA camt.054 AM04, ACH R01.
  Penniless: 'insufficient_funds',
  // The account does not exist: Bacs AUDDIS 5 on the lodgement (ARUDD 5 on a debit), SEPA pain.002 AC01, ACH R03.
  Invalid: 'invalid_bank_details',
  // The payer cancelled at their bank: Bacs ADDACS 1, SEPA camt.054 MD01, ACH R07.
  Cancelled: 'cancelled_by_payer',
};

export const sandboxOutcome = (givenName: string | null | undefined): SandboxOutcome =>
  givenName && Object.hasOwn(SANDBOX_BANK_NAMES, givenName) ? SANDBOX_BANK_NAMES[givenName]! : 'collected';

/** The scheme's code for each outcome, as the report carries it (the reader maps it to `reason_code`). */
export const RETURN_CODES: Record<
  Exclude<FileBankScheme, 'becs'>,
  Record<Exclude<SandboxOutcome, 'collected'>, { code: string; text: string }>
> = {
  bacs: {
    insufficient_funds: { code: '0', text: 'REFER TO PAYER' },
    invalid_bank_details: { code: '5', text: 'NO ACCOUNT' },
    cancelled_by_payer: { code: '1', text: 'INSTRUCTION CANCELLED' },
  },
  sepa_core: {
    insufficient_funds: { code: 'AM04', text: 'Insufficient funds' },
    invalid_bank_details: { code: 'AC01', text: 'Account identifier incorrect' },
    cancelled_by_payer: { code: 'MD01', text: 'No valid mandate' },
  },
  ach: {
    insufficient_funds: { code: 'R01', text: 'INSUFFICIENT FUNDS' },
    invalid_bank_details: { code: 'R03', text: 'NO ACCOUNT/UNABLE TO LOCATE ACCOUNT' },
    cancelled_by_payer: { code: 'R07', text: 'AUTHORIZATION REVOKED BY CUSTOMER' },
  },
};

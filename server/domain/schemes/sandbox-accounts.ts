import { payerName } from '../customers/name';
import type { CustomerRow } from '../customers/types';

/**
 * The accounts the simulated bank shares when a payer authorises a mandate there (the bank
 * confirms the account instead of the payer typing it): the public API's sandbox test details
 * (schemes.md § 5), one per currency.
 */
export const SANDBOX_BANK_ACCOUNTS: Record<string, { label: string; details: Record<string, string> }> = {
  GBP: {
    label: 'Current account 20-00-00 ••••9911',
    details: { branch_code: '200000', account_number: '55779911', country_code: 'GB' },
  },
  EUR: { label: 'Compte courant FR14 •••• 2606', details: { iban: 'FR1420041010050500013M02606' } },
  USD: {
    label: 'Checking ••••0356',
    details: { bank_code: '026073150', account_number: '2715500356', account_type: 'checking', country_code: 'US' },
  },
  CAD: {
    label: 'Chequing ••••4567',
    details: { bank_code: '0003', branch_code: '00006', account_number: '1234567', country_code: 'CA' },
  },
  AUD: {
    label: 'Everyday account 082-082 ••••5678',
    details: { branch_code: '082082', account_number: '012345678', country_code: 'AU' },
  },
  NZD: {
    label: 'Everyday account 12-3113 ••••869',
    details: {
      bank_code: '12',
      branch_code: '3113',
      account_number: '0003869',
      account_number_suffix: '00',
      country_code: 'NZ',
    },
  },
  SEK: {
    label: 'Lönekonto 5491 ••••0003',
    details: { branch_code: '5491', account_number: '0000003', country_code: 'SE' },
  },
  DKK: {
    label: 'Lønkonto 0345 ••••9681',
    details: { bank_code: '0345', account_number: '3179681', country_code: 'DK' },
  },
};

/** The account the simulated bank shares for a payer authorising in `currency`, held in their name. */
export function sandboxBankShare(
  customer: Pick<CustomerRow, 'company_name' | 'given_name' | 'family_name'>,
  currency: string,
) {
  const account = SANDBOX_BANK_ACCOUNTS[currency];
  return account && { account_holder_name: payerName(customer) || 'Sandbox payer', ...account.details };
}

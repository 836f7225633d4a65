import type { Translate } from '../../i18n/flow';

/** One row of a summary list: a label and its value's lines. */
export interface SummaryRow {
  label: string;
  lines: string[];
}

/** Every character but the last `shown` as a star: the payer recognises the end of their own number. */
const masked = (value: string, shown: number) => '*'.repeat(Math.max(0, value.length - shown)) + value.slice(-shown);

/** An IBAN as it is printed, in groups of four, its country and check digits and last four shown. */
function maskedIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  const hidden = compact.slice(0, 4) + masked(compact.slice(4), 4);
  return hidden.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The bank account as the payer checks it before confirming (schemes.md § 4: the Bacs review page
 * echoes the sort code and account number): a UK sort code in full and the account number masked,
 * an IBAN masked but for its ends; elsewhere the account's last digits.
 */
export function accountRows(
  t: Translate,
  account: { country_code: string; account_number_ending: string | null },
  details: Record<string, string> | undefined,
): SummaryRow[] {
  if (account.country_code === 'GB' && details?.branch_code && details.account_number) {
    const sortCode = details.branch_code.replace(/\D/g, '').replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
    return [
      { label: t('field.branch_code.GB'), lines: [sortCode] },
      { label: t('field.account_number.GB'), lines: [masked(details.account_number, 2)] },
    ];
  }
  if (details?.iban) return [{ label: t('field.iban'), lines: [maskedIban(details.iban)] }];
  return [
    {
      label: t('confirm.account_number'),
      lines: [t('confirm.account_ending', { ending: account.account_number_ending ?? '' })],
    },
  ];
}

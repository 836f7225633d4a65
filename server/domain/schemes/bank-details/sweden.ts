import { composeIBAN } from 'ibantools';
import { luhnCheckDigit } from './checks';

/**
 * How Swedish clearing ranges map into the IBAN (gocardless/ibandit `swedish_bank_lookup.yml`,
 * cited by schemes.md; bank names as in schemes.md § 2.8). The SE IBAN is `SE` + check digits +
 * a 3-digit bank code + a 17-digit account field. Some banks put the clearing number into that
 * field, others only the account, so from an IBAN the clearing number is recoverable only for
 * the former.
 */
export interface SwedishClearingRange {
  from: number;
  to: number;
  bankName: string;
  ibanBankCode: string;
  /** 5 for Swedbank's 8xxx-C numbers, whose fifth digit is a Luhn check digit. */
  clearingLength: 4 | 5;
  /** Account digits the IBAN carries (left zero-filled when `zerofill`). */
  serialLength: number;
  zerofill: boolean;
  includesClearing: boolean;
}

type Row = [
  from: number,
  to: number,
  bankName: string,
  ibanBankCode: string,
  serialLength: number,
  zerofill: boolean,
  includesClearing: boolean,
];

const ROWS: Row[] = [
  [1100, 1199, 'Nordea', '300', 7, false, true],
  [1200, 1399, 'Danske Bank', '120', 7, false, true],
  [1400, 2099, 'Nordea', '300', 7, false, true],
  [2300, 2399, 'Ålandsbanken', '230', 7, false, true],
  [2400, 2499, 'Danske Bank', '120', 7, false, true],
  [3000, 3299, 'Nordea', '300', 7, false, true],
  [3300, 3300, 'Nordea Personkonto', '300', 10, false, false],
  [3301, 3399, 'Nordea', '300', 7, false, true],
  [3400, 3409, 'Länsförsäkringar Bank', '902', 7, false, true],
  [3410, 3781, 'Nordea', '300', 7, false, true],
  [3782, 3782, 'Nordea Personkonto', '300', 10, false, false],
  [3783, 4999, 'Nordea', '300', 7, false, true],
  [5000, 5999, 'SEB', '500', 7, false, true],
  [6000, 6999, 'Handelsbanken', '600', 9, true, false],
  [7000, 7999, 'Swedbank', '800', 7, false, true],
  [8000, 8999, 'Swedbank', '800', 10, true, true],
  [9020, 9029, 'Länsförsäkringar Bank', '902', 7, false, true],
  [9040, 9049, 'Citibank', '904', 7, false, true],
  [9060, 9069, 'Länsförsäkringar Bank', '902', 7, false, true],
  [9100, 9109, 'Nordnet Bank', '910', 7, false, true],
  [9120, 9124, 'SEB', '500', 7, false, true],
  [9130, 9149, 'SEB', '500', 7, false, true],
  [9150, 9169, 'Skandiabanken', '915', 7, false, true],
  [9170, 9179, 'Ikano Bank', '917', 7, false, true],
  [9180, 9189, 'Danske Bank', '120', 10, false, false],
  [9230, 9239, 'Marginalen Bank', '923', 7, false, true],
  [9250, 9259, 'SBAB', '925', 7, false, true],
  [9270, 9279, 'ICA Banken', '927', 7, false, true],
  [9280, 9289, 'Resurs Bank', '928', 7, false, true],
  [9300, 9329, 'Sparbanken Öresund', '930', 10, false, false],
  [9330, 9349, 'Sparbanken Öresund', '933', 10, false, false],
  [9400, 9449, 'Forex Bank', '940', 7, false, true],
  [9500, 9549, 'Plusgirot', '950', 10, true, true],
  [9550, 9569, 'Avanza Bank', '955', 7, false, true],
  [9570, 9579, 'Sparbanken Syd', '957', 10, false, false],
  [9880, 9889, 'Riksgälden', '988', 7, false, true],
  [9890, 9899, 'Riksgälden', '989', 10, false, false],
  [9960, 9969, 'Plusgirot', '950', 10, true, true],
];

export const SWEDISH_CLEARING_RANGES: readonly SwedishClearingRange[] = ROWS.map(
  ([from, to, bankName, ibanBankCode, serialLength, zerofill, includesClearing]) => ({
    from,
    to,
    bankName,
    ibanBankCode,
    serialLength,
    zerofill,
    includesClearing,
    clearingLength: from >= 8000 && to <= 8999 ? 5 : 4,
  }),
);

const IBAN_ACCOUNT_FIELD_LENGTH = 17;

/** The range a clearing number (its first four digits decide) belongs to. */
export function swedishClearingRange(clearing: string): SwedishClearingRange | undefined {
  const number = Number(clearing.slice(0, 4));
  return SWEDISH_CLEARING_RANGES.find((range) => number >= range.from && number <= range.to);
}

export const swedishBankNameOfIbanCode = (ibanBankCode: string): string | undefined =>
  SWEDISH_CLEARING_RANGES.find((range) => range.ibanBankCode === ibanBankCode)?.bankName;

/** The SE IBAN of a validated clearing + account number, when the bank's mapping is known. */
export function swedishIban(clearing: string, account: string): string | undefined {
  const range = swedishClearingRange(clearing);
  if (!range) return undefined;
  // Swedbank's 8xxx numbers are often written without their check digit; the IBAN carries it.
  const fullClearing =
    range.clearingLength === 5 && clearing.length === 4 ? `${clearing}${luhnCheckDigit(clearing)}` : clearing;
  const serial = range.zerofill ? account.padStart(range.serialLength, '0') : account;
  const field = (range.includesClearing ? fullClearing + serial : serial).padStart(IBAN_ACCOUNT_FIELD_LENGTH, '0');
  if (field.length !== IBAN_ACCOUNT_FIELD_LENGTH) return undefined;
  return composeIBAN({ countryCode: 'SE', bban: range.ibanBankCode + field }) ?? undefined;
}

export interface SwedishLocalParts {
  clearing?: string;
  account: string;
}

/**
 * Clearing and account number out of an SE BBAN. The clearing number comes back only when the
 * bank embeds it and the digits fit one of that bank's ranges and account lengths; otherwise
 * only the account does.
 */
export function swedishLocalParts(bban: string): SwedishLocalParts {
  const ibanBankCode = bban.slice(0, 3);
  const field = bban.slice(3);
  const ranges = SWEDISH_CLEARING_RANGES.filter((range) => range.ibanBankCode === ibanBankCode);
  for (const range of ranges.filter((candidate) => candidate.includesClearing)) {
    const digits = range.zerofill
      ? field.slice(-(range.clearingLength + range.serialLength))
      : field.replace(/^0+/, '');
    const clearing = digits.slice(0, range.clearingLength);
    const account = digits.slice(range.clearingLength);
    if (account.length === range.serialLength && swedishClearingRange(clearing) === range) return { clearing, account };
  }
  const withoutClearing = ranges.find((range) => !range.includesClearing);
  return { account: withoutClearing ? field.slice(-withoutClearing.serialLength) : field.replace(/^0+(?=\d)/, '') };
}

/** Account numbers as the IBAN carries them, so local and IBAN forms normalise alike. */
export function normaliseSwedishAccount(clearing: string, account: string): string {
  const range = swedishClearingRange(clearing);
  return range?.zerofill ? account.padStart(range.serialLength, '0') : account;
}

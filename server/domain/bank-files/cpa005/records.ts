import { refuse } from '../errors';
import { julian } from '../lines';

/**
 * What the CPA-005 writer and reader share (formats.md § 5.1): 1464-character logical records,
 * each a 24-character control area (type, running record count, originator id, file creation
 * number) and up to six 240-character segments; the segment layout below is 1-based as the
 * Payments Canada standard writes it.
 */

export const RECORD_WIDTH = 1464;
export const CONTROL_WIDTH = 24;
export const SEGMENT_WIDTH = 240;
export const SEGMENTS_PER_RECORD = 6;

/** Positions inside a segment (1-based, inclusive). */
export const SEGMENT = {
  transactionCode: [1, 3],
  amount: [4, 13],
  dueDate: [14, 19],
  institution: [20, 23],
  transit: [24, 28],
  accountNumber: [29, 40],
  shortName: [66, 80],
  payorName: [81, 110],
  longName: [111, 140],
  originatorId: [141, 150],
  reference: [151, 169],
  returnInstitution: [170, 173],
  returnTransit: [174, 178],
  returnAccountNumber: [179, 190],
  sundry: [191, 205],
  /**
   * The return reason (`901`…) of a returned item: the first three characters of the last
   * reserved field (230–240), where our banks' returns put it (decision 0075; bank-specific).
   */
  returnReason: [230, 232],
} as const satisfies Record<string, readonly [number, number]>;

/** Debits and credits as written; returned debits (`J`) and credits (`I`) as banks send them back. */
export const DEBIT_TYPES = new Set(['D', 'J']);
export const CREDIT_TYPES = new Set(['C', 'I']);

/** Institution number: 3 digits, or 4 with a leading zero; written as the 4 (`0003`). */
export function institutionNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{3}$/.test(digits) && !/^0\d{3}$/.test(digits))
    refuse('invalid_institution_number', `"${value}" is not a Canadian institution number (3 digits)`);
  return digits.padStart(4, '0');
}

/** Transit (branch) number: 5 digits, not all zeros. */
export function transitNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{5}$/.test(digits) || /^0+$/.test(digits))
    refuse('invalid_transit_number', `"${value}" is not a Canadian transit number (5 digits, not all zeros)`);
  return digits;
}

/** Account number: 7–12 digits, not all zeros (Rule H1 details, schemes.md § 1 pad). */
export function accountNumber(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{7,12}$/.test(digits) || /^0+$/.test(digits))
    refuse('invalid_account_number', 'a Canadian account number is 7–12 digits');
  return digits;
}

/** `YYYY-MM-DD` → `0YYDDD`. */
export function cpaDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) refuse('invalid_date', `"${date}" is not an ISO date`);
  return `0${julian(date)}`;
}

/** `0YYDDD` → `YYYY-MM-DD` (20YY), or undefined when it is not a date. */
export function isoDate(cpa: string): string | undefined {
  const match = /^0(\d{2})(\d{3})$/.exec(cpa);
  if (!match) return undefined;
  const year = 2000 + Number(match[1]);
  const day = Number(match[2]);
  const days = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
  if (day < 1 || day > days) return undefined;
  return new Date(Date.UTC(year, 0, day)).toISOString().slice(0, 10);
}

import { calendarFor } from '../../schemes/calendars';
import { refuse } from '../errors';
import { type Items, record, splitLines } from '../lines';
import { alpha, alphaRight, ASCII_CHARSET, assertAmount, digitsOf, numeric } from '../text';

/**
 * BECS Direct Entry (ABA / Cemtex) file, 120-character records with CRLF (formats.md § 4): a
 * descriptive record, `13` debits (or `50` credits), one balancing record to the user's own
 * account so the file nets to zero, and the file total. The returns reader takes the bank's
 * type-2 records (same geometry, reason in position 18).
 */

export interface AbaFile {
  /** The user's bank, 3 letters (NAB, WBC, CBA…). */
  bankAbbreviation: string;
  userName: string;
  /** APCA / Direct Entry user id, 6 digits. */
  userId: string;
  description: string;
  processingDate: string;
  /** The user's own account: trace for every record and the balancing entry. */
  bsb: string;
  accountNumber: string;
  remitterName: string;
}

export interface AbaEntry {
  transactionCode: '13' | '50';
  bsb: string;
  accountNumber: string;
  accountName: string;
  /** Lodgement reference (18): our payment reference. */
  reference: string;
  amount: number;
}

const bsbOf = (value: string) => {
  const d = digitsOf(value, 6, 'bsb');
  return `${d.slice(0, 3)}-${d.slice(3)}`;
};
const ddmmyy = (date: string) => date.slice(8, 10) + date.slice(5, 7) + date.slice(2, 4);
const account = (value: string) => {
  if (!/^[0-9A-Za-z-]{1,9}$/.test(value.replace(/\s/g, '')))
    refuse('invalid_account_number', 'a BECS account is up to 9 characters');
  return alphaRight(value.replace(/\s/g, ''), 9, ASCII_CHARSET);
};

function detail(type: '1' | '2', file: AbaFile, e: AbaEntry, indicator = ' '): string {
  return record(
    120,
    type,
    bsbOf(e.bsb),
    account(e.accountNumber),
    indicator,
    e.transactionCode,
    numeric(e.amount, 10, 'amount'),
    alpha(e.accountName, 32, ASCII_CHARSET),
    alpha(e.reference, 18, ASCII_CHARSET),
    bsbOf(file.bsb),
    account(file.accountNumber),
    alpha(file.remitterName, 16, ASCII_CHARSET),
    '00000000',
  );
}

export async function* writeAba(file: AbaFile, entries: Items<AbaEntry>) {
  if (!calendarFor('becs').isWorkingDay(file.processingDate))
    refuse('not_a_processing_day', `${file.processingDate} is not a BECS business day`);
  const eol = '\r\n';
  yield (
    record(
      120,
      '0',
      ' '.repeat(17),
      '01',
      alpha(file.bankAbbreviation, 3, ASCII_CHARSET),
      ' '.repeat(7),
      alpha(file.userName, 26, ASCII_CHARSET),
      numeric(digitsOf(file.userId, 6, 'user_id'), 6),
      alpha(file.description, 12, ASCII_CHARSET),
      ddmmyy(file.processingDate),
      ' '.repeat(40),
    ) + eol
  );
  let debit = 0;
  let credit = 0;
  let count = 0;
  for await (const e of entries) {
    const amount = assertAmount(e.amount);
    if (amount === 0) refuse('invalid_amount', 'an entry needs an amount');
    if (e.transactionCode === '13') debit += amount;
    else credit += amount;
    count++;
    yield detail('1', file, e) + eol;
  }
  // The balancing record: the user's own account takes the other side, so the file nets to zero.
  const own = {
    bsb: file.bsb,
    accountNumber: file.accountNumber,
    accountName: file.userName,
    reference: file.description,
  };
  if (debit > 0) {
    yield detail('1', file, { ...own, transactionCode: '50', amount: debit }) + eol;
    credit += debit;
    count++;
  }
  if (credit > debit) {
    const rest = credit - debit;
    yield detail('1', file, { ...own, transactionCode: '13', amount: rest }) + eol;
    debit += rest;
    count++;
  }
  yield (
    record(
      120,
      '7',
      '999-999',
      ' '.repeat(12),
      numeric(Math.abs(credit - debit), 10),
      numeric(credit, 10),
      numeric(debit, 10),
      ' '.repeat(24),
      numeric(count, 6),
      ' '.repeat(40),
    ) + eol
  );
  return { debitTotal: debit, creditTotal: credit, count };
}

export interface AbaReturnItem {
  line: number;
  /** `2` a returned item; `1` a plain detail record (a bank's balancing entry, or our own file). */
  recordType: '1' | '2';
  /** `BECS-6` etc. */
  reasonCode: string;
  transactionCode: string;
  bsb: string;
  accountNumber: string;
  amount: number;
  accountName: string;
  reference: string;
  originalDay?: string;
  originalUserId?: string;
}

/** A returns ("dtret") file; records are refused when not 120 wide or of an unknown type. */
export function readAbaReturns(text: string): { userId: string; processingDate: string; items: AbaReturnItem[] } {
  const lines = splitLines(text);
  const items: AbaReturnItem[] = [];
  let header: { userId: string; processingDate: string } | undefined;
  lines.forEach((raw, index) => {
    const n = index + 1;
    if (raw.length > 120) refuse('malformed_report', 'an ABA record is 120 characters', n);
    const r = raw.padEnd(120, ' ');
    const f = (from: number, to: number) => r.slice(from - 1, to);
    if (r[0] === '0') {
      const d = f(75, 80);
      header = { userId: f(57, 62).trim(), processingDate: `20${d.slice(4, 6)}-${d.slice(2, 4)}-${d.slice(0, 2)}` };
    } else if (r[0] === '2' || r[0] === '1') {
      if (!header) refuse('malformed_report', 'a detail record before the descriptive record', n);
      const amount = f(21, 30);
      if (!/^\d{10}$/.test(amount)) refuse('malformed_report', `amount "${amount}" is not 10 digits`, n);
      const reason = f(18, 18).trim();
      items.push({
        line: n,
        recordType: r[0],
        reasonCode: reason ? `BECS-${reason}` : 'BECS-',
        transactionCode: f(19, 20),
        bsb: f(2, 8),
        accountNumber: f(9, 17).trim(),
        amount: Number(amount),
        accountName: f(31, 62).trim(),
        reference: f(63, 80).trim(),
        originalDay: f(113, 114).trim() || undefined,
        originalUserId: f(115, 120).trim() || undefined,
      });
    } else if (r[0] !== '7') refuse('malformed_report', `unknown record type "${r[0]}"`, n);
  });
  if (!header) return refuse('malformed_report', 'no descriptive record', 1);
  return { ...header, items };
}

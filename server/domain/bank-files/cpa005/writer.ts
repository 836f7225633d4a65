import { calendarFor } from '../../schemes/calendars';
import { refuse } from '../errors';
import { type Items, record } from '../lines';
import { alpha, assertAmount, CPA_CHARSET, numeric, toCharset } from '../text';
import {
  accountNumber,
  CONTROL_WIDTH,
  cpaDate,
  institutionNumber,
  RECORD_WIDTH,
  SEGMENT_WIDTH,
  SEGMENTS_PER_RECORD,
  transitNumber,
} from './records';

/**
 * A Payments Canada CPA-005 file of pre-authorized debits (and credits for refunds), 1464-character
 * records (formats.md § 5.1): the `A` header, `D` debit (or `C` credit) logical records of up to
 * six 240-character segments, and the `Z` trailer with the debit and credit totals and counts.
 * Streamed: a logical record is yielded when its segments are full or the next entry is of the
 * other kind; the trailer is written from running totals.
 */

export interface Cpa005File {
  /** The originator (client) number the bank assigned: 10 capital letters or digits. */
  originatorId: string;
  /** 1–9999, one more than the originator's previous file (the bank refuses a repeat). */
  fileCreationNumber: number;
  createdOn: string;
  /** The bank's processing (destination data) centre, 5 digits. */
  dataCentre: string;
  currency?: 'CAD' | 'USD';
  /** The name on the payor's statement (up to 15) and the originator's full name (up to 30). */
  shortName: string;
  longName: string;
  /** CPA transaction code (Standard 007, e.g. `430` bill payment) unless an entry has its own. */
  transactionCode: string;
  /** The originator's own account, where returned items are sent back. */
  returnAccount: { institution: string; transit: string; accountNumber: string };
  /** Segments per logical record, 1–6 (default 6; some banks take one). */
  segmentsPerRecord?: number;
  lineEnding?: string;
}

export interface Cpa005Entry {
  kind: 'debit' | 'credit';
  amount: number;
  /** The payment (due) date: a Payments Canada business day. */
  dueDate: string;
  institution: string;
  transit: string;
  accountNumber: string;
  payorName: string;
  /**
   * Originator cross-reference (19), what returns are matched by: letters, digits, `.`, `/`, `-`.
   * Defaults to the file creation number (4 digits) and the file's running sequence (15).
   */
  reference?: string;
  transactionCode?: string;
  /** Originator's sundry information (15). */
  sundry?: string;
}

export interface Cpa005Summary {
  /** Logical records, header and trailer included. */
  recordCount: number;
  debitCount: number;
  debitTotal: number;
  creditCount: number;
  creditTotal: number;
}

/** Text the originator configured: refused rather than cut (it must match the PAD agreement). */
function ownName(text: string, length: number, field: string): string {
  const value = toCharset(text, CPA_CHARSET).trim();
  if (!value) refuse('invalid_' + field, `${field} has no characters a bank can print`);
  if (value.length > length) refuse('field_too_long', `${field} "${value}" is longer than ${length} characters`);
  return value.padEnd(length, ' ');
}

/** The payor's name: transliterated and cut to 30 as the other writers do; refused when nothing is left. */
function payorName(text: string): string {
  const value = alpha(text, 30, CPA_CHARSET);
  if (!value.trim()) refuse('invalid_payor_name', `"${text}" has no Latin letters or digits`);
  return value;
}

function transactionCode(code: string): string {
  if (!/^\d{3}$/.test(code)) refuse('invalid_transaction_code', `"${code}" is not a 3-digit CPA transaction code`);
  return code;
}

function reference(value: string): string {
  if (!/^[A-Za-z0-9./-]{1,19}$/.test(value))
    refuse('invalid_reference', `"${value}" is not a cross-reference (1–19 letters, digits, . / -)`);
  return value.padEnd(19, ' ');
}

export async function* writeCpa005(
  file: Cpa005File,
  entries: Items<Cpa005Entry>,
): AsyncGenerator<string, Cpa005Summary> {
  const eol = file.lineEnding ?? '\n';
  if (!/^[A-Z0-9]{10}$/.test(file.originatorId))
    refuse('invalid_originator_id', 'the originator number is 10 capital letters or digits');
  if (!Number.isInteger(file.fileCreationNumber) || file.fileCreationNumber < 1 || file.fileCreationNumber > 9999)
    refuse('invalid_file_creation_number', 'the file creation number is 1–9999');
  if (!/^\d{5}$/.test(file.dataCentre)) refuse('invalid_data_centre', 'the processing centre is 5 digits');
  const perRecord = file.segmentsPerRecord ?? SEGMENTS_PER_RECORD;
  if (!Number.isInteger(perRecord) || perRecord < 1 || perRecord > SEGMENTS_PER_RECORD)
    refuse('invalid_segments_per_record', 'a logical record holds 1–6 segments');
  const fileNumber = numeric(file.fileCreationNumber, 4);
  const control = (type: string, count: number) =>
    type + numeric(count, 9, 'record count') + file.originatorId + fileNumber;
  // What every segment repeats: the originator's names and id, and where returns go.
  const shortName = ownName(file.shortName, 15, 'short_name');
  const longName = ownName(file.longName, 30, 'long_name');
  const returns =
    institutionNumber(file.returnAccount.institution) +
    transitNumber(file.returnAccount.transit) +
    accountNumber(file.returnAccount.accountNumber).padEnd(12, ' ');
  const defaultCode = transactionCode(file.transactionCode);
  const calendar = calendarFor('pad');

  let count = 1;
  yield (
    record(
      RECORD_WIDTH,
      control('A', count),
      cpaDate(file.createdOn),
      file.dataCentre,
      ' '.repeat(20),
      file.currency ?? 'CAD',
      ' '.repeat(1406),
    ) + eol
  );

  const total = { debitCount: 0, debitTotal: 0, creditCount: 0, creditTotal: 0 };
  let sequence = 0;
  let open: { type: 'D' | 'C'; segments: string[] } | undefined;
  const flush = () => {
    if (!open) return '';
    count++;
    const line = record(
      RECORD_WIDTH,
      control(open.type, count),
      ...open.segments,
      ' '.repeat(RECORD_WIDTH - CONTROL_WIDTH - open.segments.length * SEGMENT_WIDTH),
    );
    open = undefined;
    return line + eol;
  };

  for await (const entry of entries) {
    const amount = assertAmount(entry.amount);
    if (amount === 0) refuse('invalid_amount', 'an entry needs an amount');
    if (!calendar.isWorkingDay(entry.dueDate))
      refuse('not_a_processing_day', `${entry.dueDate} is not a Payments Canada business day`);
    const type =
      entry.kind === 'debit' ? 'D' : entry.kind === 'credit' ? 'C' : refuse('invalid_kind', 'debit or credit');
    sequence++;
    const segment = record(
      SEGMENT_WIDTH,
      transactionCode(entry.transactionCode ?? defaultCode),
      numeric(amount, 10, 'amount'),
      cpaDate(entry.dueDate),
      institutionNumber(entry.institution),
      transitNumber(entry.transit),
      accountNumber(entry.accountNumber).padEnd(12, ' '),
      '0'.repeat(22),
      '000',
      shortName,
      payorName(entry.payorName),
      longName,
      file.originatorId,
      reference(entry.reference ?? fileNumber + numeric(sequence, 15, 'sequence')),
      returns,
      alpha(entry.sundry, 15, CPA_CHARSET),
      ' '.repeat(22),
      '  ',
      ' '.repeat(11),
    );
    if (type === 'D') {
      total.debitCount++;
      total.debitTotal += amount;
    } else {
      total.creditCount++;
      total.creditTotal += amount;
    }
    if (open && open.type !== type) yield flush();
    open ??= { type, segments: [] };
    open.segments.push(segment);
    if (open.segments.length === perRecord) yield flush();
  }
  const last = flush();
  if (last) yield last;
  count++;
  yield (
    record(
      RECORD_WIDTH,
      control('Z', count),
      numeric(total.debitTotal, 14, 'total debit value'),
      numeric(total.debitCount, 8, 'total debit count'),
      numeric(total.creditTotal, 14, 'total credit value'),
      numeric(total.creditCount, 8, 'total credit count'),
      ' '.repeat(1396),
    ) + eol
  );
  return { recordCount: count, ...total };
}

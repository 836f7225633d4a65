import { refuse } from '../errors';
import { splitLines } from '../lines';
import {
  CONTROL_WIDTH,
  CREDIT_TYPES,
  DEBIT_TYPES,
  isoDate,
  RECORD_WIDTH,
  SEGMENT,
  SEGMENT_WIDTH,
  SEGMENTS_PER_RECORD,
} from './records';

/**
 * Reads any CPA-005 file (what we submit, or the returned items a bank sends back) into its
 * logical records and segments, and refuses it whole — naming the line — when a record is too
 * long or of an unknown type, the running record count skips, a record names another originator
 * or file, or the trailer's counts and totals disagree with the segments. Records trimmed of
 * their trailing blanks are padded back to 1464.
 */

export type Cpa005RecordType = 'D' | 'C' | 'J' | 'I';

export interface Cpa005Segment {
  line: number;
  /** 1–6: where in its logical record. */
  slot: number;
  recordType: Cpa005RecordType;
  transactionCode: string;
  amount: number;
  dueDate: string;
  institution: string;
  transit: string;
  accountNumber: string;
  shortName: string;
  payorName: string;
  longName: string;
  originatorId: string;
  reference: string;
  returnInstitution: string;
  returnTransit: string;
  returnAccountNumber: string;
  sundry: string;
  /** A returned item's reason (`901`…), blank on what we submit. */
  returnReason: string;
}

export interface Cpa005FileRecord {
  originatorId: string;
  fileCreationNumber: string;
  createdOn: string;
  dataCentre: string;
  currency: string;
  segments: Cpa005Segment[];
  totals: { recordCount: number; debitTotal: number; debitCount: number; creditTotal: number; creditCount: number };
}

const field = (text: string, [from, to]: readonly [number, number]) => text.slice(from - 1, to);
const num = (text: string, at: readonly [number, number], line: number, what: string): number => {
  const value = field(text, at);
  if (!/^\d+$/.test(value)) refuse('malformed_report', `${what} "${value.trim()}" is not a number`, line);
  return Number(value);
};
const date = (text: string, at: readonly [number, number], line: number, what: string): string =>
  isoDate(field(text, at)) ?? refuse('malformed_report', `${what} "${field(text, at)}" is not a 0YYDDD date`, line);

function expect(actual: number | string, stated: number | string, what: string, line: number) {
  if (actual !== stated)
    refuse('control_mismatch', `${what}: the trailer says ${stated}, the records make ${actual}`, line);
}

function segmentOf(r: string, slot: number, recordType: Cpa005RecordType, line: number): Cpa005Segment {
  const s = r.slice(CONTROL_WIDTH + (slot - 1) * SEGMENT_WIDTH, CONTROL_WIDTH + slot * SEGMENT_WIDTH);
  const text = (at: readonly [number, number]) => field(s, at).trim();
  return {
    line,
    slot,
    recordType,
    transactionCode: text(SEGMENT.transactionCode),
    amount: num(s, SEGMENT.amount, line, `segment ${slot} amount`),
    dueDate: date(s, SEGMENT.dueDate, line, `segment ${slot} due date`),
    institution: text(SEGMENT.institution),
    transit: text(SEGMENT.transit),
    accountNumber: text(SEGMENT.accountNumber),
    shortName: text(SEGMENT.shortName),
    payorName: text(SEGMENT.payorName),
    longName: text(SEGMENT.longName),
    originatorId: text(SEGMENT.originatorId),
    reference: text(SEGMENT.reference),
    returnInstitution: text(SEGMENT.returnInstitution),
    returnTransit: text(SEGMENT.returnTransit),
    returnAccountNumber: text(SEGMENT.returnAccountNumber),
    sundry: text(SEGMENT.sundry),
    returnReason: text(SEGMENT.returnReason),
  };
}

export function readCpa005(text: string): Cpa005FileRecord {
  const lines = splitLines(text);
  let header: Omit<Cpa005FileRecord, 'segments' | 'totals'> | undefined;
  let totals: Cpa005FileRecord['totals'] | undefined;
  const segments: Cpa005Segment[] = [];
  const sum = { debitTotal: 0, debitCount: 0, creditTotal: 0, creditCount: 0 };
  lines.forEach((raw, index) => {
    const n = index + 1;
    if (raw.length > RECORD_WIDTH)
      refuse('malformed_report', `record is ${raw.length} characters, more than ${RECORD_WIDTH}`, n);
    const r = raw.padEnd(RECORD_WIDTH, ' ');
    const type = r[0]!;
    if (totals) refuse('malformed_report', 'a record after the trailer (Z)', n);
    if (!header && type !== 'A') refuse('malformed_report', 'the file must start with a header (A)', n);
    const count = num(r, [2, 10], n, 'record count');
    if (count !== n) refuse('record_count', `record count ${count} where ${n} is due`, n);
    if (type === 'A') {
      if (header) refuse('malformed_report', 'a second header', n);
      header = {
        originatorId: field(r, [11, 20]).trim(),
        fileCreationNumber: field(r, [21, 24]),
        createdOn: date(r, [25, 30], n, 'creation date'),
        dataCentre: field(r, [31, 35]).trim(),
        currency: field(r, [56, 58]).trim() || 'CAD',
      };
      return;
    }
    if (field(r, [11, 20]).trim() !== header!.originatorId || field(r, [21, 24]) !== header!.fileCreationNumber)
      refuse('malformed_report', 'the record names another originator or file creation number than the header', n);
    if (type === 'Z') {
      totals = {
        recordCount: count,
        debitTotal: num(r, [25, 38], n, 'total debit value'),
        debitCount: num(r, [39, 46], n, 'total debit count'),
        creditTotal: num(r, [47, 60], n, 'total credit value'),
        creditCount: num(r, [61, 68], n, 'total credit count'),
      };
      expect(sum.debitTotal, totals.debitTotal, 'total debit value', n);
      expect(sum.debitCount, totals.debitCount, 'total debit count', n);
      expect(sum.creditTotal, totals.creditTotal, 'total credit value', n);
      expect(sum.creditCount, totals.creditCount, 'total credit count', n);
      return;
    }
    if (!DEBIT_TYPES.has(type) && !CREDIT_TYPES.has(type))
      refuse('malformed_report', `unknown record type "${type}"`, n);
    let used = 0;
    for (let slot = 1; slot <= SEGMENTS_PER_RECORD; slot++) {
      const start = CONTROL_WIDTH + (slot - 1) * SEGMENT_WIDTH;
      if (r.slice(start, start + SEGMENT_WIDTH).trim() === '') continue;
      const segment = segmentOf(r, slot, type as Cpa005RecordType, n);
      segments.push(segment);
      used++;
      if (DEBIT_TYPES.has(type)) {
        sum.debitTotal += segment.amount;
        sum.debitCount++;
      } else {
        sum.creditTotal += segment.amount;
        sum.creditCount++;
      }
    }
    if (used === 0) refuse('malformed_report', 'a logical record with no segment', n);
  });
  if (!header || !totals) return refuse('malformed_report', 'the file has no trailer (Z)', lines.length);
  return { ...header, segments, totals };
}

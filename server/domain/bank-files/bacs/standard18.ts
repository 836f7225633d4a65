import { calendarFor } from '../../schemes/calendars';
import { refuse } from '../errors';
import { type Items, julian, record } from '../lines';
import { alpha, assertAmount, BACS_CHARSET, digitsOf, numeric } from '../text';

/**
 * Bacs Standard 18 submission, single processing day ("1 DAILY", 100-character data records):
 * VOL1 HDR1 HDR2 UHL1, the records, one contra per side, EOF1 EOF2 UTL1 (formats.md § 1.1).
 * Labels are 80 characters. Text is upper-cased to the Bacs set and cut to its field.
 */

export const INSTRUCTION_CODES = ['0N', '0C', '0S'] as const;
export const DEBIT_CODES = ['01', '17', '18', '19'] as const;
export const CREDIT_CODES = ['99'] as const;
export type BacsTransactionCode =
  (typeof INSTRUCTION_CODES)[number] | (typeof DEBIT_CODES)[number] | (typeof CREDIT_CODES)[number];

export interface BacsServiceUser {
  /** Service User Number, 6 digits. */
  sun: string;
  name: string;
  sortCode: string;
  accountNumber: string;
}

export interface BacsSubmission {
  serviceUser: BacsServiceUser;
  /** VOL1 serial: 6 characters, unique per day, not all zeros. */
  serialNumber: string;
  /** UHL1 file number, 1–999 (the day's submission count). */
  fileNumber: number;
  createdOn: string;
  processingDate: string;
  lineEnding?: string;
}

export interface BacsRecord {
  transactionCode: BacsTransactionCode;
  /** The payer's (or, for a 99 credit, the payee's) account. */
  sortCode: string;
  accountNumber: string;
  accountName: string;
  /** The mandate reference (service-user reference), 6–18 characters. */
  reference: string;
  /** Pence; omitted or 0 for AUDDIS 0N/0C/0S. */
  amount?: number;
}

export interface BacsSummary {
  debitCount: number;
  debitTotal: number;
  creditCount: number;
  creditTotal: number;
  instructionCount: number;
  lineCount: number;
}

const isInstruction = (code: string) => (INSTRUCTION_CODES as readonly string[]).includes(code);
const isDebit = (code: string) => (DEBIT_CODES as readonly string[]).includes(code);

/** Bacs: at least 6 letters or digits, not starting DDIC, not one repeated character (schemes.md § 1). */
export function bacsReference(reference: string): string {
  const value = alpha(reference, 18, BACS_CHARSET).trimEnd();
  const significant = value.replace(/[^A-Z0-9]/g, '');
  if (significant.length < 6 || value.startsWith('DDIC') || /^(.)\1*$/.test(significant))
    refuse('invalid_reference', `"${reference}" is not a valid Bacs reference`);
  return value;
}

/** `bYYDDD`: a blank then the Julian date. */
const bacsDate = (date: string) => ` ${julian(date)}`;

function labels(submission: BacsSubmission) {
  const { sun } = submission.serviceUser;
  const serial = alpha(submission.serialNumber, 6, BACS_CHARSET);
  if (!/^[A-Z0-9]{6}$/.test(serial) || /^0+$/.test(serial))
    refuse('invalid_serial', 'VOL1 serial must be 6 letters/digits, not all zeros');
  const calendar = calendarFor('bacs');
  const expires = calendar.addWorkingDays(submission.processingDate, 1);
  const hdr1 = (label: string) =>
    record(
      80,
      label,
      'A',
      sun,
      'S',
      '   ',
      sun,
      serial,
      '0001',
      '0001',
      ' '.repeat(6),
      bacsDate(submission.createdOn),
      bacsDate(expires),
      ' ',
      '000000',
      ' '.repeat(20),
    );
  const hdr2 = (label: string) => record(80, label, 'F', '02000', '00100', ' '.repeat(35), '00', ' '.repeat(28));
  return {
    vol1: record(80, 'VOL1', serial, ' ', ' '.repeat(20), ' '.repeat(6), '    ', sun, '    ', ' '.repeat(28), '1'),
    hdr1: hdr1('HDR1'),
    hdr2: hdr2('HDR2'),
    eof1: hdr1('EOF1'),
    eof2: hdr2('EOF2'),
    uhl1: record(
      80,
      'UHL1',
      bacsDate(submission.processingDate),
      '999999',
      '    ',
      '00',
      '000000',
      '1 DAILY  ',
      numeric(submission.fileNumber, 3, 'file number'),
      ' '.repeat(7),
      ' '.repeat(7),
      ' '.repeat(26),
    ),
  };
}

function dataRecord(
  user: BacsServiceUser,
  r: BacsRecord,
  narrative: string,
  reference: string,
  amount: number,
): string {
  return record(
    100,
    digitsOf(r.sortCode, 6, 'sort_code'),
    digitsOf(r.accountNumber, 8, 'account_number'),
    '0',
    r.transactionCode,
    digitsOf(user.sortCode, 6, 'sort_code'),
    digitsOf(user.accountNumber, 8, 'account_number'),
    '    ',
    numeric(amount, 11, 'amount'),
    alpha(narrative, 18, BACS_CHARSET),
    alpha(reference, 18, BACS_CHARSET),
    alpha(r.accountName, 18, BACS_CHARSET),
  );
}

export async function* writeStandard18(
  submission: BacsSubmission,
  records: Items<BacsRecord>,
): AsyncGenerator<string, BacsSummary> {
  const { serviceUser: user } = submission;
  if (!/^\d{6}$/.test(user.sun)) refuse('invalid_sun', 'a Service User Number is 6 digits');
  if (!(submission.fileNumber >= 1 && submission.fileNumber <= 999))
    refuse('invalid_file_number', 'file number is 1–999');
  if (!calendarFor('bacs').isWorkingDay(submission.processingDate))
    refuse('not_a_processing_day', `${submission.processingDate} is not a Bacs processing day`);
  const eol = submission.lineEnding ?? '\n';
  const l = labels(submission);
  const s: BacsSummary = {
    debitCount: 0,
    debitTotal: 0,
    creditCount: 0,
    creditTotal: 0,
    instructionCount: 0,
    lineCount: 0,
  };
  const emit = (line: string) => {
    s.lineCount++;
    return line + eol;
  };
  yield emit(l.vol1) + emit(l.hdr1) + emit(l.hdr2) + emit(l.uhl1);
  let collected = 0;
  let paid = 0;
  for await (const r of records) {
    const reference = bacsReference(r.reference);
    const amount = assertAmount(r.amount ?? 0);
    if (isInstruction(r.transactionCode)) {
      if (amount !== 0) refuse('invalid_amount', 'an AUDDIS instruction carries no amount');
      s.instructionCount++;
    } else if (amount === 0) refuse('invalid_amount', 'a collection or credit needs an amount');
    else if (isDebit(r.transactionCode)) {
      collected += amount;
      s.debitCount++;
    } else if (r.transactionCode === '99') {
      paid += amount;
      s.creditCount++;
    } else refuse('invalid_transaction_code', `unknown Bacs transaction code ${r.transactionCode}`);
    yield emit(dataRecord(user, r, user.name, reference, amount));
  }
  const own = {
    sortCode: user.sortCode,
    accountNumber: user.accountNumber,
    accountName: user.name,
    reference: 'CONTRA',
  };
  // A debit contra credits the service user's account with the total collected, and the reverse.
  if (collected > 0) {
    yield emit(dataRecord(user, { ...own, transactionCode: '99' }, user.name, 'CONTRA', collected));
    s.creditCount++;
  }
  if (paid > 0) {
    yield emit(dataRecord(user, { ...own, transactionCode: '17' }, user.name, 'CONTRA', paid));
    s.debitCount++;
  }
  s.debitTotal = collected + paid;
  s.creditTotal = paid + collected;
  const utl1 = record(
    80,
    'UTL1',
    numeric(s.debitTotal, 13, 'debit total'),
    numeric(s.creditTotal, 13, 'credit total'),
    numeric(s.debitCount, 7, 'debit count'),
    numeric(s.creditCount, 7, 'credit count'),
    ' '.repeat(8),
    numeric(s.instructionCount, 7, 'DDI count'),
    ' '.repeat(21),
  );
  yield emit(l.eof1) + emit(l.eof2) + emit(utl1);
  return s;
}

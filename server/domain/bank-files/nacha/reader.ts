import { refuse } from '../errors';
import { splitLines } from '../lines';
import { addToHash, BLOCKING_FACTOR, FILLER, isCreditCode, RECORD_WIDTH } from './records';

/**
 * Reads any Nacha file (originations, returns, NOCs, IAT) into its batches and entries, and refuses
 * it whole — naming the line — when a record is unknown or too long, or a batch or file control
 * disagrees with its entries (count, entry hash, debit and credit totals). Lines trimmed of their
 * trailing blanks (seen in processors' files) are padded back to 94.
 */

export interface NachaAddenda {
  line: number;
  typeCode: string;
  text: string;
}

export interface NachaEntryRecord {
  line: number;
  transactionCode: string;
  rdfi: string;
  routingNumber: string;
  accountNumber: string;
  amount: number;
  individualId: string;
  name: string;
  discretionaryData: string;
  traceNumber: string;
  addenda: NachaAddenda[];
}

export interface NachaBatchRecord {
  line: number;
  serviceClassCode: string;
  companyName: string;
  companyIdentification: string;
  secCode: string;
  entryDescription: string;
  effectiveDate: string;
  odfi: string;
  batchNumber: string;
  entries: NachaEntryRecord[];
}

export interface NachaFileRecord {
  immediateDestination: string;
  immediateOrigin: string;
  createdOn: string;
  fileIdModifier: string;
  destinationName: string;
  originName: string;
  batches: NachaBatchRecord[];
  totals: {
    batchCount: number;
    blockCount: number;
    entryAndAddendaCount: number;
    entryHash: string;
    totalDebit: number;
    totalCredit: number;
  };
}

const field = (text: string, from: number, to: number) => text.slice(from - 1, to);
const num = (text: string, from: number, to: number, line: number, what: string): number => {
  const value = field(text, from, to).trim();
  if (!/^\d+$/.test(value)) refuse('malformed_report', `${what} "${value}" is not a number`, line);
  return Number(value);
};
const date = (yymmdd: string) =>
  /^\d{6}$/.test(yymmdd) ? `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}` : yymmdd.trim();

function expect(actual: number | string, stated: number | string, what: string, line: number) {
  if (actual !== stated)
    refuse('control_mismatch', `${what}: the control says ${stated}, the entries make ${actual}`, line);
}

export function readNacha(text: string): NachaFileRecord {
  const lines = splitLines(text);
  let file: Omit<NachaFileRecord, 'batches' | 'totals'> | undefined;
  const batches: NachaBatchRecord[] = [];
  let batch: NachaBatchRecord | undefined;
  let totals: NachaFileRecord['totals'] | undefined;
  let batchCount = { entries: 0, hash: 0n, debit: 0, credit: 0 };
  const file9 = { entries: 0, hash: 0n, debit: 0, credit: 0 };
  lines.forEach((raw, index) => {
    const n = index + 1;
    if (raw.length > RECORD_WIDTH) refuse('malformed_report', `record is ${raw.length} characters, more than 94`, n);
    const r = raw.padEnd(RECORD_WIDTH, ' ');
    const type = r[0];
    if (totals) {
      if (r === FILLER) return;
      refuse('malformed_report', 'only 9-filler may follow the file control', n);
    }
    if (!file && type !== '1') refuse('malformed_report', 'the file must start with a file header (1)', n);
    if (type === '1') {
      if (file) refuse('malformed_report', 'a second file header', n);
      file = {
        immediateDestination: field(r, 4, 13).trim(),
        immediateOrigin: field(r, 14, 23).trim(),
        createdOn: date(field(r, 24, 29)),
        fileIdModifier: field(r, 34, 34),
        destinationName: field(r, 41, 63).trim(),
        originName: field(r, 64, 86).trim(),
      };
    } else if (type === '5') {
      if (batch) refuse('malformed_report', 'a batch header before the previous batch control', n);
      batch = {
        line: n,
        serviceClassCode: field(r, 2, 4),
        companyName: field(r, 5, 20).trim(),
        companyIdentification: field(r, 41, 50).trim(),
        secCode: field(r, 51, 53),
        entryDescription: field(r, 54, 63).trim(),
        effectiveDate: date(field(r, 70, 75)),
        odfi: field(r, 80, 87),
        batchNumber: field(r, 88, 94),
        entries: [],
      };
      batchCount = { entries: 0, hash: 0n, debit: 0, credit: 0 };
    } else if (type === '6') {
      if (!batch) return refuse('malformed_report', 'an entry outside a batch', n);
      const entry: NachaEntryRecord = {
        line: n,
        transactionCode: field(r, 2, 3),
        rdfi: field(r, 4, 11),
        routingNumber: field(r, 4, 12),
        accountNumber: field(r, 13, 29).trim(),
        amount: num(r, 30, 39, n, 'amount'),
        individualId: field(r, 40, 54).trim(),
        name: field(r, 55, 76).trim(),
        discretionaryData: field(r, 77, 78).trim(),
        traceNumber: field(r, 80, 94),
        addenda: [],
      };
      if (!/^\d{8}$/.test(entry.rdfi)) refuse('malformed_report', `RDFI "${entry.rdfi}" is not 8 digits`, n);
      batch.entries.push(entry);
      batchCount.entries++;
      batchCount.hash = addToHash(batchCount.hash, entry.rdfi);
      if (isCreditCode(entry.transactionCode)) batchCount.credit += entry.amount;
      else batchCount.debit += entry.amount;
    } else if (type === '7') {
      const entry = batch?.entries.at(-1);
      if (!entry) return refuse('malformed_report', 'an addenda without its entry', n);
      entry.addenda.push({ line: n, typeCode: field(r, 2, 3), text: r });
      batchCount.entries++;
    } else if (type === '8') {
      if (!batch) return refuse('malformed_report', 'a batch control without a batch', n);
      expect(batchCount.entries, num(r, 5, 10, n, 'entry count'), 'entry and addenda count', n);
      expect(batchCount.hash.toString().padStart(10, '0'), field(r, 11, 20), 'entry hash', n);
      expect(batchCount.debit, num(r, 21, 32, n, 'total debit'), 'total debit', n);
      expect(batchCount.credit, num(r, 33, 44, n, 'total credit'), 'total credit', n);
      batches.push(batch);
      file9.entries += batchCount.entries;
      file9.hash = addToHash(file9.hash, batchCount.hash.toString());
      file9.debit += batchCount.debit;
      file9.credit += batchCount.credit;
      batch = undefined;
    } else if (type === '9') {
      if (batch) refuse('malformed_report', 'the file control inside a batch', n);
      totals = {
        batchCount: num(r, 2, 7, n, 'batch count'),
        blockCount: num(r, 8, 13, n, 'block count'),
        entryAndAddendaCount: num(r, 14, 21, n, 'entry count'),
        entryHash: field(r, 22, 31),
        totalDebit: num(r, 32, 43, n, 'total debit'),
        totalCredit: num(r, 44, 55, n, 'total credit'),
      };
      expect(batches.length, totals.batchCount, 'batch count', n);
      expect(file9.entries, totals.entryAndAddendaCount, 'entry and addenda count', n);
      expect(file9.hash.toString().padStart(10, '0'), totals.entryHash, 'entry hash', n);
      expect(file9.debit, totals.totalDebit, 'total debit', n);
      expect(file9.credit, totals.totalCredit, 'total credit', n);
      expect(Math.ceil(n / BLOCKING_FACTOR), totals.blockCount, 'block count', n);
    } else refuse('malformed_report', `unknown record type "${type}"`, n);
  });
  if (!file || !totals) return refuse('malformed_report', 'the file has no file control (9)', lines.length);
  return { ...file, batches, totals };
}

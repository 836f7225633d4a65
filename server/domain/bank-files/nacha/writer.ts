import { calendarFor } from '../../schemes/calendars';
import { refuse } from '../errors';
import { type Items, record } from '../lines';
import { alpha, assertAmount, NACHA_CHARSET, numeric } from '../text';
import { addToHash, BLOCKING_FACTOR, FILLER, isCreditCode, RECORD_WIDTH, routingNumber, yymmdd } from './records';

/**
 * A Nacha file of PPD / CCD / WEB entries (formats.md § 3.1): 94-character records, balanced
 * batches with their entry hash and totals, the file control, and `9` filler to a multiple of
 * ten records. Streamed: batch and file controls are written from running totals.
 */

export type SecCode = 'PPD' | 'CCD' | 'WEB';
/** 22/32 credit, 23/33 credit prenote, 27/37 debit, 28/38 debit prenote (checking/savings). */
export const ENTRY_CODES = ['22', '23', '27', '28', '32', '33', '37', '38'] as const;
export type EntryCode = (typeof ENTRY_CODES)[number];

export interface NachaFile {
  /** The ODFI's routing number (9 digits). */
  immediateDestination: string;
  destinationName: string;
  /** 10 characters: usually the company's tax id with a leading 1, or a blank and a routing number. */
  immediateOrigin: string;
  originName: string;
  createdOn: string;
  createdAtTime: string;
  fileIdModifier: string;
  referenceCode?: string;
  lineEnding?: string;
}

export interface NachaBatch {
  /** 200 mixed, 220 credits only, 225 debits only. */
  serviceClassCode: '200' | '220' | '225';
  companyName: string;
  companyDiscretionaryData?: string;
  companyIdentification: string;
  secCode: SecCode;
  entryDescription: string;
  effectiveDate: string;
  /** Same Day ACH: the descriptive date carries `SD` and the window (e.g. `1300`). */
  sameDayWindow?: string;
  odfiRouting: string;
  entries: Items<NachaEntry>;
}

export interface NachaEntry {
  transactionCode: EntryCode;
  routingNumber: string;
  accountNumber: string;
  amount: number;
  /** PPD/WEB individual id or CCD identification number (our mandate reference). */
  individualId: string;
  name: string;
  /** WEB only: `S` single or `R` recurring. */
  paymentType?: 'S' | 'R';
  addenda?: string;
  /** Defaults to the ODFI's 8 digits and the file's running sequence. */
  traceNumber?: string;
}

export interface NachaSummary {
  batchCount: number;
  entryCount: number;
  entryAndAddendaCount: number;
  entryHash: string;
  totalDebit: number;
  totalCredit: number;
  recordCount: number;
  blockCount: number;
}

export async function* writeNacha(file: NachaFile, batches: Items<NachaBatch>): AsyncGenerator<string, NachaSummary> {
  const eol = file.lineEnding ?? '\n';
  if (!/^[A-Z0-9]$/.test(file.fileIdModifier)) refuse('invalid_file_id_modifier', 'the file id modifier is A–Z or 0–9');
  if (!/^\d{4}$/.test(file.createdAtTime)) refuse('invalid_time', 'creation time is HHMM');
  const origin = alpha(file.immediateOrigin, 10, NACHA_CHARSET);
  let records = 0;
  const line = (text: string) => {
    records++;
    return text + eol;
  };
  yield line(
    record(
      RECORD_WIDTH,
      '1',
      '01',
      ' ',
      routingNumber(file.immediateDestination),
      origin.padStart(10),
      yymmdd(file.createdOn),
      file.createdAtTime,
      file.fileIdModifier,
      '094',
      '10',
      '1',
      alpha(file.destinationName, 23, NACHA_CHARSET),
      alpha(file.originName, 23, NACHA_CHARSET),
      alpha(file.referenceCode, 8, NACHA_CHARSET),
    ),
  );
  const total = { batches: 0, entries: 0, entryAndAddenda: 0, hash: 0n, debit: 0, credit: 0 };
  let trace = 0;
  for await (const batch of batches) {
    total.batches++;
    const odfi = routingNumber(batch.odfiRouting).slice(0, 8);
    if (!calendarFor('ach').isWorkingDay(batch.effectiveDate))
      refuse('not_a_banking_day', `${batch.effectiveDate} is not a FedACH banking day`);
    const company = alpha(batch.companyIdentification, 10, NACHA_CHARSET);
    const descriptive = batch.sameDayWindow ? `SD${batch.sameDayWindow}` : '';
    yield line(
      record(
        RECORD_WIDTH,
        '5',
        batch.serviceClassCode,
        alpha(batch.companyName, 16, NACHA_CHARSET),
        alpha(batch.companyDiscretionaryData, 20, NACHA_CHARSET),
        company,
        batch.secCode,
        alpha(batch.entryDescription, 10, NACHA_CHARSET),
        alpha(descriptive, 6, NACHA_CHARSET),
        yymmdd(batch.effectiveDate),
        '   ',
        '1',
        odfi,
        numeric(total.batches, 7, 'batch number'),
      ),
    );
    const b = { count: 0, hash: 0n, debit: 0, credit: 0 };
    for await (const entry of batch.entries) {
      const amount = assertAmount(entry.amount);
      const credit = isCreditCode(entry.transactionCode);
      const prenote = ['23', '28', '33', '38'].includes(entry.transactionCode);
      if (prenote ? amount !== 0 : amount === 0)
        refuse('invalid_amount', 'a prenote has a zero amount, any other entry an amount');
      if ((batch.serviceClassCode === '225' && credit) || (batch.serviceClassCode === '220' && !credit))
        refuse('service_class_mismatch', `entry ${entry.transactionCode} in a ${batch.serviceClassCode} batch`);
      if (entry.paymentType && batch.secCode !== 'WEB')
        refuse('invalid_payment_type', 'only WEB entries carry a payment type');
      const rdfi = routingNumber(entry.routingNumber);
      const account = entry.accountNumber.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9-]{1,17}$/.test(account))
        refuse('invalid_account_number', 'a Nacha account number is up to 17 characters');
      trace++;
      const traceNumber = entry.traceNumber ?? odfi + numeric(trace, 7, 'trace sequence');
      if (!/^\d{15}$/.test(traceNumber)) refuse('invalid_trace_number', 'a trace number is 15 digits');
      const discretionary = batch.secCode === 'WEB' ? (entry.paymentType ?? 'S') + ' ' : '  ';
      yield line(
        record(
          RECORD_WIDTH,
          '6',
          entry.transactionCode,
          rdfi,
          alpha(account, 17, NACHA_CHARSET),
          numeric(amount, 10, 'amount'),
          alpha(entry.individualId, 15, NACHA_CHARSET),
          alpha(entry.name, 22, NACHA_CHARSET),
          discretionary,
          entry.addenda ? '1' : '0',
          traceNumber,
        ),
      );
      b.count++;
      if (entry.addenda) {
        yield line(
          record(RECORD_WIDTH, '7', '05', alpha(entry.addenda, 80, NACHA_CHARSET), '0001', traceNumber.slice(8)),
        );
        b.count++;
      }
      total.entries++;
      b.hash = addToHash(b.hash, rdfi.slice(0, 8));
      if (credit) b.credit += amount;
      else b.debit += amount;
    }
    yield line(
      record(
        RECORD_WIDTH,
        '8',
        batch.serviceClassCode,
        numeric(b.count, 6, 'entry count'),
        numeric(b.hash, 10),
        numeric(b.debit, 12, 'total debit'),
        numeric(b.credit, 12, 'total credit'),
        company,
        ' '.repeat(19),
        ' '.repeat(6),
        odfi,
        numeric(total.batches, 7, 'batch number'),
      ),
    );
    total.entryAndAddenda += b.count;
    total.hash = addToHash(total.hash, b.hash.toString());
    total.debit += b.debit;
    total.credit += b.credit;
  }
  const recordCount = records + 1;
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  yield line(
    record(
      RECORD_WIDTH,
      '9',
      numeric(total.batches, 6, 'batch count'),
      numeric(blockCount, 6, 'block count'),
      numeric(total.entryAndAddenda, 8, 'entry count'),
      numeric(total.hash, 10),
      numeric(total.debit, 12, 'total debit'),
      numeric(total.credit, 12, 'total credit'),
      ' '.repeat(39),
    ),
  );
  let filler = '';
  for (let n = recordCount; n < blockCount * BLOCKING_FACTOR; n++) filler += FILLER + eol;
  yield filler;
  return {
    batchCount: total.batches,
    entryCount: total.entries,
    entryAndAddendaCount: total.entryAndAddenda,
    entryHash: numeric(total.hash, 10),
    totalDebit: total.debit,
    totalCredit: total.credit,
    recordCount,
    blockCount,
  };
}

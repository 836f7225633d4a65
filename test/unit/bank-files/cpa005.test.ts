import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCpa005 } from '../../../server/domain/bank-files/cpa005/reader';
import { readCpa005Returns } from '../../../server/domain/bank-files/cpa005/returns';
import { type Cpa005Entry, type Cpa005File, writeCpa005 } from '../../../server/domain/bank-files/cpa005/writer';
import type { BankFileError } from '../../../server/domain/bank-files/errors';
import { collect } from '../../../server/domain/bank-files/lines';
import { reasonFor } from '../../../server/domain/bank-files/reason-codes';
import { sample, slowly } from './support';

const file: Cpa005File = {
  originatorId: 'ACME000042',
  fileCreationNumber: 17,
  createdOn: '2026-12-02',
  dataCentre: '00310',
  shortName: 'Acme',
  longName: 'Acme Widgets Canada Inc',
  transactionCode: '430',
  returnAccount: { institution: '004', transit: '12345', accountNumber: '98765432' },
};
const debit = (n: number, extra: Partial<Cpa005Entry> = {}): Cpa005Entry => ({
  kind: 'debit',
  amount: 1000 + n,
  dueDate: '2026-12-04',
  institution: '0003',
  transit: '00006',
  accountNumber: `123456${n}`,
  payorName: 'Zoë Bélanger-Lévesque',
  reference: `BF-PM${n}`,
  ...extra,
});
const write = async (entries: Cpa005Entry[], f: Cpa005File = file) => collect(writeCpa005(f, slowly(entries)));
const linesOf = (text: string) => text.split('\n').slice(0, -1);
const refused = async (entries: Cpa005Entry[], f: Cpa005File = file) =>
  write(entries, f).then(
    () => 'written',
    (e: BankFileError) => e.code,
  );

// CPA-005 layout (formats.md § 5.1), 1-based: [record, from, to, expected]. Segment n of a
// logical record starts at 25 + 240 × (n − 1).
const seg = (n: number, from: number) => 24 + 240 * (n - 1) + from;
const LAYOUT: Array<[number, number, number, string]> = [
  // A header: count 1, originator, file creation number, 0YYDDD, data centre, blank, currency.
  [0, 1, 1, 'A'],
  [0, 2, 10, '000000001'],
  [0, 11, 20, 'ACME000042'],
  [0, 21, 24, '0017'],
  [0, 25, 30, '026336'],
  [0, 31, 35, '00310'],
  [0, 36, 55, ' '.repeat(20)],
  [0, 56, 58, 'CAD'],
  [0, 59, 1464, ' '.repeat(1406)],
  // First D record: control area, then segment 1 field by field.
  [1, 1, 1, 'D'],
  [1, 2, 10, '000000002'],
  [1, 11, 24, 'ACME0000420017'],
  [1, seg(1, 1), seg(1, 3), '430'],
  [1, seg(1, 4), seg(1, 13), '0000001001'],
  [1, seg(1, 14), seg(1, 19), '026338'],
  [1, seg(1, 20), seg(1, 28), '000300006'],
  [1, seg(1, 29), seg(1, 40), '1234561     '],
  [1, seg(1, 41), seg(1, 65), '0'.repeat(25)],
  [1, seg(1, 66), seg(1, 80), 'ACME           '],
  [1, seg(1, 81), seg(1, 110), 'ZOE BELANGER-LEVESQUE         '],
  [1, seg(1, 111), seg(1, 140), 'ACME WIDGETS CANADA INC       '],
  [1, seg(1, 141), seg(1, 150), 'ACME000042'],
  [1, seg(1, 151), seg(1, 169), 'BF-PM1             '],
  [1, seg(1, 170), seg(1, 178), '000412345'],
  [1, seg(1, 179), seg(1, 190), '98765432    '],
  [1, seg(1, 191), seg(1, 205), 'INVOICE 7      '],
  [1, seg(1, 206), seg(1, 240), ' '.repeat(35)],
  // Six segments fill the record; the sixth is the last 240 characters.
  [1, seg(6, 1), seg(6, 13), '4300000001006'],
  [1, seg(6, 151), seg(6, 169), 'BF-PM6             '],
  // The seventh debit opens a second D record; its other five segments are blank.
  [2, 1, 10, 'D000000003'],
  [2, seg(1, 151), seg(1, 169), 'BF-PM7             '],
  [2, seg(2, 1), 1464, ' '.repeat(1200)],
  // A credit (a refund) starts a C record of its own.
  [3, 1, 10, 'C000000004'],
  [3, seg(1, 1), seg(1, 13), '4500000000500'],
  // Z trailer: count, debit value and count, credit value and count, filler.
  [4, 1, 24, 'Z000000005ACME0000420017'],
  [4, 25, 38, String(7 * 1000 + 28).padStart(14, '0')],
  [4, 39, 46, '00000007'],
  [4, 47, 60, '00000000000500'],
  [4, 61, 68, '00000001'],
  [4, 69, 1464, ' '.repeat(1396)],
];

const day = [1, 2, 3, 4, 5, 6, 7];
const entries = [
  ...day.map((n) => debit(n, n === 1 ? { sundry: 'Invoice 7' } : {})),
  debit(8, { kind: 'credit', amount: 500, transactionCode: '450', reference: 'BF-RF1' }),
];

describe('CPA-005 writer', () => {
  it('lays out the header, packed D segments, a C record and the trailer by the published positions', async () => {
    const { text, summary } = await write(entries);
    const lines = linesOf(text);
    expect(lines.map((l) => l.length)).toEqual([1464, 1464, 1464, 1464, 1464]);
    for (const [index, from, to, expected] of LAYOUT)
      expect(lines[index]!.slice(from - 1, to), `record ${index} ${from}-${to}`).toBe(expected);
    expect(summary).toEqual({ recordCount: 5, debitCount: 7, debitTotal: 7028, creditCount: 1, creditTotal: 500 });
  });

  it('reads its own file back: every segment, the trailer totals and counts', async () => {
    const { text } = await write(entries);
    const read = readCpa005(text);
    expect(read).toMatchObject({
      originatorId: 'ACME000042',
      fileCreationNumber: '0017',
      createdOn: '2026-12-02',
      dataCentre: '00310',
      currency: 'CAD',
      totals: { recordCount: 5, debitTotal: 7028, debitCount: 7, creditTotal: 500, creditCount: 1 },
    });
    expect(read.segments.map((s) => [s.recordType, s.slot, s.reference, s.amount])).toEqual([
      ...day.map((n) => ['D', n === 7 ? 1 : n, `BF-PM${n}`, 1000 + n]),
      ['C', 1, 'BF-RF1', 500],
    ]);
    expect(read.segments[0]).toMatchObject({
      transactionCode: '430',
      dueDate: '2026-12-04',
      institution: '0003',
      transit: '00006',
      accountNumber: '1234561',
      shortName: 'ACME',
      payorName: 'ZOE BELANGER-LEVESQUE',
      longName: 'ACME WIDGETS CANADA INC',
      originatorId: 'ACME000042',
      returnInstitution: '0004',
      returnTransit: '12345',
      returnAccountNumber: '98765432',
      sundry: 'INVOICE 7',
      returnReason: '',
    });
  });

  it('puts one segment per record when the bank asks, and numbers references when none is given', async () => {
    const { text, summary } = await write([debit(1, { reference: undefined }), debit(2, { reference: undefined })], {
      ...file,
      segmentsPerRecord: 1,
      currency: 'USD',
    });
    expect(summary.recordCount).toBe(4);
    const read = readCpa005(text);
    expect(read.currency).toBe('USD');
    expect(read.segments.map((s) => [s.line, s.reference])).toEqual([
      [2, '0017000000000000001'],
      [3, '0017000000000000002'],
    ]);
  });

  it('refuses input a bank would reject: institution, transit, account, names, reference, day, amount', async () => {
    expect(await refused([debit(1, { institution: '12' })])).toBe('invalid_institution_number');
    expect(await refused([debit(1, { institution: '1003' })])).toBe('invalid_institution_number');
    expect(await refused([debit(1, { transit: '00000' })])).toBe('invalid_transit_number');
    expect(await refused([debit(1, { transit: '1234' })])).toBe('invalid_transit_number');
    expect(await refused([debit(1, { accountNumber: '123456' })])).toBe('invalid_account_number');
    expect(await refused([debit(1)], { ...file, returnAccount: { ...file.returnAccount, transit: 'ABCDE' } })).toBe(
      'invalid_transit_number',
    );
    // The originator's names are refused, not cut: they must read as on the PAD agreement.
    expect(await refused([debit(1)], { ...file, shortName: 'Acme Widgets Canada' })).toBe('field_too_long');
    expect(await refused([debit(1)], { ...file, longName: 'Acme Widgets Canada Incorporated' })).toBe('field_too_long');
    // A payor's name is transliterated (and cut to 30); one with no Latin letter left is refused.
    expect(await refused([debit(1, { payorName: '王小明' })])).toBe('invalid_payor_name');
    expect(await refused([debit(1, { reference: 'BF-PM-0123456789ABCDEF' })])).toBe('invalid_reference');
    expect(await refused([debit(1, { reference: 'BF PM 1' })])).toBe('invalid_reference');
    expect(await refused([debit(1)], { ...file, originatorId: 'acme000042' })).toBe('invalid_originator_id');
    expect(await refused([debit(1)], { ...file, fileCreationNumber: 10_000 })).toBe('invalid_file_creation_number');
    expect(await refused([debit(1)], { ...file, segmentsPerRecord: 7 })).toBe('invalid_segments_per_record');
    expect(await refused([debit(1, { transactionCode: '43' })])).toBe('invalid_transaction_code');
    expect(await refused([debit(1, { amount: 0 })])).toBe('invalid_amount');
    expect(await refused([debit(1, { amount: 12.5 })])).toBe('invalid_amount');
    expect(await refused([debit(1, { amount: 10_000_000_000 })])).toBe('field_overflow');
    // 2026-07-01 is Canada Day: not a Payments Canada business day.
    expect(await refused([debit(1, { dueDate: '2026-07-01' })])).toBe('not_a_processing_day');
  });

  it('property: every record is 1464 printable capitals, and the trailer adds up the segments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.string({ maxLength: 40 }),
            amount: fc.integer({ min: 1, max: 9_999_999_999 }),
            credit: fc.boolean(),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        async (rows) => {
          const { text, summary } = await write(
            rows.map((r, i) =>
              debit(i, { payorName: `X${r.name}`, amount: r.amount, kind: r.credit ? 'credit' : 'debit' }),
            ),
          );
          for (const line of linesOf(text)) expect(line).toMatch(/^[\x20-\x60\x7b-\x7e]{1464}$/);
          const read = readCpa005(text);
          expect(read.segments).toHaveLength(rows.length);
          expect(read.totals.recordCount).toBe(summary.recordCount);
          expect(read.totals.debitTotal).toBe(rows.filter((r) => !r.credit).reduce((s, r) => s + r.amount, 0));
          expect(read.totals.creditCount).toBe(rows.filter((r) => r.credit).length);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('CPA-005 reader', () => {
  it('reads the Business Central export sample (two credits) and refuses the two broken ones, naming the line', () => {
    const read = readCpa005(sample('cpa005/cpa005-cronus-01-valid.txt'));
    expect(read).toMatchObject({
      originatorId: 'XYZAB55255',
      fileCreationNumber: '0039',
      createdOn: '2026-03-16',
      dataCentre: '00420',
      totals: { recordCount: 4, debitCount: 0, creditTotal: 688480, creditCount: 2 },
    });
    expect(read.segments[0]).toMatchObject({
      recordType: 'C',
      transactionCode: '450',
      amount: 356780,
      institution: '0003',
      transit: '68589',
      accountNumber: '668885684',
      payorName: 'FABRIKAM, INC.',
      reference: '10000',
    });
    // Six segments in one record, but the trailer still says the two credits it was copied from.
    expect(() => readCpa005(sample('cpa005/cpa005-cronus-03-valid-six-payment-slots.txt'))).toThrow(
      expect.objectContaining({ code: 'control_mismatch', line: 3 }),
    );
    expect(() => readCpa005(sample('cpa005/cpa005-cronus-04-invalid-record-numbering.txt'))).toThrow(
      expect.objectContaining({ code: 'record_count', line: 2 }),
    );
  });

  it('pads records trimmed of trailing blanks, refuses long, unknown, foreign and trailing records', async () => {
    const { text } = await write([debit(1), debit(2)]);
    const lines = linesOf(text);
    expect(readCpa005(lines.map((l) => l.trimEnd()).join('\r\n')).totals).toEqual(readCpa005(text).totals);
    const tamper = (i: number, to: (line: string) => string) => () =>
      readCpa005(lines.map((l, j) => (j === i ? to(l) : l)).join('\n'));
    expect(tamper(1, (l) => l + 'X')).toThrow(expect.objectContaining({ code: 'malformed_report', line: 2 }));
    expect(tamper(1, (l) => 'Q' + l.slice(1))).toThrow(expect.objectContaining({ code: 'malformed_report', line: 2 }));
    expect(tamper(1, (l) => l.slice(0, 10) + 'OTHER00001' + l.slice(20))).toThrow(
      expect.objectContaining({ code: 'malformed_report', line: 2 }),
    );
    expect(tamper(1, (l) => l.slice(0, 27) + '0000009999' + l.slice(37))).toThrow(
      expect.objectContaining({ code: 'control_mismatch', line: 3 }),
    );
    expect(() => readCpa005(text + lines[1])).toThrow(expect.objectContaining({ line: 4 }));
    expect(() => readCpa005(lines.slice(0, 2).join('\n'))).toThrow(
      expect.objectContaining({ code: 'malformed_report' }),
    );
  });
});

/** A bank's returns file made from what we wrote: `D` → `J`, the reason at segment 230–232. */
function returned(text: string, reasons: Record<number, string>, type = 'J'): string {
  return linesOf(text)
    .map((line) => {
      if (line[0] !== 'D') return line;
      let out = type + line.slice(1);
      for (let slot = 1; slot <= 6; slot++) {
        const at = seg(slot, 230) - 1;
        const reason = reasons[slot] ?? (out.slice(seg(slot, 1) - 1, seg(slot, 240)).trim() ? '901' : '   ');
        out = out.slice(0, at) + reason + out.slice(at + 3);
      }
      return out;
    })
    .join('\n');
}

describe('CPA-005 returns', () => {
  it('reads returned debits with their reason codes, traced by our cross-reference', async () => {
    const { text } = await write([debit(1), debit(2), debit(3)]);
    const report = readCpa005Returns(returned(text, { 2: '905', 3: '915' }));
    expect(report).toMatchObject({ originatorId: 'ACME000042', fileCreationNumber: '0017' });
    expect(report.items.map((i) => [i.kind, i.reference, i.reasonCode, i.amount, i.line, i.slot])).toEqual([
      ['returned_debit', 'BF-PM1', '901', 1001, 2, 1],
      ['returned_debit', 'BF-PM2', '905', 1002, 2, 2],
      ['returned_debit', 'BF-PM3', '915', 1003, 2, 3],
    ]);
    expect(report.items[0]).toMatchObject({ institution: '0003', transit: '00006', dueDate: '2026-12-04' });
    expect(reasonFor('901')).toMatchObject({ cause: 'insufficient_funds', retryable: true });
    expect(reasonFor('905')).toMatchObject({ cause: 'bank_account_closed', mandate: 'cancelled' });
    expect(reasonFor('915')).toMatchObject({ effect: 'payment_charged_back' });
  });

  it('reads a bank that echoes the D record with a reason, and refuses a segment without one', async () => {
    const { text } = await write([debit(1)]);
    expect(readCpa005Returns(returned(text, {}, 'D')).items[0]).toMatchObject({ kind: 'returned_debit' });
    // Our own submission is not a returns file.
    expect(() => readCpa005Returns(text)).toThrow(expect.objectContaining({ code: 'malformed_report', line: 2 }));
    expect(() => readCpa005Returns(returned(text, { 1: '   ' }))).toThrow(
      expect.objectContaining({ code: 'malformed_report', line: 2 }),
    );
  });
});

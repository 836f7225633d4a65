import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankFileError } from '../../../server/domain/bank-files/errors';
import { collect } from '../../../server/domain/bank-files/lines';
import { readNacha } from '../../../server/domain/bank-files/nacha/reader';
import { readNachaReturns } from '../../../server/domain/bank-files/nacha/returns';
import { type NachaBatch, type NachaEntry, writeNacha } from '../../../server/domain/bank-files/nacha/writer';
import { reasonFor } from '../../../server/domain/bank-files/reason-codes';
import { REFERENCE, sample, slowly } from './support';

const file = {
  immediateDestination: '026073150',
  destinationName: 'Some Bank NA',
  immediateOrigin: '1234567890',
  originName: 'Acme Inc',
  createdOn: '2026-12-02',
  createdAtTime: '1530',
  fileIdModifier: 'A',
};
const entry = (n: number, extra: Partial<NachaEntry> = {}): NachaEntry => ({
  transactionCode: '27',
  routingNumber: n % 2 ? '026073150' : '021000021',
  accountNumber: `27155${n}`,
  amount: 1000 + n,
  individualId: `MD${n}`,
  name: 'José Núñez',
  ...extra,
});
const batch = (entries: NachaEntry[], extra: Partial<NachaBatch> = {}): NachaBatch => ({
  serviceClassCode: '225',
  companyName: 'Acme',
  companyIdentification: '1234567890',
  secCode: 'PPD',
  entryDescription: 'PAYMENT',
  effectiveDate: '2026-12-04',
  odfiRouting: '026073150',
  entries: slowly(entries),
  ...extra,
});
const write = async (batches: NachaBatch[]) => collect(writeNacha(file, slowly(batches)));

describe('Nacha writer', () => {
  it('writes PPD, WEB and CCD batches that read back with the same totals, hash and blocking', async () => {
    const { text, summary } = await write([
      batch([entry(1), entry(2, { addenda: 'Invoice 2' })]),
      batch([entry(3, { paymentType: 'R' })], { secCode: 'WEB', sameDayWindow: '1300' }),
      batch([entry(4, { transactionCode: '22' }), entry(5, { transactionCode: '37' })], {
        secCode: 'CCD',
        serviceClassCode: '200',
      }),
    ]);
    const read = readNacha(text);
    expect(read.totals).toEqual({
      batchCount: 3,
      blockCount: summary.blockCount,
      entryAndAddendaCount: 6,
      entryHash: summary.entryHash,
      totalDebit: 1001 + 1002 + 1003 + 1005,
      totalCredit: 1004,
    });
    // Entry hash: the 8-digit RDFI ids 02607315 ×3 and 02100002 ×2.
    expect(summary.entryHash).toBe(String(3 * 2607315 + 2 * 2100002).padStart(10, '0'));
    expect(read.batches.map((b) => [b.secCode, b.serviceClassCode, b.effectiveDate])).toEqual([
      ['PPD', '225', '2026-12-04'],
      ['WEB', '225', '2026-12-04'],
      ['CCD', '200', '2026-12-04'],
    ]);
    expect(read.batches[1]!.entries[0]).toMatchObject({
      discretionaryData: 'R',
      traceNumber: '026073150000003',
      name: 'JOSE NUNEZ',
    });
    const lines = text.split('\n').slice(0, -1);
    expect(lines.length % 10).toBe(0);
    expect(lines[6]!.slice(63, 69)).toBe('SD1300');
  });

  it('refuses entries a bank would reject', async () => {
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'written',
        (e: BankFileError) => e.code,
      );
    expect(await code(write([batch([entry(1, { routingNumber: '026073151' })])]))).toBe('invalid_routing_number');
    expect(await code(write([batch([entry(1, { transactionCode: '22' })])]))).toBe('service_class_mismatch');
    expect(await code(write([batch([entry(1, { paymentType: 'S' })])]))).toBe('invalid_payment_type');
    // 2026-11-26 is Thanksgiving: not a FedACH banking day.
    expect(await code(write([batch([entry(1)], { effectiveDate: '2026-11-26' })]))).toBe('not_a_banking_day');
  });

  it('property: every record is 94 printable upper-case characters and the file is blocked by ten', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 9_999_999_999 })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (rows) => {
          const { text } = await write([
            batch(rows.map(([name, amount], i) => entry(i, { name, amount, addenda: name }))),
          ]);
          const lines = text.split('\n').slice(0, -1);
          expect(lines.length % 10).toBe(0);
          for (const line of lines) expect(line).toMatch(/^[\x20-\x60\x7b-\x7e]{94}$/);
          expect(readNacha(text).totals.totalDebit).toBe(rows.reduce((s, [, a]) => s + a, 0));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Nacha reader', () => {
  const dir = join(REFERENCE, 'samples/nacha');
  it('reads every sample, refusing only the one whose file control miscounts its batches', () => {
    for (const name of readdirSync(dir)) {
      const text = sample(`nacha/${name}`);
      if (name === '20110805A.ach') {
        // The file control says 5 batches; the file holds 4.
        expect(() => readNacha(text)).toThrow(expect.objectContaining({ code: 'control_mismatch', line: 93 }));
        continue;
      }
      expect(readNacha(text).batches.length, name).toBeGreaterThan(0);
    }
    // Trailing blanks trimmed by a processor read like the padded original.
    expect(readNacha(sample('nacha/ppd-debit.ach')).totals).toEqual(
      readNacha(sample('nacha/ppd-debit.ach.fix.expected')).totals,
    );
  });

  it('reads returns traced to the original entries, and maps each R code', () => {
    expect(
      readNachaReturns(sample('nacha/return-WEB.ach')).map((i) => [i.reasonCode, i.originalTraceNumber, i.amount]),
    ).toEqual([
      ['R01', '091400600000001', 12354],
      ['R03', '091400600000003', 4565],
    ]);
    expect(readNachaReturns(sample('nacha/issues-issue702.ach')).map((i) => i.reasonCode)).toEqual([
      'R04',
      'R03',
      'R01',
    ]);
    expect(readNachaReturns(sample('nacha/examples-contested-return.ach'))[0]).toMatchObject({
      reasonCode: 'R07',
      information: 'Authorization Revoked',
    });
    expect(reasonFor('R01')).toMatchObject({ cause: 'insufficient_funds', retryable: true });
    expect(reasonFor('R07')).toMatchObject({ effect: 'payment_charged_back', mandate: 'cancelled' });
    expect(reasonFor('R68').effect).toBe('operations');
    // A non-Nacha code is kept for a person, never dropped.
    expect(readNachaReturns(sample('nacha/return-PPD-custom-reason-code.ach'))[0]?.reasonCode).toBe('R97');
    expect(reasonFor('R97')).toMatchObject({ cause: 'other', effect: 'operations' });
  });

  it('reads the C01 sample and our own C02–C07 notifications of change', async () => {
    expect(readNachaReturns(sample('nacha/cor-example.ach'))[0]).toMatchObject({
      kind: 'notification_of_change',
      reasonCode: 'C01',
      originalTraceNumber: '121042880000001',
      correction: { accountNumber: '1918171614' },
    });
    const corrected: Record<string, string> = {
      C02: '021000021'.padEnd(29),
      C03: '021000021   12345678901234567',
      C04: 'JANE Q PUBLIC'.padEnd(29),
      C05: '32'.padEnd(29),
      C06: '12345678901234567   37      ',
      C07: '0210000211234567890123456737 ',
    };
    const { text } = await write([batch([entry(1)])]);
    const original = readNacha(text).batches[0]!.entries[0]!;
    const noc = (code: string, data: string) => {
      const e = `621${original.routingNumber}${original.accountNumber.padEnd(17)}0000000000${original.individualId.padEnd(15)}${original.name.padEnd(22)}  1026073150000001`;
      const a = `798${code}${original.traceNumber}      02607315${data.padEnd(29)}${' '.repeat(15)}026073150000001`;
      return [
        `101 026073150 ${'0'.repeat(9)}2612021530A094101${' '.repeat(54)}`,
        `5220ACME${' '.repeat(32)}1234567890COR${'NOC'.padEnd(10)}${' '.repeat(6)}261204   1026073150000001`,
        e,
        a,
        `82200000020002607315${'0'.repeat(24)}1234567890${' '.repeat(25)}026073150000001`,
        `9000001000001000000020002607315${'0'.repeat(24)}`,
      ]
        .map((l) => l.padEnd(94))
        .join('\n');
    };
    const read = (code: string) => readNachaReturns(noc(code, corrected[code]!))[0]!;
    expect(read('C02').correction).toMatchObject({ routingNumber: '021000021' });
    expect(read('C03').correction).toMatchObject({ routingNumber: '021000021', accountNumber: '12345678901234567' });
    expect(read('C04').correction).toMatchObject({ name: 'JANE Q PUBLIC' });
    expect(read('C05').correction).toMatchObject({ transactionCode: '32' });
    expect(read('C06').correction).toMatchObject({ accountNumber: '12345678901234567', transactionCode: '37' });
    expect(read('C07').correction).toMatchObject({
      routingNumber: '021000021',
      accountNumber: '12345678901234567',
      transactionCode: '37',
    });
    expect(read('C02').originalTraceNumber).toBe(original.traceNumber);
    expect(reasonFor('C05')).toMatchObject({ effect: 'bank_details_corrected' });
  });

  it('refuses a file whose batch control disagrees, or with an unknown record, naming the line', async () => {
    const { text } = await write([batch([entry(1), entry(2)])]);
    const lines = text.split('\n');
    const tampered = [...lines];
    tampered[2] = tampered[2]!.slice(0, 29) + '0000009999' + tampered[2]!.slice(39);
    expect(() => readNacha(tampered.join('\n'))).toThrow(
      expect.objectContaining({ code: 'control_mismatch', line: 5 }),
    );
    const unknown = [...lines];
    unknown[3] = '4' + unknown[3]!.slice(1);
    expect(() => readNacha(unknown.join('\n'))).toThrow(expect.objectContaining({ code: 'malformed_report', line: 4 }));
    expect(() => readNacha(lines.map((l, i) => (i === 1 ? l + 'X' : l)).join('\n'))).toThrow(
      expect.objectContaining({ line: 2 }),
    );
  });
});

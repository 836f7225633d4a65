import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AbaEntry, type AbaFile, readAbaReturns, writeAba } from '../../../server/domain/bank-files/becs/aba';
import { readNabAcknowledgement } from '../../../server/domain/bank-files/becs/acknowledgement';
import { collect } from '../../../server/domain/bank-files/lines';
import { reasonFor } from '../../../server/domain/bank-files/reason-codes';
import { sample, slowly } from './support';

const aba: AbaFile = {
  bankAbbreviation: 'NAB',
  userName: 'Acme Pty Ltd',
  userId: '123456',
  description: 'BANKFLOW',
  processingDate: '2026-12-03',
  bsb: '082-082',
  accountNumber: '012345678',
  remitterName: 'ACME',
};
const debit = (n: number, extra: Partial<AbaEntry> = {}): AbaEntry => ({
  transactionCode: '13',
  bsb: '083047',
  accountNumber: `11111${n}`,
  accountName: 'Zoë Smith',
  reference: `PM${n}`,
  amount: 100 * n,
  ...extra,
});

describe('BECS (ABA) writer', () => {
  it('writes debits with a balancing self-credit so the file nets to zero', async () => {
    const { text, summary } = await collect(writeAba(aba, slowly([debit(1), debit(2)])));
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.map((l) => l.length)).toEqual([120, 120, 120, 120, 120]);
    expect(lines[0]!.slice(18, 23)).toBe('01NAB');
    expect(lines[0]!.slice(56, 62)).toBe('123456');
    expect(lines[0]!.slice(74, 80)).toBe('031226');
    expect(lines[1]!.slice(0, 30)).toBe('1083-047   111111 130000000100');
    expect(lines[3]!.slice(0, 30)).toBe('1082-082012345678 500000000300');
    expect(lines[4]!.slice(0, 50)).toBe('7999-999            000000000000000003000000000300');
    expect(lines[4]!.slice(74, 80)).toBe('000003');
    expect(summary).toEqual({ debitTotal: 300, creditTotal: 300, count: 3 });
  });

  it('property: no record of the wrong width, nothing outside printable ASCII', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 50 }), fc.string({ maxLength: 30 }), async (name, reference) => {
        const { text } = await collect(writeAba(aba, [debit(1, { accountName: name, reference: reference || 'X' })]));
        for (const line of text.split('\r\n').slice(0, -1)) expect(line).toMatch(/^[\x20-\x7e]{120}$/);
      }),
      { numRuns: 100 },
    );
  });
});

describe('BECS returns', () => {
  it('reads the NAB returns sample: 14 refer-to-customer returns with their original user id', () => {
    const report = readAbaReturns(sample('becs/nab-dtret01_614409_20231031_210606075.1.txt'));
    expect(report).toMatchObject({ userId: '614409', processingDate: '2023-10-30' });
    expect(report.items).toHaveLength(14);
    expect(report.items[0]).toMatchObject({
      reasonCode: 'BECS-6',
      transactionCode: '13',
      bsb: '092-914',
      accountNumber: '645934243',
      amount: 2000,
      originalDay: '24',
      originalUserId: '614409',
    });
    expect(report.items.reduce((s, i) => s + i.amount, 0)).toBe(118472);
    expect(reasonFor('BECS-6')).toMatchObject({ cause: 'insufficient_funds', retryable: true });
  });

  it('reads our own written file back (a round trip of the detail geometry)', async () => {
    const { text } = await collect(writeAba(aba, [debit(7, { reference: 'PM-ROUNDTRIP' })]));
    const returned = text.replace(
      /\r\n1(083-047[^\r]*)/,
      (_m, rest: string) => `\r\n2${rest.slice(0, 16)}3${rest.slice(17)}`,
    );
    expect(readAbaReturns(returned).items[0]).toMatchObject({
      reasonCode: 'BECS-3',
      reference: 'PM-ROUNDTRIP',
      amount: 700,
    });
  });

  it('refuses a record wider than 120 characters, naming the line', () => {
    expect(() => readAbaReturns(`0${' '.repeat(119)}\r\n2${' '.repeat(121)}`)).toThrow(
      expect.objectContaining({ code: 'malformed_report', line: 2 }),
    );
  });
});

describe('NAB acknowledgements', () => {
  it('reads the four samples: received, processed, rejected on receipt and rejected at validation', () => {
    expect(readNabAcknowledgement(sample('becs/nab-received.ack'))).toMatchObject({
      kind: 'message',
      status: 'RECEIVED',
      accepted: true,
      originalFilename: 'SAMP01AU_DTRTGS_0000004.txt',
      originalMessageId: '11246853',
      customerId: 'STAGE02',
    });
    const processed = readNabAcknowledgement(sample('becs/nab-received_payments.ack'));
    expect(processed).toMatchObject({
      kind: 'payment',
      status: 'info',
      accepted: true,
      originalFilename: 'SAMP01AU_DTDC_0000001.aba',
      paymentId: '11250283',
    });
    expect(processed.issues).toHaveLength(12);
    expect(readNabAcknowledgement(sample('becs/nab-rejected.ack'))).toMatchObject({
      accepted: false,
      originalFilename: 'BPAY_Batch_Worked_Example_large.bpb',
      issues: [{ type: 'REJECTED', line: 13 }],
    });
    const rejected = readNabAcknowledgement(sample('becs/nab-rejected_disbursement.ack'));
    expect(rejected).toMatchObject({
      status: 'error',
      accepted: false,
      originalFilename: 'DISBURSEMENT_20250610_01.ABA.pgp',
    });
    expect(rejected.issues.map((i) => i.type)).toEqual(['error', 'error']);
    expect(rejected.issues[0]!.text).toContain("'084-255'");
  });

  it('refuses another document, an unknown status or no file name, naming the line', () => {
    expect(() => readNabAcknowledgement('<Other/>')).toThrow(
      expect.objectContaining({ code: 'unknown_report', line: 1 }),
    );
    expect(() => readNabAcknowledgement('\n<MessageAcknowledgement type="MAYBE"/>')).toThrow(
      expect.objectContaining({ code: 'malformed_report', line: 2 }),
    );
    expect(() =>
      readNabAcknowledgement('<PaymentsAcknowledgement type="info"><PaymentId>1</PaymentId></PaymentsAcknowledgement>'),
    ).toThrow(expect.objectContaining({ code: 'malformed_report' }));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBacsReport } from '../../../server/domain/bank-files/bacs/reports';
import {
  type BacsRecord,
  type BacsSubmission,
  writeStandard18,
} from '../../../server/domain/bank-files/bacs/standard18';
import { BankFileError } from '../../../server/domain/bank-files/errors';
import { collect } from '../../../server/domain/bank-files/lines';
import { reasonFor } from '../../../server/domain/bank-files/reason-codes';
import { sample, slowly } from './support';

const submission: BacsSubmission = {
  serviceUser: { sun: '123456', name: 'Acme Widgets Ltd', sortCode: '20-00-00', accountNumber: '55779911' },
  serialNumber: 'A00001',
  fileNumber: 7,
  createdOn: '2026-12-02',
  processingDate: '2026-12-04',
};
const payer = { sortCode: '089999', accountNumber: '66374958', accountName: 'Zoë O’Brien-Smith' };
const records: BacsRecord[] = [
  { ...payer, transactionCode: '0N', reference: 'BANKFLOW-MD0001' },
  { ...payer, transactionCode: '01', reference: 'BANKFLOW-MD0001', amount: 1234 },
  { ...payer, transactionCode: '17', reference: 'BANKFLOW-MD0002', amount: 500 },
  { ...payer, transactionCode: '99', reference: 'BANKFLOW-MD0002', amount: 200 },
];
const write = async (r: BacsRecord[], s = submission) =>
  (await collect(writeStandard18(s, slowly(r)))).text.split('\n').slice(0, -1);

// The published Standard 18 layout (formats.md § 1.1): [record, from, to, expected].
const LAYOUT: Array<[number, number, number, string]> = [
  [0, 1, 4, 'VOL1'],
  [0, 5, 10, 'A00001'],
  [0, 42, 47, '123456'],
  [0, 80, 80, '1'],
  [1, 1, 4, 'HDR1'],
  [1, 5, 21, 'A123456S   123456'],
  [1, 22, 27, 'A00001'],
  [1, 28, 35, '00010001'],
  [1, 42, 47, ' 26336'],
  [1, 48, 53, ' 26341'],
  [1, 55, 60, '000000'],
  [2, 1, 15, 'HDR2F0200000100'],
  [2, 51, 52, '00'],
  [3, 1, 4, 'UHL1'],
  [3, 5, 10, ' 26338'],
  [3, 11, 16, '999999'],
  [3, 21, 28, '00000000'],
  [3, 29, 37, '1 DAILY  '],
  [3, 38, 40, '007'],
  // 0N: payer, account type 0, code, originator, no amount, names and reference in the Bacs set.
  [4, 1, 6, '089999'],
  [4, 7, 14, '66374958'],
  [4, 15, 15, '0'],
  [4, 16, 17, '0N'],
  [4, 18, 23, '200000'],
  [4, 24, 31, '55779911'],
  [4, 32, 35, '    '],
  [4, 36, 46, '00000000000'],
  [4, 47, 64, 'ACME WIDGETS LTD  '],
  [4, 65, 82, 'BANKFLOW-MD0001   '],
  [4, 83, 100, 'ZOE O BRIEN-SMITH '],
  [5, 16, 17, '01'],
  [5, 36, 46, '00000001234'],
  [6, 16, 17, '17'],
  [7, 16, 17, '99'],
  [7, 36, 46, '00000000200'],
  // Contras: 99 balances the debits (1234 + 500), 17 balances the credit.
  [8, 1, 14, '20000055779911'],
  [8, 16, 17, '99'],
  [8, 36, 46, '00000001734'],
  [8, 65, 82, 'CONTRA            '],
  [9, 16, 17, '17'],
  [9, 36, 46, '00000000200'],
  [10, 1, 4, 'EOF1'],
  [10, 5, 80, '<HDR1>'],
  [11, 1, 4, 'EOF2'],
  // UTL1: debit value (1734 + 200), credit value (200 + 1734), 3 debits, 2 credits, 1 DDI.
  [12, 1, 4, 'UTL1'],
  [12, 5, 17, '0000000001934'],
  [12, 18, 30, '0000000001934'],
  [12, 31, 37, '0000003'],
  [12, 38, 44, '0000002'],
  [12, 53, 59, '0000001'],
];

describe('Bacs Standard 18 writer', () => {
  it('lays out every record field by the published positions', async () => {
    const lines = await write(records);
    expect(lines).toHaveLength(13);
    for (const [index, from, to, expected] of LAYOUT) {
      const value = lines[index]!.slice(from - 1, to);
      expect(value, `record ${index} ${from}-${to}`).toBe(expected === '<HDR1>' ? lines[1]!.slice(4) : expected);
    }
    lines.forEach((line, i) => expect(line.length, `line ${i}`).toBe(i >= 4 && i <= 9 ? 100 : 80));
  });

  it('refuses what Bacs would reject rather than send it', async () => {
    const refused = async (r: BacsRecord[], s = submission) =>
      (await write(r, s).catch((e: BankFileError) => e)) as BankFileError;
    expect((await refused([{ ...payer, transactionCode: '17', reference: 'DDIC123456', amount: 1 }])).code).toBe(
      'invalid_reference',
    );
    expect((await refused([{ ...payer, transactionCode: '17', reference: 'AAAAAAA', amount: 1 }])).code).toBe(
      'invalid_reference',
    );
    expect((await refused([{ ...payer, transactionCode: '0N', reference: 'MANDATE1', amount: 5 }])).code).toBe(
      'invalid_amount',
    );
    expect((await refused([{ ...payer, transactionCode: '17', reference: 'MANDATE1', amount: 1.5 }])).code).toBe(
      'invalid_amount',
    );
    expect(
      (await refused([{ ...payer, sortCode: '12345', transactionCode: '17', reference: 'MANDATE1', amount: 1 }])).code,
    ).toBe('invalid_sort_code');
    // 2026-12-25 is Christmas: not a Bacs processing day in the England & Wales calendar.
    expect((await refused(records, { ...submission, processingDate: '2026-12-25' })).code).toBe('not_a_processing_day');
  });

  it('never writes a line of the wrong length or a character outside the Bacs set', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        async (name, suName, amount) => {
          const lines = await write(
            [{ ...payer, accountName: name, transactionCode: '17', reference: 'MANDATE-0001', amount }],
            { ...submission, serviceUser: { ...submission.serviceUser, name: suName } },
          );
          for (const line of lines) {
            expect([80, 100]).toContain(line.length);
            expect(line).toMatch(/^[A-Z0-9 ./&-]+$/);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Bacs reports', () => {
  it('reads the ADDACS sample: one cancellation by the payer', () => {
    const report = readBacsReport(sample('bacs/so-sure-ADDACS.xml'));
    expect(report).toMatchObject({ type: 'addacs', sun: '176198' });
    if (report.type !== 'addacs') throw new Error('type');
    expect(report.items).toEqual([
      expect.objectContaining({
        reasonCode: 'ADDACS-1',
        reference: 'SOSURE01',
        sortCode: '000099',
        accountNumber: '12345678',
        effectiveDate: '2018-03-06',
      }),
    ]);
    expect(reasonFor(report.items[0]!.reasonCode)).toMatchObject({
      cause: 'mandate_cancelled',
      effect: 'mandate_cancelled',
    });
  });

  it('reads the AUDDIS file acceptance and rejection samples', () => {
    expect(readBacsReport(sample('bacs/so-sure-AUDDIS.xml'))).toMatchObject({
      type: 'auddis_file',
      accepted: true,
      fileNumber: '010',
      volumeSerial: '000010',
      acceptedCount: 1,
      rejectedCount: 0,
    });
    expect(readBacsReport(sample('bacs/so-sure-AUDDIS-error.xml'))).toMatchObject({
      type: 'auddis_file',
      accepted: false,
      fileNumber: '009',
      errorCode: '30264',
      errorText: 'User Status is TEST on Arrival Day',
    });
  });

  it('reads the Input report sample: one 0.01 debit accepted with its contra', () => {
    expect(readBacsReport(sample('bacs/so-sure-Input.xml'))).toMatchObject({
      type: 'input',
      sun: '176198',
      processingDate: '2018-02-28',
      fileNumber: '012',
      volumeSerial: '000012',
      accepted: { debitCount: 1, debitValue: 1, creditCount: 1, creditValue: 1 },
      rejected: { debitCount: 0, debitValue: 0 },
    });
  });

  it('reads ARUDD returned debits, mapping the internal code by its description', () => {
    const xml = `<?xml version="1.0"?><BACSDocument><Data><ARUDD>
      <Header reportType="REFT1019" adviceNumber="00001" currentProcessingDate="2026-12-08"/>
      <AddresseeInformation name="ACME"/><ServiceLicenseInformation userName="ACME" userNumber="123456"/>
      <Advice><OriginatingAccountRecords><OriginatingAccountRecord>
        <OriginatingAccount name="ACME" number="55779911" sortCode="200000" type="C"/>
        <ReturnedDebitItem ref="BANKFLOW-MD0001" transCode="17" returnCode="0128" returnDescription="REFER TO PAYER"
          originalProcessingDate="2026-12-04" valueOf="12.34" currency="GBP">
          <PayerAccount number="66374958" ref="BANKFLOW-MD0001" name="ZOE SMITH" sortCode="089999" bankName="X"/>
        </ReturnedDebitItem>
        <ReturnedDebitItem ref="BANKFLOW-MD0002" transCode="17" returnCode="1012" returnDescription="INSTRUCTION CANCELLED"
          originalProcessingDate="2026-12-04" valueOf="5.00" currency="GBP"><PayerAccount number="1" sortCode="2"/></ReturnedDebitItem>
      </OriginatingAccountRecord></OriginatingAccountRecords></Advice></ARUDD></Data></BACSDocument>`;
    const report = readBacsReport(xml);
    if (report.type !== 'arudd') throw new Error(report.type);
    expect(report.sun).toBe('123456');
    expect(report.items.map((i) => [i.reasonCode, i.reference, i.amount, i.sortCode])).toEqual([
      ['ARUDD-0', 'BANKFLOW-MD0001', 1234, '089999'],
      ['ARUDD-1', 'BANKFLOW-MD0002', 500, '2'],
    ]);
    expect(reasonFor('ARUDD-0')).toMatchObject({
      cause: 'insufficient_funds',
      effect: 'payment_failed',
      retryable: true,
    });
  });

  it('reads DDICA indemnity claims (VocaDocument) as chargebacks', () => {
    const xml = `<VocaDocument><Data><Document><NewAdvices><DateOfDebit>2026-12-20</DateOfDebit><TotalValueOfDebits>12.34</TotalValueOfDebits>
      <DDICAdvice><SUReference>BANKFLOW-MD0001</SUReference><PayingBankReference>DDIC0001</PayingBankReference>
      <ReasonCode>5</ReasonCode><ReasonCodeMeaning>No instruction held</ReasonCodeMeaning><TotalAmount>12.34</TotalAmount></DDICAdvice>
      </NewAdvices></Document></Data></VocaDocument>`;
    const report = readBacsReport(xml);
    expect(report).toMatchObject({
      type: 'ddica',
      totalValue: 1234,
      items: [{ reasonCode: 'DDICA-5', reference: 'BANKFLOW-MD0001', amount: 1234 }],
    });
    expect(reasonFor('DDICA-5').effect).toBe('payment_charged_back');
  });

  it('reads an ADDACS transfer with the new details and AUDDIS returned instructions', () => {
    const advices = (type: string, advice: string) =>
      `<BACSDocument><Data><MessagingAdvices><MessagingHeader advice-type="${type}" user-number="123456"/>${advice}</MessagingAdvices></Data></BACSDocument>`;
    const transfer = readBacsReport(
      advices(
        'ADDACS',
        '<MessagingAdvice record-type="A" reference="MANDATE1" reason-code="3" payer-new-sort-code="200000" payer-new-account-number="55779911"/>',
      ),
    );
    expect(transfer).toMatchObject({
      items: [{ reasonCode: 'ADDACS-3', newSortCode: '200000', newAccountNumber: '55779911' }],
    });
    expect(reasonFor('ADDACS-3').effect).toBe('mandate_transferred');
    const auddis = readBacsReport(
      advices('AUDDIS', '<MessagingAdvice record-type="N" reference="MANDATE1" reason-code="5"/>'),
    );
    expect(auddis).toMatchObject({ type: 'auddis', items: [{ reasonCode: 'AUDDIS-5', recordType: 'N' }] });
    expect(reasonFor('AUDDIS-5')).toMatchObject({ cause: 'invalid_bank_details', effect: 'mandate_failed' });
  });

  it('refuses a malformed report whole, naming the line', () => {
    const error = (() => {
      try {
        readBacsReport('<BACSDocument>\n<Data>\n<MessagingAdvices>\n</Data>');
      } catch (e) {
        return e as BankFileError;
      }
    })();
    expect(error).toBeInstanceOf(BankFileError);
    expect(error?.code).toBe('malformed_report');
    expect(error?.line).toBe(4);
    const missing = readBacsReportError(
      '<BACSDocument><Data><MessagingAdvices><MessagingHeader advice-type="ADDACS"/>\n<MessagingAdvice reference="X"/></MessagingAdvices></Data></BACSDocument>',
    );
    expect([missing.code, missing.line]).toEqual(['malformed_report', 2]);
  });
});

function readBacsReportError(xml: string): BankFileError {
  try {
    readBacsReport(xml);
  } catch (e) {
    return e as BankFileError;
  }
  throw new Error('not refused');
}

import { describe, expect, it } from 'vitest';
import { writeAba } from '../../server/domain/bank-files/becs/aba';
import { writeCpa005 } from '../../server/domain/bank-files/cpa005/writer';
import { BankFileError } from '../../server/domain/bank-files/errors';
import { collect } from '../../server/domain/bank-files/lines';
import { MAX_XML_DEPTH } from '../../server/domain/bank-files/xml';
import { readBankReport } from '../../server/domain/bank-port/reports';

/** Our own Nacha return file: a returned debit (addenda 99) and a notification of change (98). */
function nachaReturns(): string {
  const entry = (code: string, routing: string, amount: string, id: string, trace: string) =>
    `6${code}${routing}${'27155001'.padEnd(17)}${amount}${id.padEnd(15)}${'JANE DOE'.padEnd(22)}  1${trace}`;
  const lines = [
    `101 026073150 ${'0'.repeat(9)}2612081030A094101${'SOME BANK NA'.padEnd(23)}${'ACME INC'.padEnd(23)}`,
    `5200ACME${' '.repeat(32)}1234567890PPD${'RETURN'.padEnd(10)}${' '.repeat(6)}261208   1026073150000001`,
    entry('26', '021000021', '0000001500', 'MD0001', '026073150000011'),
    `799R01026073150000007      02100002${'INSUFFICIENT FUNDS'.padEnd(44)}026073150000011`,
    entry('21', '026073150', '0000000000', 'MD0002', '026073150000012'),
    `798C02026073150000008      02607315${'021000021'.padEnd(29)}${' '.repeat(15)}026073150000012`,
    // 4 entries and addenda; hash 02100002 + 02607315; 15.00 of debits.
    `82000000040004707317${'1500'.padStart(12, '0')}${'0'.repeat(12)}1234567890${' '.repeat(25)}026073150000001`,
    `9000001000001000000040004707317${'1500'.padStart(12, '0')}${'0'.repeat(12)}`,
  ];
  return lines.map((l) => l.padEnd(94)).join('\n') + '\n';
}

/** The bank port's reading of report files: each reader's shape as what the bank said of which reference. */
describe('bank reports through the port', () => {
  it('turns ARUDD returned debits into returns with their reason code, cause and effect', () => {
    const xml = `<?xml version="1.0"?><BACSDocument><Data><ARUDD>
      <Header reportType="REFT1019" adviceNumber="00001" currentProcessingDate="2026-12-08"/>
      <ServiceLicenseInformation userName="TESTCO" userNumber="654321"/>
      <Advice><OriginatingAccountRecords><OriginatingAccountRecord>
        <OriginatingAccount name="TESTCO" number="11223344" sortCode="400000" type="C"/>
        <ReturnedDebitItem ref="BFTEST-PM0042" transCode="01" returnCode="0128" returnDescription="REFER TO PAYER"
          originalProcessingDate="2026-12-04" valueOf="20.00" currency="GBP"><PayerAccount number="9" sortCode="8"/></ReturnedDebitItem>
        <ReturnedDebitItem ref="BFTEST-PM0043" transCode="17" returnCode="9999" returnDescription="SOMETHING NEW"
          originalProcessingDate="2026-12-04" valueOf="1.00" currency="GBP"><PayerAccount number="9" sortCode="8"/></ReturnedDebitItem>
      </OriginatingAccountRecord></OriginatingAccountRecords></Advice></ARUDD></Data></BACSDocument>`;
    const report = readBankReport('bacs', xml);
    expect(report.items[0]).toMatchObject({
      kind: 'returned',
      reference: 'BFTEST-PM0042',
      amount: 2000,
      reasonCode: 'ARUDD-0',
      cause: 'insufficient_funds',
      effect: 'payment_failed',
    });
    // Kept for a person, never dropped.
    expect(report.items).toHaveLength(2);
    expect(report.items[1]).toMatchObject({ reference: 'BFTEST-PM0043' });
  });

  it('turns ADDACS into mandate changes (a transfer with its new details) and AUDDIS returns into rejections', () => {
    const advices = (type: string, advice: string) =>
      `<BACSDocument><Data><MessagingAdvices><MessagingHeader advice-type="${type}" user-number="654321"/>${advice}</MessagingAdvices></Data></BACSDocument>`;
    const addacs = readBankReport(
      'bacs',
      advices(
        'ADDACS',
        '<MessagingAdvice record-type="A" reference="BFTEST-MD0007" reason-code="3" payer-new-sort-code="401276" payer-new-account-number="31926819"/>' +
          '<MessagingAdvice record-type="A" reference="BFTEST-MD0008" reason-code="1"/>',
      ),
    );
    expect(addacs.items.map((i) => [i.kind, i.reference, i.reasonCode, i.newBankDetails])).toEqual([
      ['mandate_amended', 'BFTEST-MD0007', 'ADDACS-3', { sortCode: '401276', accountNumber: '31926819' }],
      ['mandate_cancelled', 'BFTEST-MD0008', 'ADDACS-1', undefined],
    ]);
    const auddis = readBankReport(
      'bacs',
      advices('AUDDIS', '<MessagingAdvice record-type="N" reference="BFTEST-MD0009" reason-code="5"/>'),
    );
    expect(auddis.items).toMatchObject([{ kind: 'rejected', reasonCode: 'AUDDIS-5', effect: 'mandate_failed' }]);
  });

  it('reads a pain.002: the group status is the submission, a rejected transaction an item with its code', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
<GrpHdr><MsgId>STATUS-1</MsgId><CreDtTm>2026-12-03T10:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>BS-0001</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.08</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>BS-0001-1</OrgnlPmtInfId>
<TxInfAndSts><OrgnlEndToEndId>PM-A</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf></TxInfAndSts>
<TxInfAndSts><OrgnlEndToEndId>PM-B</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>
</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
    const report = readBankReport('pain.002', xml);
    expect(report.submission).toEqual({ reference: 'BS-0001', accepted: true });
    expect(report.items.map((i) => [i.kind, i.reference, i.reasonCode])).toEqual([
      ['rejected', 'PM-A', 'AM04'],
      ['accepted', 'PM-B', undefined],
    ]);
    expect(report.items[0]?.cause).toBe('insufficient_funds');
  });

  it('reads a camt.054: a booked collection is paid, a returned one a return with its reason', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>NTF-7</MsgId><CreDtTm>2026-12-07T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">15.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<NtryDtls><TxDtls><Refs><EndToEndId>PM-C</EndToEndId></Refs><Amt Ccy="EUR">15.00</Amt></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">9.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts>
<NtryDtls><TxDtls><Refs><EndToEndId>PM-D</EndToEndId></Refs><Amt Ccy="EUR">9.99</Amt>
<RtrInf><Rsn><Cd>MD01</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(readBankReport('camt', xml).items.map((i) => [i.kind, i.reference, i.amount, i.reasonCode])).toEqual([
      ['paid', 'PM-C', 1500, undefined],
      ['returned', 'PM-D', 999, 'MD01'],
    ]);
  });

  it('reads Nacha returns and NOCs: traced by the original trace number, with R and C codes', () => {
    const report = readBankReport('nacha', nachaReturns());
    expect(report.format).toBe('nacha');
    expect(report.items).toEqual([
      {
        line: 3,
        kind: 'returned',
        reference: '026073150000007',
        amount: 1500,
        reasonCode: 'R01',
        cause: 'insufficient_funds',
        effect: 'payment_failed',
      },
      {
        line: 5,
        kind: 'notification_of_change',
        reference: '026073150000008',
        amount: 0,
        newBankDetails: { routingNumber: '021000021' },
        reasonCode: 'C02',
        cause: 'bank_details_corrected',
        effect: 'bank_details_corrected',
      },
    ]);
  });

  it('reads a BECS returns file: each type-2 record a returned debit by its lodgement reference', async () => {
    const { text } = await collect(
      writeAba(
        {
          bankAbbreviation: 'NAB',
          userName: 'Acme Pty Ltd',
          userId: '123456',
          description: 'BANKFLOW',
          processingDate: '2026-12-03',
          bsb: '082-082',
          accountNumber: '012345678',
          remitterName: 'ACME',
        },
        [
          {
            transactionCode: '13',
            bsb: '083047',
            accountNumber: '111111',
            accountName: 'Zoe',
            reference: 'PM-BECS-1',
            amount: 2500,
          },
        ],
      ),
    );
    // The bank sends the debit back as a type-2 record with the reason in position 18.
    const returns = text.replace(
      /\r\n1(083-047[^\r]*)/,
      (_m, rest: string) => `\r\n2${rest.slice(0, 16)}6${rest.slice(17)}`,
    );
    expect(readBankReport('becs', returns)).toEqual({
      format: 'becs',
      items: [
        {
          line: 2,
          kind: 'returned',
          reference: 'PM-BECS-1',
          amount: 2500,
          reasonCode: 'BECS-6',
          cause: 'insufficient_funds',
          effect: 'payment_failed',
        },
      ],
    });
    // NAB's acknowledgement speaks of the whole file, by the name we uploaded it under.
    const ack = `<?xml version="1.0" encoding="UTF-8"?>
<PaymentsAcknowledgement type="error"><PaymentId>9001</PaymentId><OriginalMessageId>9000</OriginalMessageId>
<CustomerId>ACME01AU</CustomerId><OriginalFilename>BS-0007.aba</OriginalFilename>
<Issues><Issue type="error">Invalid trailer record.</Issue></Issues></PaymentsAcknowledgement>`;
    expect(readBankReport('becs', ack)).toEqual({
      format: 'becs',
      submission: { reference: 'BS-0007.aba', accepted: false },
      items: [],
    });
    // What we submitted (type-1 records only) is not a returns file.
    expect(() => readBankReport('becs', text)).toThrow(expect.objectContaining({ code: 'malformed_report', line: 2 }));
  });

  it('reads CPA-005 returned PAD debits by cross-reference, keeping an unknown code for a person', async () => {
    const { text } = await collect(
      writeCpa005(
        {
          originatorId: 'ACME000042',
          fileCreationNumber: 3,
          createdOn: '2026-12-02',
          dataCentre: '00310',
          shortName: 'ACME',
          longName: 'ACME WIDGETS CANADA',
          transactionCode: '430',
          returnAccount: { institution: '004', transit: '12345', accountNumber: '98765432' },
        },
        ['PM-PAD-1', 'PM-PAD-2'].map((reference, i) => ({
          kind: 'debit' as const,
          amount: 1000 + i,
          dueDate: '2026-12-04',
          institution: '003',
          transit: '00006',
          accountNumber: '1234567',
          payorName: 'Jean Tremblay',
          reference,
        })),
      ),
    );
    // Returned debits come back as a J record, the reason at 230–232 of each segment.
    const reason = (line: string, slot: number, code: string) => {
      const at = 24 + 240 * (slot - 1) + 229;
      return line.slice(0, at) + code + line.slice(at + 3);
    };
    const returns = text
      .split('\n')
      .map((l) => (l.startsWith('D') ? reason(reason('J' + l.slice(1), 1, '905'), 2, '999') : l))
      .join('\n');
    const report = readBankReport('cpa005', returns);
    expect(report.items).toEqual([
      {
        line: 2,
        kind: 'returned',
        reference: 'PM-PAD-1',
        amount: 1000,
        reasonCode: '905',
        cause: 'bank_account_closed',
        effect: 'payment_failed',
      },
      {
        line: 2,
        kind: 'returned',
        reference: 'PM-PAD-2',
        amount: 1001,
        reasonCode: '999',
        cause: 'other',
        effect: 'operations',
      },
    ]);
    // What we submitted is not a returns file: refused whole, at its line.
    expect(() => readBankReport('cpa005', text)).toThrow(
      expect.objectContaining({ code: 'malformed_report', line: 2 }),
    );
  });

  it('refuses a malformed report whole, with its line', () => {
    const refused = (() => {
      try {
        readBankReport('pain.002', '<?xml version="1.0"?>\n<Document>\n<Nope/></Document>');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(BankFileError);
    expect((refused as BankFileError).line).toBeGreaterThan(0);
  });

  it('refuses a report nesting deeper than its limit before any walk, and reads one at the limit', () => {
    const nested = (depth: number) => `<Document>${'<a>'.repeat(depth - 1)}${'</a>'.repeat(depth - 1)}</Document>`;
    for (const depth of [MAX_XML_DEPTH + 1, 20_000]) {
      let refused: unknown;
      try {
        readBankReport('camt', nested(depth));
      } catch (error) {
        refused = error;
      }
      // Without the limit, 20,000 levels is a RangeError from the stack, not a refusal.
      expect(refused).toBeInstanceOf(BankFileError);
      expect((refused as BankFileError).code).toBe('malformed_report');
    }
    // At the limit the file is XML we read (and this one holds no entries).
    expect(() => readBankReport('camt', nested(MAX_XML_DEPTH))).not.toThrow(RangeError);
  });
});

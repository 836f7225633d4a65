import { describe, expect, it } from 'vitest';
import { BankFileError } from '../../server/domain/bank-files/errors';
import { MAX_XML_DEPTH } from '../../server/domain/bank-files/xml';
import { readBankReport } from '../../server/domain/bank-port/reports';

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

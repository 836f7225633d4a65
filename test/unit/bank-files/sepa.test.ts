import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BankFileError } from '../../../server/domain/bank-files/errors';
import { collect } from '../../../server/domain/bank-files/lines';
import { reasonFor } from '../../../server/domain/bank-files/reason-codes';
import { writePain001 } from '../../../server/domain/bank-files/sepa/pain001';
import {
  type Pain008Transaction,
  type SepaVersion,
  writePain008,
} from '../../../server/domain/bank-files/sepa/pain008';
import { readCamt, readPain002 } from '../../../server/domain/bank-files/sepa/reports';
import { toCharset, SEPA_CHARSET } from '../../../server/domain/bank-files/text';
import { sample, slowly, validateAgainstXsd } from './support';

const creditor = { name: 'Acme Gesellschaft für Widgets mbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const debtorTx = (n: number, extra: Partial<Pain008Transaction> = {}): Pain008Transaction => ({
  endToEndId: `PM0000${n}`,
  amount: 1000 + n,
  mandateId: `MD-0000${n}`,
  mandateSignedOn: '2026-11-01',
  debtor: { name: 'Jürgen Müller-Łukasz <&>', iban: 'FR1420041010050500013M02606' },
  remittance: `Rechnung ${n} — Dezember`,
  ...extra,
});

async function pain008(version: SepaVersion, transactions: Pain008Transaction[], stated?: number) {
  const sum = transactions.reduce((s, t) => s + t.amount, 0);
  return (
    await collect(
      writePain008(
        {
          version,
          messageId: 'BF-20261202-1',
          createdAt: '2026-12-02T10:15:00',
          initiatingParty: creditor.name,
          numberOfTransactions: transactions.length,
          controlSum: stated ?? sum,
        },
        slowly([
          {
            paymentInformationId: 'BF-20261202-1-FRST',
            localInstrument: 'CORE',
            sequenceType: 'FRST',
            collectionDate: '2026-12-04',
            creditor,
            creditorId: 'DE98ZZZ09999999999',
            numberOfTransactions: transactions.length,
            controlSum: stated ?? sum,
            transactions: slowly(transactions),
          },
        ]),
      ),
    )
  ).text;
}

describe('SEPA writers validate against the official XSDs', () => {
  for (const version of ['pain.008.001.02', 'pain.008.001.08'] as const) {
    it(`${version}: FRST with an amended mandate (new IBAN, new mandate id, creditor change), B2B and other sequence types`, async () => {
      const xml = await pain008(version, [
        debtorTx(1),
        debtorTx(2, { amendment: { originalMandateId: 'MD-OLD-2', debtorAccountChanged: true } }),
        debtorTx(3, {
          amendment: {
            originalCreditorId: 'DE98ZZZ09999999999',
            originalCreditorName: 'Old Name',
            debtorAgentChanged: true,
          },
        }),
        debtorTx(4, {
          debtor: {
            name: 'Zoë',
            iban: 'DE89370400440532013000',
            bic: 'COBADEFF',
            address: { country: 'CH', lines: ['Rue du Lac 1', '2503 Biel'] },
          },
        }),
      ]);
      expect(validateAgainstXsd(xml, `${version}.xsd`)).toMatchObject({ ok: true });
      expect(xml).toContain(version === 'pain.008.001.08' ? '<BICFI>COBADEFF</BICFI>' : '<BIC>COBADEFF</BIC>');
      expect(xml).toContain('<OrgnlDbtrAcct><Id><Othr><Id>SMNDA</Id></Othr></Id></OrgnlDbtrAcct>');
      expect(xml).toContain('<CtrlSum>40.10</CtrlSum>');
      // Names are transliterated into the Latin set; markup characters never reach the file as text.
      expect(xml).toContain('<Nm>Jurgen Muller-Lukasz</Nm>');
    });
  }

  for (const version of ['pain.001.001.03', 'pain.001.001.09'] as const) {
    it(`${version}: refunds and payouts`, async () => {
      const { text } = await collect(
        writePain001(
          {
            version,
            messageId: 'BF-R-1',
            createdAt: '2026-12-02T10:15:00Z',
            initiatingParty: 'Acme',
            numberOfTransactions: 2,
            controlSum: 1501,
          },
          [
            {
              paymentInformationId: 'BF-R-1-1',
              executionDate: '2026-12-03',
              debtor: creditor,
              numberOfTransactions: 2,
              controlSum: 1501,
              transactions: [
                {
                  endToEndId: 'RF0001',
                  amount: 1500,
                  creditor: { name: 'Zoë', iban: 'FR1420041010050500013M02606' },
                  remittance: 'Refund',
                },
                {
                  endToEndId: 'RF0002',
                  amount: 1,
                  creditor: { name: 'Ann', iban: 'DE89370400440532013000', bic: 'COBADEFF' },
                },
              ],
            },
          ],
        ),
      );
      expect(validateAgainstXsd(text, `${version}.xsd`)).toMatchObject({ ok: true });
    });
  }

  it('the validator itself rejects a file the XSD forbids (so the passes above mean something)', async () => {
    const xml = (await pain008('pain.008.001.08', [debtorTx(1)])).replace('<SeqTp>FRST</SeqTp>', '<SeqTp>ONCE</SeqTp>');
    expect(validateAgainstXsd(xml, 'pain.008.001.08.xsd').ok).toBe(false);
  });

  it('refuses identifiers outside the SEPA set, bad IBANs and totals that disagree with the stream', async () => {
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'written',
        (e: BankFileError) => e.code,
      );
    expect(await code(pain008('pain.008.001.08', [debtorTx(1, { endToEndId: 'PM_1' })]))).toBe('invalid_end_to_end_id');
    expect(
      await code(pain008('pain.008.001.08', [debtorTx(1, { debtor: { name: 'X', iban: 'DE89370400440532013001' } })])),
    ).toBe('invalid_iban');
    expect(await code(pain008('pain.008.001.08', [debtorTx(1)], 5))).toBe('totals_mismatch');
  });

  it('property: any text becomes characters of the SEPA Latin set only', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        for (const char of toCharset(text, SEPA_CHARSET)) expect(char).toMatch(/^[A-Za-z0-9/?:().,'+ -]$/);
      }),
    );
  });
});

describe('SEPA reports', () => {
  it('reads a Swiss pain.002 rejecting a transaction with AC01', () => {
    const report = readPain002(sample('sepa/postfinance-pain.002.001.03.ch.02-rjct-ac01.xml'));
    expect(report).toMatchObject({
      originalMessageId: 'MsgId-006',
      paymentInformations: [{ originalPaymentInformationId: 'PmtInfId-006-01', status: 'RJCT' }],
    });
    expect(report.transactions).toEqual([
      expect.objectContaining({
        originalEndToEndId: 'EndToEndId-006-01-01',
        status: 'RJCT',
        reasons: [expect.objectContaining({ code: 'AC01' })],
      }),
    ]);
    expect(reasonFor('AC01')).toMatchObject({
      cause: 'invalid_bank_details',
      effect: 'payment_failed',
      mandate: 'cancelled',
    });
  });

  it('reads accepted and Verification-of-Payee pain.002 samples', () => {
    expect(
      readPain002(sample('sepa/postfinance-pain.002.001.03.ch.02-chdd-accp.xml')).paymentInformations[0]?.status,
    ).toBe('ACCP');
    expect(readPain002(sample('sepa/hbci4java-test-pain-parse-0020110-03.xml'))).toMatchObject({
      groupStatus: 'RCVC',
      originalMessageType: 'pain.001',
    });
    const vop = readPain002(sample('sepa/hbci4java-test-pain-parse-0020110-02.xml'));
    expect(vop.transactions).toMatchObject([{ originalEndToEndId: 'NOTPROVIDED', status: 'RVNM' }]);
  });

  it('reads our own pain.002.001.10 rejecting a direct debit, with the transaction status inherited when absent', () => {
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
      <GrpHdr><MsgId>STS-1</MsgId><CreDtTm>2026-12-03T08:00:00</CreDtTm></GrpHdr>
      <OrgnlGrpInfAndSts><OrgnlMsgId>BF-20261202-1</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.08</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
      <OrgnlPmtInfAndSts><OrgnlPmtInfId>BF-20261202-1-FRST</OrgnlPmtInfId><PmtInfSts>PART</PmtInfSts>
        <TxInfAndSts><OrgnlEndToEndId>PM00001</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf>
          <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">10.01</InstdAmt></Amt><MndtRltdInf><MndtId>MD-00001</MndtId></MndtRltdInf></OrgnlTxRef></TxInfAndSts>
      </OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
    expect(validateAgainstXsd(xml, 'pain.002.001.10.xsd').ok).toBe(true);
    expect(readPain002(xml).transactions).toEqual([
      expect.objectContaining({
        originalEndToEndId: 'PM00001',
        status: 'RJCT',
        amount: 1001,
        mandateId: 'MD-00001',
        reasons: [expect.objectContaining({ code: 'AM04' })],
      }),
    ]);
  });

  it('reads camt.054 returns (Finnish and Swiss samples) with their ISO reason codes', () => {
    const fi = readCamt(sample('sepa/fi-fkl-camt.054.001.02-credit-advice-with-return.xml'));
    expect(fi.type).toBe('camt.054');
    const returned = fi.statements
      .flatMap((s) => s.entries)
      .flatMap((e) => e.transactions)
      .filter((t) => t.returnReason);
    expect(returned.map((t) => t.returnReason?.code)).toContain('AC01');
    const ch = readCamt(sample('sepa/postfinance-camt.054.001.04-returns.xml'));
    expect(ch.statements[0]?.entries[0]).toMatchObject({
      amount: 50000,
      currency: 'CHF',
      creditDebit: 'CRDT',
      reversal: true,
      status: 'BOOK',
      bankTransactionCode: { domain: 'PMNT', family: 'ICDT', subFamily: 'RRTN' },
    });
    expect(ch.statements[0]?.entries[0]?.transactions[0]).toMatchObject({
      endToEndId: 'EndToEndId-001-03-04',
      returnReason: { code: 'AC01' },
    });
  });

  it('reads camt.053 statements (both generations) and a camt.052 returned debit', () => {
    for (const file of ['genkgo-camt053.v2.minimal.xml', 'genkgo-camt053.v8.xml']) {
      const report = readCamt(sample(`sepa/${file}`));
      expect(report.type).toBe('camt.053');
      expect(report.statements[0]?.entries[0]).toMatchObject({ amount: 885, creditDebit: 'CRDT', status: 'BOOK' });
    }
    for (const file of ['genkgo-camt054.v2.xml', 'genkgo-camt054.v8.xml'])
      expect(readCamt(sample(`sepa/${file}`)).statements[0]?.entries[0]).toMatchObject({
        amount: 20000000,
        creditDebit: 'DBIT',
      });
    const rueck = readCamt(sample('sepa/hbci4java-test-camt-ruecklastschrift.xml'));
    expect(rueck.type).toBe('camt.052');
    expect(rueck.statements[0]?.entries[0]).toMatchObject({ amount: 5300, creditDebit: 'DBIT' });
  });

  it('refuses a camt with an unreadable amount, naming its line', () => {
    const xml =
      '<Document><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>1</MsgId></GrpHdr><Ntfctn>\n<Ntry>\n<Amt Ccy="EUR">12,00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>';
    expect(() => readCamt(xml)).toThrow(expect.objectContaining({ code: 'invalid_amount', line: 3 }));
  });
});

import { readNacha } from '../bank-files/nacha/reader';
import { addToHash, isCreditCode, RECORD_WIDTH } from '../bank-files/nacha/records';
import { RETURN_CODES, type SandboxOutcome } from './scenarios';

/**
 * The report files the sandbox's file bank sends back for a submission (decision 0092), in the
 * shapes the readers of `bank-files/` read from real banks: Bacs XML (input report, AUDDIS, ARUDD,
 * ADDACS), SEPA pain.002 and camt.054, a Nacha return file. Pure: the caller imports each through
 * the importer `POST /bank_reports` uses.
 */

/** One instruction of the submission, with what the sandbox bank does with it. */
export interface AnsweredInstruction {
  resourceType: string;
  instruction: string;
  reference: string;
  amount: number | null;
  outcome: SandboxOutcome;
}

export interface SubmissionFacts {
  id: string;
  fileReference: string;
  submissionDate: string;
  /** The submitted file, for the Nacha entries a return echoes. */
  file: Buffer;
  /** The report's day (the sandbox's today). */
  today: string;
}

export interface SandboxReport {
  format: 'bacs' | 'pain.002' | 'camt' | 'nacha';
  fileName: string;
  text: string;
}

const attr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const text = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const decimal = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

const isDebit = (i: AnsweredInstruction) => i.resourceType === 'payments';
const isLodgement = (i: AnsweredInstruction) => i.resourceType === 'mandates' && i.instruction === '0N';

export function bacsReports(s: SubmissionFacts, items: AnsweredInstruction[]): SandboxReport[] {
  const debits = items.filter(isDebit);
  const total = debits.reduce((sum, i) => sum + (i.amount ?? 0), 0);
  const reports: SandboxReport[] = [
    {
      format: 'bacs',
      fileName: `sandbox-input-report-${s.id}.xml`,
      text: `<?xml version="1.0" encoding="UTF-8"?>
<BACSDocument><Data><InputReport>
<Header reportType="REFT1030" currentProcessingDate="${s.today}"/>
<UserFileInformation userNumber="SANDBOX" userFileNumber="001" uhl1ProcessingDate="${s.submissionDate}"/>
<SubmissionInformation volumeSerialNumber="${attr(s.fileReference)}" submissionType="SANDBOX"/>
<AgreementOfFileTotals>
<DebitEntry><AcceptedRecords numberOf="${debits.length}" valueOf="${decimal(total)}"/><RejectedRecords numberOf="0" valueOf="0.00"/></DebitEntry>
<CreditEntry><AcceptedRecords numberOf="${debits.length ? 1 : 0}" valueOf="${decimal(total)}"/><RejectedRecords numberOf="0" valueOf="0.00"/></CreditEntry>
</AgreementOfFileTotals>
</InputReport></Data></BACSDocument>
`,
    },
  ];
  const advices = (type: string, advice: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<BACSDocument><Data><MessagingAdvices>
<MessagingHeader advice-type="${type}" user-number="SANDBOX" report-generation-date="${s.today}"/>
${advice.join('\n')}
</MessagingAdvices></Data></BACSDocument>
`;
  const rejectedLodgements = items.filter((i) => isLodgement(i) && i.outcome === 'invalid_bank_details');
  if (rejectedLodgements.length)
    reports.push({
      format: 'bacs',
      fileName: `sandbox-auddis-${s.id}.xml`,
      text: advices(
        'AUDDIS',
        rejectedLodgements.map(
          (i) =>
            `<MessagingAdvice record-type="N" reference="${attr(i.reference)}" transaction-code="0N" reason-code="5"/>`,
        ),
      ),
    });
  // A payer's cancellation names the mandate (its reference), once however many debits it has here.
  const cancelled = [...new Set(items.filter((i) => i.outcome === 'cancelled_by_payer').map((i) => i.reference))];
  if (cancelled.length)
    reports.push({
      format: 'bacs',
      fileName: `sandbox-addacs-${s.id}.xml`,
      text: advices(
        'ADDACS',
        cancelled.map(
          (reference) =>
            `<MessagingAdvice record-type="A" reference="${attr(reference)}" reason-code="1" effective-date="${s.today}"/>`,
        ),
      ),
    });
  const returned = debits.filter((i) => i.outcome !== 'collected');
  if (returned.length)
    reports.push({
      format: 'bacs',
      fileName: `sandbox-arudd-${s.id}.xml`,
      text: `<?xml version="1.0" encoding="UTF-8"?>
<BACSDocument><Data><ARUDD>
<Header reportType="REFT1019" adviceNumber="00001" currentProcessingDate="${s.today}"/>
<ServiceLicenseInformation userName="SANDBOX" userNumber="SANDBOX"/>
<Advice><OriginatingAccountRecords><OriginatingAccountRecord>
${returned
  .map((i) => {
    const reason = RETURN_CODES.bacs[i.outcome as Exclude<SandboxOutcome, 'collected'>];
    return `<ReturnedDebitItem ref="${attr(i.reference)}" transCode="${attr(i.instruction)}" returnCode="0${reason.code}" returnDescription="${reason.text}" originalProcessingDate="${s.submissionDate}" valueOf="${decimal(i.amount ?? 0)}" currency="GBP"/>`;
  })
  .join('\n')}
</OriginatingAccountRecord></OriginatingAccountRecords></Advice>
</ARUDD></Data></BACSDocument>
`,
    });
  return reports;
}

/** SEPA: a pain.002 status report on the file (rejecting invalid accounts), then a camt.054 of the bookings and returns. */
export function sepaReports(s: SubmissionFacts, items: AnsweredInstruction[]): SandboxReport[] {
  const debits = items.filter(isDebit);
  const rejected = debits.filter((i) => i.outcome === 'invalid_bank_details');
  const reports: SandboxReport[] = [
    {
      format: 'pain.002',
      fileName: `sandbox-pain002-${s.id}.xml`,
      text: `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
<GrpHdr><MsgId>STS-${text(s.id)}</MsgId><CreDtTm>${s.today}T08:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>${text(s.fileReference)}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.08</OrgnlMsgNmId><GrpSts>${rejected.length ? 'PART' : 'ACCP'}</GrpSts></OrgnlGrpInfAndSts>
${
  rejected.length
    ? `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${text(s.fileReference)}-1</OrgnlPmtInfId>
${rejected
  .map(
    (i) =>
      `<TxInfAndSts><OrgnlEndToEndId>${text(i.reference)}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${RETURN_CODES.sepa_core.invalid_bank_details.code}</Cd></Rsn></StsRsnInf></TxInfAndSts>`,
  )
  .join('\n')}
</OrgnlPmtInfAndSts>`
    : ''
}
</CstmrPmtStsRpt></Document>
`,
    },
  ];
  const booked = debits.filter((i) => i.outcome !== 'invalid_bank_details');
  if (booked.length) reports.push(camt054(s, booked, 'EUR', 'sepa_core'));
  return reports;
}

/** ACH: a Nacha return file for the returned entries, and a camt.054 of the settled ones (by trace number). */
export function achReports(s: SubmissionFacts, items: AnsweredInstruction[]): SandboxReport[] {
  const debits = items.filter(isDebit);
  const reports: SandboxReport[] = [];
  const returned = debits.filter((i) => i.outcome !== 'collected');
  if (returned.length) reports.push(nachaReturns(s, returned));
  const settled = debits.filter((i) => i.outcome === 'collected');
  if (settled.length) reports.push(camt054(s, settled, 'USD', 'ach'));
  return reports;
}

function camt054(
  s: SubmissionFacts,
  items: AnsweredInstruction[],
  currency: string,
  scheme: 'sepa_core' | 'ach',
): SandboxReport {
  const entries = items.map((i) => {
    const amount = `<Amt Ccy="${currency}">${decimal(i.amount ?? 0)}</Amt>`;
    const reference = `<Refs><EndToEndId>${text(i.reference)}</EndToEndId></Refs>`;
    if (i.outcome === 'collected')
      return `<Ntry>${amount}<CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${s.today}</Dt></BookgDt>
<NtryDtls><TxDtls>${reference}${amount}</TxDtls></NtryDtls></Ntry>`;
    const code = RETURN_CODES[scheme][i.outcome].code;
    return `<Ntry>${amount}<CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${s.today}</Dt></BookgDt>
<NtryDtls><TxDtls>${reference}${amount}<RtrInf><Rsn><Cd>${code}</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>`;
  });
  return {
    format: 'camt',
    fileName: `sandbox-camt054-${s.id}.xml`,
    text: `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>NTF-${text(s.id)}</MsgId><CreDtTm>${s.today}T09:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>${text(s.id)}</Id><Acct><Id><Othr><Id>SANDBOX</Id></Othr></Id></Acct>
${entries.join('\n')}
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>
`,
  };
}

/** The return entry's code for an original entry's: a debit's return is 26 (checking) or 36 (savings). */
const RETURN_TRANSACTION_CODE: Record<string, string> = { '27': '26', '37': '36', '22': '21', '32': '31' };

function nachaReturns(s: SubmissionFacts, items: AnsweredInstruction[]): SandboxReport {
  const original = readNacha(s.file.toString('latin1'));
  const entries = new Map(
    original.batches.flatMap((b) => b.entries.map((e) => [e.traceNumber, { entry: e, batch: b }] as const)),
  );
  const first = original.batches[0];
  const odfi = first?.odfi ?? '00000000';
  const yymmdd = s.today.slice(2).replaceAll('-', '');
  const pad = (value: string, width: number) => value.slice(0, width).padEnd(width);
  const num = (value: number | bigint, width: number) => String(value).padStart(width, '0');
  const lines = [
    `101${pad(original.immediateDestination, 10).trimEnd().padStart(10)}${pad(original.immediateOrigin, 10).trimEnd().padStart(10)}${yymmdd}0800A094101${pad('SANDBOX BANK', 23)}${pad(first?.companyName ?? 'ORIGINATOR', 23)}`,
    `5200${pad(first?.companyName ?? 'ORIGINATOR', 16)}${' '.repeat(20)}${pad(first?.companyIdentification ?? '', 10)}${first?.secCode ?? 'PPD'}${pad('RETURN', 10)}${' '.repeat(6)}${yymmdd}   1${odfi}0000001`,
  ];
  let count = 0;
  let hash = 0n;
  let debit = 0;
  let credit = 0;
  items.forEach((item, n) => {
    const found = entries.get(item.reference);
    const trace = `${odfi}${num(n + 1, 7)}`;
    const code = RETURN_TRANSACTION_CODE[found?.entry.transactionCode ?? '27'] ?? '26';
    const routing = found?.entry.routingNumber ?? `${odfi}0`;
    const amount = found?.entry.amount ?? item.amount ?? 0;
    const reason = RETURN_CODES.ach[item.outcome as Exclude<SandboxOutcome, 'collected'>];
    lines.push(
      `6${code}${routing}${pad(found?.entry.accountNumber ?? '', 17)}${num(amount, 10)}${pad(found?.entry.individualId ?? '', 15)}${pad(found?.entry.name ?? '', 22)}  1${trace}`,
      `799${reason.code}${pad(item.reference, 15)}${' '.repeat(6)}${routing.slice(0, 8)}${pad(reason.text, 44)}${trace}`,
    );
    count += 2;
    hash = addToHash(hash, routing.slice(0, 8));
    if (isCreditCode(code)) credit += amount;
    else debit += amount;
  });
  const hash10 = num(hash, 10);
  lines.push(
    `8200${num(count, 6)}${hash10}${num(debit, 12)}${num(credit, 12)}${pad(first?.companyIdentification ?? '', 10)}${' '.repeat(25)}${odfi}0000001`,
  );
  const blocks = Math.ceil((lines.length + 1) / 10);
  lines.push(`9000001${num(blocks, 6)}${num(count, 8)}${hash10}${num(debit, 12)}${num(credit, 12)}`);
  return {
    format: 'nacha',
    fileName: `sandbox-returns-${s.id}.ach`,
    text: lines.map((l) => l.padEnd(RECORD_WIDTH)).join('\n') + '\n',
  };
}

import { refuse } from '../errors';
import { minorUnits } from '../text';
import { child, children, descendants, parseXml, requiredText, textOf, type XmlElement } from '../xml';

/**
 * SEPA reports in: pain.002 payment status reports (rejects before settlement) and camt.052/053/054
 * entries (returns and refunds after settlement, with `RtrInf/Rsn`). Read by local names, so any
 * version and the national variants (DK, CH) read alike; amounts become minor units.
 */

export interface StatusReason {
  code?: string;
  proprietary?: string;
  additionalInfo: string[];
}

export interface Pain002Transaction {
  line: number;
  originalEndToEndId?: string;
  originalInstructionId?: string;
  originalPaymentInformationId?: string;
  /** Its own status, or the payment information's / group's when it has none. */
  status: string;
  reasons: StatusReason[];
  amount?: number;
  mandateId?: string;
}

export interface Pain002Report {
  type: 'pain.002';
  messageId: string;
  originalMessageId: string;
  originalMessageType?: string;
  groupStatus?: string;
  groupReasons: StatusReason[];
  paymentInformations: Array<{
    line: number;
    originalPaymentInformationId: string;
    status?: string;
    reasons: StatusReason[];
  }>;
  transactions: Pain002Transaction[];
}

const reasons = (node: XmlElement | undefined): StatusReason[] =>
  children(node, 'StsRsnInf').map((r) => ({
    code: textOf(r, 'Rsn', 'Cd'),
    proprietary: textOf(r, 'Rsn', 'Prtry'),
    additionalInfo: children(r, 'AddtlInf').map((a) => a.text.trim()),
  }));

function amountOf(node: XmlElement | undefined): number | undefined {
  if (!node) return undefined;
  return minorUnits(node.text, 2, node.line);
}

export function readPain002(xml: string): Pain002Report {
  const root = parseXml(xml);
  const report = child(root, 'CstmrPmtStsRpt');
  if (!report) return refuse('unknown_report', `<${root.name}> is not a pain.002 status report`, root.line);
  const group = child(report, 'OrgnlGrpInfAndSts');
  if (!group) return refuse('malformed_report', 'OrgnlGrpInfAndSts is missing', report.line);
  const groupStatus = textOf(group, 'GrpSts');
  const paymentInformations: Pain002Report['paymentInformations'] = [];
  const transactions: Pain002Transaction[] = [];
  for (const info of children(report, 'OrgnlPmtInfAndSts')) {
    const id = requiredText(info, 'OrgnlPmtInfId');
    const status = textOf(info, 'PmtInfSts') ?? groupStatus;
    paymentInformations.push({ line: info.line, originalPaymentInformationId: id, status, reasons: reasons(info) });
    for (const tx of children(info, 'TxInfAndSts')) {
      const txStatus = textOf(tx, 'TxSts') ?? status;
      if (!txStatus) refuse('malformed_report', 'a transaction has no status', tx.line);
      const ref = child(tx, 'OrgnlTxRef');
      transactions.push({
        line: tx.line,
        originalEndToEndId: textOf(tx, 'OrgnlEndToEndId'),
        originalInstructionId: textOf(tx, 'OrgnlInstrId'),
        originalPaymentInformationId: id,
        status: txStatus,
        reasons: reasons(tx),
        amount: amountOf(child(ref, 'Amt', 'InstdAmt')),
        mandateId: textOf(ref, 'MndtRltdInf', 'MndtId'),
      });
    }
  }
  return {
    type: 'pain.002',
    messageId: requiredText(report, 'GrpHdr', 'MsgId'),
    originalMessageId: requiredText(group, 'OrgnlMsgId'),
    originalMessageType: textOf(group, 'OrgnlMsgNmId'),
    groupStatus,
    groupReasons: reasons(group),
    paymentInformations,
    transactions,
  };
}

export interface CamtTransaction {
  line: number;
  endToEndId?: string;
  paymentInformationId?: string;
  instructionId?: string;
  mandateId?: string;
  amount?: number;
  currency?: string;
  creditDebit?: 'CRDT' | 'DBIT';
  /** Present on a returned or refunded item. */
  returnReason?: { code?: string; proprietary?: string; additionalInfo: string[] };
  /** Charges the bank took for the return, in minor units. */
  charges?: number;
}

export interface CamtEntry {
  line: number;
  amount: number;
  currency: string;
  creditDebit: 'CRDT' | 'DBIT';
  reversal: boolean;
  status?: string;
  bookingDate?: string;
  valueDate?: string;
  reference?: string;
  bankTransactionCode?: { domain?: string; family?: string; subFamily?: string; proprietary?: string };
  transactions: CamtTransaction[];
}

export interface CamtReport {
  type: 'camt.052' | 'camt.053' | 'camt.054';
  messageId: string;
  statements: Array<{ line: number; id?: string; iban?: string; entries: CamtEntry[] }>;
}

const side = (node: XmlElement, value: string | undefined): 'CRDT' | 'DBIT' =>
  value === 'CRDT' || value === 'DBIT' ? value : refuse('malformed_report', `CdtDbtInd "${value ?? ''}"`, node.line);

function transactionOf(tx: XmlElement): CamtTransaction {
  const amount = child(tx, 'Amt') ?? child(tx, 'AmtDtls', 'TxAmt', 'Amt');
  const rtr = child(tx, 'RtrInf');
  const charges = descendants(tx, 'Chrgs').flatMap((c) =>
    children(c, 'Rcrd')
      .map((r) => child(r, 'Amt'))
      .concat(child(c, 'TtlChrgsAndTaxAmt')),
  );
  const chargeAmounts = charges
    .filter((c): c is XmlElement => c !== undefined)
    .map((c) => minorUnits(c.text, 2, c.line));
  return {
    line: tx.line,
    endToEndId: textOf(tx, 'Refs', 'EndToEndId'),
    paymentInformationId: textOf(tx, 'Refs', 'PmtInfId'),
    instructionId: textOf(tx, 'Refs', 'InstrId'),
    mandateId: textOf(tx, 'Refs', 'MndtId'),
    amount: amount ? minorUnits(amount.text, 2, amount.line) : undefined,
    currency: amount?.attributes.Ccy,
    creditDebit: textOf(tx, 'CdtDbtInd') ? side(tx, textOf(tx, 'CdtDbtInd')) : undefined,
    returnReason: rtr && {
      code: textOf(rtr, 'Rsn', 'Cd'),
      proprietary: textOf(rtr, 'Rsn', 'Prtry'),
      additionalInfo: children(rtr, 'AddtlInf').map((a) => a.text.trim()),
    },
    charges: chargeAmounts.length > 0 ? Math.max(...chargeAmounts) : undefined,
  };
}

function entryOf(entry: XmlElement): CamtEntry {
  const amount = child(entry, 'Amt');
  if (!amount) return refuse('malformed_report', 'an entry has no Amt', entry.line);
  const domain = child(entry, 'BkTxCd', 'Domn');
  const status = child(entry, 'Sts');
  return {
    line: entry.line,
    amount: minorUnits(amount.text, 2, amount.line),
    currency: amount.attributes.Ccy ?? refuse('malformed_report', 'Amt has no currency', amount.line),
    creditDebit: side(entry, textOf(entry, 'CdtDbtInd')),
    reversal: textOf(entry, 'RvslInd') === 'true',
    // 2009: <Sts>BOOK</Sts>; 2019: <Sts><Cd>BOOK</Cd></Sts>.
    status: status ? (textOf(status, 'Cd') ?? status.text.trim()) : undefined,
    bookingDate: textOf(entry, 'BookgDt', 'Dt') ?? textOf(entry, 'BookgDt', 'DtTm'),
    valueDate: textOf(entry, 'ValDt', 'Dt') ?? textOf(entry, 'ValDt', 'DtTm'),
    reference: textOf(entry, 'AcctSvcrRef'),
    bankTransactionCode: {
      domain: textOf(domain, 'Cd'),
      family: textOf(domain, 'Fmly', 'Cd'),
      subFamily: textOf(domain, 'Fmly', 'SubFmlyCd'),
      proprietary: textOf(entry, 'BkTxCd', 'Prtry', 'Cd'),
    },
    transactions: children(entry, 'NtryDtls')
      .flatMap((d) => children(d, 'TxDtls'))
      .map(transactionOf),
  };
}

const CAMT_BODIES: Record<string, [CamtReport['type'], string]> = {
  BkToCstmrAcctRpt: ['camt.052', 'Rpt'],
  BkToCstmrStmt: ['camt.053', 'Stmt'],
  BkToCstmrDbtCdtNtfctn: ['camt.054', 'Ntfctn'],
};

export function readCamt(xml: string): CamtReport {
  const root = parseXml(xml);
  const body = root.children[0];
  const kind = body && CAMT_BODIES[body.name];
  if (!body || !kind)
    return refuse('unknown_report', `<${body?.name ?? root.name}> is not a camt.052/053/054 report`, root.line);
  return {
    type: kind[0],
    messageId: requiredText(body, 'GrpHdr', 'MsgId'),
    statements: children(body, kind[1]).map((s) => ({
      line: s.line,
      id: textOf(s, 'Id'),
      iban: textOf(s, 'Acct', 'Id', 'IBAN'),
      entries: children(s, 'Ntry').map(entryOf),
    })),
  };
}

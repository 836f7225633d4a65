import { refuse } from '../errors';
import { minorUnits } from '../text';
import { child, children, descendants, parseXml, textOf, type XmlElement } from '../xml';

/**
 * Bacs XML reports (formats.md § 1.3): Input report, AUDDIS (file accepted/rejected and returned
 * instructions), ADDACS, AWACS, ARUDD and DDICA advices. Each item carries the scheme's reason as
 * our `reason_code` (`ARUDD-0`, `ADDACS-B`, `AUDDIS-5`, `DDICA-1`, `AWACS-3`), which
 * `reasonFor` (reason-codes.ts) turns into the cause and effect.
 */

export interface BacsAdvice {
  line: number;
  reasonCode: string;
  reference: string;
  payerName?: string;
  sortCode?: string;
  accountNumber?: string;
  effectiveDate?: string;
  /** New details on a transfer or amendment (ADDACS 3/C/E, AWACS). */
  newSortCode?: string;
  newAccountNumber?: string;
  newAccountName?: string;
  /** AUDDIS returned instruction: what it returns (`N` a 0N, `D` a 0C, `S` a 0S). */
  recordType?: string;
}

export interface AruddItem {
  line: number;
  reasonCode: string;
  reference: string;
  transactionCode?: string;
  amount: number;
  currency: string;
  originalProcessingDate?: string;
  payerName?: string;
  sortCode?: string;
  accountNumber?: string;
  description?: string;
}

export interface DdicaItem {
  line: number;
  reasonCode: string;
  reference: string;
  payingBankReference?: string;
  amount: number;
  description?: string;
}

export type BacsReport =
  | {
      type: 'input';
      sun?: string;
      processingDate?: string;
      fileNumber?: string;
      volumeSerial?: string;
      accepted: { debitCount: number; debitValue: number; creditCount: number; creditValue: number };
      rejected: { debitCount: number; debitValue: number; creditCount: number; creditValue: number };
      errors: Array<{ line: number; attributes: Record<string, string> }>;
    }
  | { type: 'withdrawal'; sun?: string; attributes: Record<string, string> }
  | {
      type: 'auddis_file';
      accepted: boolean;
      sun?: string;
      fileNumber?: string;
      volumeSerial?: string;
      processingDate?: string;
      acceptedCount: number;
      rejectedCount: number;
      errorCode?: string;
      errorText?: string;
    }
  | { type: 'auddis' | 'addacs' | 'awacs'; sun?: string; reportDate?: string; items: BacsAdvice[] }
  | { type: 'arudd'; sun?: string; processingDate?: string; items: AruddItem[] }
  | { type: 'ddica'; dateOfDebit?: string; totalValue?: number; items: DdicaItem[] };

/** ARUDD's 4-digit internal codes come with a description; the one-character reason is read from it. */
const ARUDD_BY_DESCRIPTION: Array<[RegExp, string]> = [
  [/REFER TO PAYER/i, '0'],
  [/INSTRUCTION CANCELL?ED/i, '1'],
  [/DECEASED/i, '2'],
  [/TRANSFERRED/i, '3'],
  [/ADVANCE NOTICE DISPUTED/i, '4'],
  [/NO ACCOUNT|WRONG ACCOUNT TYPE/i, '5'],
  [/NO INSTRUCTION/i, '6'],
  [/AMOUNT DIFFERS/i, '7'],
  [/NOT YET DUE/i, '8'],
  [/PRESENTATION OVERDUE/i, '9'],
  [/SERVICE USER DIFFERS|ORIGINATOR DIFFERS/i, 'A'],
  [/ACCOUNT CLOSED/i, 'B'],
];

export function aruddReason(returnCode: string | undefined, description: string | undefined): string {
  if (returnCode && /^[0-9AB]$/.test(returnCode)) return returnCode;
  for (const [pattern, code] of ARUDD_BY_DESCRIPTION) if (description && pattern.test(description)) return code;
  return returnCode ? `X${returnCode}` : 'unknown';
}

const money = (value: string | undefined, line: number) => (value ? minorUnits(value, 2, line) : 0);

function advice(a: XmlElement, family: string): BacsAdvice {
  const at = a.attributes;
  const code = at['reason-code'];
  if (code === undefined) refuse('malformed_report', 'reason-code is missing', a.line);
  return {
    line: a.line,
    reasonCode: `${family}-${code}`,
    reference: (at.reference ?? '').trim(),
    payerName: at['payer-name'],
    sortCode: at['payer-sort-code'],
    accountNumber: at['payer-account-number'],
    effectiveDate: at['effective-date'],
    newSortCode: at['payer-new-sort-code'],
    newAccountNumber: at['payer-new-account-number'],
    newAccountName: at['payer-new-account-name'],
    recordType: at['record-type'],
  };
}

function messagingAdvices(root: XmlElement, node: XmlElement): BacsReport {
  const header = child(node, 'MessagingHeader');
  const kind = header?.attributes['advice-type'];
  const sun = header?.attributes['user-number'];
  const list = children(node, 'MessagingAdvice');
  if (kind === 'AUDACC' || kind === 'AUDREJ') {
    const a = list[0]?.attributes ?? {};
    const error = child(node, 'MessagingError')?.attributes.line1;
    return {
      type: 'auddis_file',
      accepted: kind === 'AUDACC',
      sun,
      fileNumber: a['originator-file-number'],
      volumeSerial: a['vol-serial-number'],
      processingDate: a['processing-date'],
      acceptedCount: Number(a['accepted-ddi'] ?? 0),
      rejectedCount: Number(a['rejected-ddi'] ?? 0),
      errorCode: a['file-error-code'],
      errorText: error && error !== '0' ? error : undefined,
    };
  }
  const family = kind === 'ADDACS' ? 'ADDACS' : kind === 'AWACS' ? 'AWACS' : kind === 'AUDDIS' ? 'AUDDIS' : undefined;
  if (!family)
    return refuse('unknown_report', `unknown Bacs advice type ${kind ?? '(none)'}`, header?.line ?? root.line);
  return {
    type: family.toLowerCase() as 'addacs',
    sun,
    reportDate: header?.attributes['report-generation-date'],
    items: list.map((a) => advice(a, family)),
  };
}

function arudd(node: XmlElement): BacsReport {
  const header = child(node, 'Header');
  const items = descendants(node, 'ReturnedDebitItem').map((item): AruddItem => {
    const at = item.attributes;
    const payer = child(item, 'PayerAccount')?.attributes ?? {};
    return {
      line: item.line,
      reasonCode: `ARUDD-${aruddReason(at.returnCode, at.returnDescription)}`,
      reference: (at.ref ?? payer.ref ?? '').trim(),
      transactionCode: at.transCode,
      amount: money(at['valueOf'] as string | undefined, item.line),
      currency: at.currency ?? 'GBP',
      originalProcessingDate: at.originalProcessingDate,
      payerName: payer.name,
      sortCode: payer.sortCode,
      accountNumber: payer.number,
      description: at.returnDescription,
    };
  });
  return {
    type: 'arudd',
    sun: descendants(node, 'ServiceLicenseInformation')[0]?.attributes.userNumber,
    processingDate: header?.attributes.currentProcessingDate,
    items,
  };
}

function ddica(document: XmlElement): BacsReport {
  const advices = descendants(document, 'NewAdvices')[0];
  const items = descendants(document, 'DDICAdvice').map((a): DdicaItem => {
    const code = textOf(a, 'ReasonCode');
    if (!code) refuse('malformed_report', 'ReasonCode is missing', a.line);
    return {
      line: a.line,
      reasonCode: `DDICA-${code}`,
      reference: textOf(a, 'SUReference') ?? '',
      payingBankReference: textOf(a, 'PayingBankReference'),
      amount: money(textOf(a, 'TotalAmount'), a.line),
      description: textOf(a, 'ReasonCodeMeaning'),
    };
  });
  return {
    type: 'ddica',
    dateOfDebit: textOf(advices, 'DateOfDebit'),
    totalValue:
      advices && textOf(advices, 'TotalValueOfDebits')
        ? money(textOf(advices, 'TotalValueOfDebits'), advices.line)
        : undefined,
    items,
  };
}

function entryTotals(entry: XmlElement | undefined, kind: 'AcceptedRecords' | 'RejectedRecords') {
  const node = child(entry, kind);
  return {
    count: Number(node?.attributes.numberOf ?? 0),
    value: money(node?.attributes['valueOf'] as string | undefined, node?.line ?? 0),
  };
}

function input(node: XmlElement): BacsReport {
  const info = descendants(node, 'UserFileInformation')[0]?.attributes ?? {};
  const submission = descendants(node, 'SubmissionInformation')[0]?.attributes ?? {};
  const agreement = descendants(node, 'AgreementOfFileTotals')[0];
  const side = (kind: 'AcceptedRecords' | 'RejectedRecords') => {
    const debit = entryTotals(child(agreement, 'DebitEntry'), kind);
    const credit = entryTotals(child(agreement, 'CreditEntry'), kind);
    return { debitCount: debit.count, debitValue: debit.value, creditCount: credit.count, creditValue: credit.value };
  };
  return {
    type: 'input',
    sun: info.userNumber,
    processingDate: info.uhl1ProcessingDate,
    fileNumber: info.userFileNumber,
    volumeSerial: submission.volumeSerialNumber,
    accepted: side('AcceptedRecords'),
    rejected: side('RejectedRecords'),
    errors: descendants(node, 'Error').map((e) => ({ line: e.line, attributes: e.attributes })),
  };
}

export function readBacsReport(xml: string): BacsReport {
  const root = parseXml(xml);
  if (root.name === 'VocaDocument') return ddica(root);
  if (root.name !== 'BACSDocument') refuse('unknown_report', `<${root.name}> is not a Bacs report`, root.line);
  const data = child(root, 'Data');
  const body = data?.children[0];
  if (!body) return refuse('malformed_report', 'the report has no Data', root.line);
  if (body.name === 'MessagingAdvices') return messagingAdvices(root, body);
  if (body.name === 'ARUDD') return arudd(body);
  if (body.name === 'InputReport') return input(body);
  if (body.name === 'WithdrawalReport')
    return {
      type: 'withdrawal',
      sun: descendants(body, 'UserFileInformation')[0]?.attributes.userNumber,
      attributes: body.attributes,
    };
  if (body.name === 'Document' || descendants(body, 'DDICAdvice').length > 0) return ddica(body);
  return refuse('unknown_report', `unknown Bacs report <${body.name}>`, body.line);
}

import { BankFileError } from '../bank-files/errors';
import { reasonFor } from '../bank-files/reason-codes';
import { readBacsReport } from '../bank-files/bacs/reports';
import { readAbaReturns } from '../bank-files/becs/aba';
import { readNabAcknowledgement } from '../bank-files/becs/acknowledgement';
import { readCpa005Returns } from '../bank-files/cpa005/returns';
import { isCreditCode } from '../bank-files/nacha/records';
import { readNachaReturns } from '../bank-files/nacha/returns';
import { readCamt, readPain002, type StatusReason } from '../bank-files/sepa/reports';
import type { BankReport, BankReportFormat, BankReportItem, BankReportKind } from './port';

/**
 * A report file as the port's items: each reader's own shape (decision 0071) turned into what the
 * bank said of which reference, with the reason code's cause and effect. A malformed file is
 * refused whole by its reader (`BankFileError` with its line); nothing is dropped here: an item
 * with an unknown code keeps the code, cause `other`, effect `operations`. Formats: `bacs` (ARUDD,
 * DDICA, AUDDIS, ADDACS, AWACS, input and AUDDIS file reports), `pain.002`, `camt` (052/053/054),
 * `nacha` (returns and NOCs), `becs` (ABA returns, NAB acknowledgements), `cpa005` (returned PAD items).
 */
export function readBankReport(format: BankReportFormat, text: string): BankReport {
  switch (format) {
    case 'bacs':
      return bacs(text);
    case 'pain.002':
      return pain002(text);
    case 'camt':
      return camt(text);
    case 'nacha':
      return {
        format,
        items: readNachaReturns(text).map((item) =>
          asCredit(
            withReason(
              {
                line: item.line,
                kind: item.kind === 'return' ? 'returned' : 'notification_of_change',
                reference: item.originalTraceNumber,
                amount: item.amount,
                ...(item.correction
                  ? {
                      newBankDetails: definedOnly({
                        accountNumber: item.correction.accountNumber,
                        routingNumber: item.correction.routingNumber,
                        accountHolderName: item.correction.name,
                      }),
                    }
                  : {}),
              },
              item.reasonCode,
            ),
            item.kind === 'return' && isCreditCode(item.transactionCode),
          ),
        ),
      };
    case 'becs':
      return becs(text);
    case 'cpa005':
      // Returned PAD debits and credits, by originator cross-reference (decision 0075).
      return {
        format,
        items: readCpa005Returns(text).items.map((i) =>
          withReason({ line: i.line, kind: 'returned', reference: i.reference, amount: i.amount }, i.reasonCode),
        ),
      };
  }
}

function withReason(item: Omit<BankReportItem, 'reasonCode' | 'cause' | 'effect'>, code: string): BankReportItem {
  const reason = reasonFor(code);
  return { ...item, reasonCode: code, cause: reason.cause, effect: reason.effect };
}

/**
 * A returned credit is a refund the payer's bank sent back, whatever its code says of debits
 * (R03 "no account" returns either): the importer then looks for the refund (decision 0096).
 */
const asCredit = (item: BankReportItem, credit: boolean): BankReportItem =>
  credit && (item.effect === 'payment_failed' || item.effect === 'payment_charged_back')
    ? { ...item, effect: 'refund_failed' }
    : item;

const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Bacs: ARUDD and DDICA return debits, ADDACS/AWACS change mandates, AUDDIS returns set-ups. */
function bacs(text: string): BankReport {
  const report = readBacsReport(text);
  switch (report.type) {
    case 'arudd':
      return {
        format: 'bacs',
        items: report.items.map((i) =>
          withReason({ line: i.line, kind: 'returned', reference: i.reference, amount: i.amount }, i.reasonCode),
        ),
      };
    case 'ddica':
      return {
        format: 'bacs',
        items: report.items.map((i) =>
          withReason({ line: i.line, kind: 'returned', reference: i.reference, amount: i.amount }, i.reasonCode),
        ),
      };
    case 'auddis':
    case 'addacs':
    case 'awacs':
      return {
        format: 'bacs',
        items: report.items.map((i) => {
          const reason = reasonFor(i.reasonCode);
          const kind: BankReportKind =
            report.type === 'auddis'
              ? 'rejected'
              : reason.effect === 'mandate_transferred' || reason.effect === 'mandate_details_changed'
                ? 'mandate_amended'
                : 'mandate_cancelled';
          const details = definedOnly({
            sortCode: i.newSortCode,
            accountNumber: i.newAccountNumber,
            accountHolderName: i.newAccountName,
          });
          return withReason(
            {
              line: i.line,
              kind,
              reference: i.reference,
              ...(Object.keys(details).length ? { newBankDetails: details } : {}),
            },
            i.reasonCode,
          );
        }),
      };
    case 'input':
      return {
        format: 'bacs',
        submission: {
          reference: report.volumeSerial,
          accepted: report.rejected.debitCount === 0 && report.rejected.creditCount === 0,
        },
        items: [],
      };
    case 'auddis_file':
      return {
        format: 'bacs',
        submission: {
          reference: report.volumeSerial,
          accepted: report.accepted,
          ...(report.errorCode ? { reasonCode: `AUDDIS-${report.errorCode}` } : {}),
        },
        items: [],
      };
    case 'withdrawal':
      throw new BankFileError('unsupported_report', 'a Bacs withdrawal report changes no instruction');
  }
}

/**
 * BECS: a bank's XML acknowledgement speaks of the whole file we uploaded (by its file name); a
 * returns ("dtret") file has a returned debit or credit in each type-2 record, by lodgement reference.
 * Type-1 records are no return (a balancing entry to the user's own account); a file with none of
 * type 2 is not a returns file (our own submission uploaded by mistake) and is refused.
 */
function becs(text: string): BankReport {
  if (/^\uFEFF?\s*</.test(text)) {
    const ack = readNabAcknowledgement(text);
    return { format: 'becs', submission: { reference: ack.originalFilename, accepted: ack.accepted }, items: [] };
  }
  const records = readAbaReturns(text).items;
  const returned = records.filter((i) => i.recordType === '2');
  if (records.length > 0 && returned.length === 0)
    throw new BankFileError(
      'malformed_report',
      'no returned (type 2) record: this is not a returns file',
      records[0]!.line,
    );
  return {
    format: 'becs',
    items: returned.map((i) =>
      asCredit(
        withReason({ line: i.line, kind: 'returned', reference: i.reference, amount: i.amount }, i.reasonCode),
        i.transactionCode.startsWith('5'),
      ),
    ),
  };
}

const codeOf = (reasons: StatusReason[]) => reasons[0]?.code ?? reasons[0]?.proprietary;

/** pain.002: the group's status is the submission's; each rejected transaction is an item. */
function pain002(text: string): BankReport {
  const report = readPain002(text);
  const groupCode = codeOf(report.groupReasons);
  const items = report.transactions.map((t): BankReportItem => {
    const reference = t.originalEndToEndId ?? t.originalInstructionId ?? '';
    if (t.status === 'RJCT')
      return withReason({ line: t.line, kind: 'rejected', reference }, codeOf(t.reasons) ?? 'NARR');
    return { line: t.line, kind: 'accepted', reference };
  });
  return {
    format: 'pain.002',
    submission: {
      reference: report.originalMessageId,
      accepted: report.groupStatus !== 'RJCT',
      ...(groupCode ? { reasonCode: groupCode } : {}),
    },
    items,
  };
}

/** camt: a booked transaction is paid; one with a return reason (or a reversal) is returned. */
function camt(text: string): BankReport {
  const report = readCamt(text);
  const items = report.statements.flatMap((statement) =>
    statement.entries.flatMap((entry) =>
      entry.transactions.map((t): BankReportItem => {
        const reference = t.endToEndId ?? t.instructionId ?? '';
        const code = t.returnReason?.code ?? t.returnReason?.proprietary;
        const amount = t.amount ?? entry.amount;
        if (code || entry.reversal)
          return withReason({ line: t.line, kind: 'returned', reference, amount }, code ?? 'NARR');
        return { line: t.line, kind: 'paid', reference, amount };
      }),
    ),
  );
  return { format: 'camt', items };
}

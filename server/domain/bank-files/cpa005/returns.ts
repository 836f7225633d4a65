import { refuse } from '../errors';
import { readCpa005 } from './reader';
import { DEBIT_TYPES } from './records';

/**
 * Returned items in a CPA-005 file as a bank sends them back (decision 0075): logical records
 * `J` (returned debit) and `I` (returned credit) — or the original `D`/`C` echoed with a
 * reason — each segment carrying our cross-reference and its 3-digit Payments Canada return
 * reason (`901` NSF, `905` account closed…; formats.md § 5.2). The file's controls are checked
 * as on any CPA-005 file.
 */

export interface Cpa005ReturnItem {
  line: number;
  slot: number;
  kind: 'returned_debit' | 'returned_credit';
  /** `901`… (our `reason_code`). */
  reasonCode: string;
  /** The originator cross-reference we wrote. */
  reference: string;
  amount: number;
  dueDate: string;
  transactionCode: string;
  institution: string;
  transit: string;
  accountNumber: string;
  payorName: string;
}

export function readCpa005Returns(text: string): {
  originatorId: string;
  fileCreationNumber: string;
  items: Cpa005ReturnItem[];
} {
  const file = readCpa005(text);
  const items = file.segments.map((s): Cpa005ReturnItem => {
    if (!/^\d{3}$/.test(s.returnReason))
      refuse(
        'malformed_report',
        `segment ${s.slot} has no return reason${s.recordType === 'D' || s.recordType === 'C' ? ': this is not a returns file' : ''}`,
        s.line,
      );
    if (!s.reference) refuse('malformed_report', `segment ${s.slot} has no cross-reference`, s.line);
    return {
      line: s.line,
      slot: s.slot,
      kind: DEBIT_TYPES.has(s.recordType) ? 'returned_debit' : 'returned_credit',
      reasonCode: s.returnReason,
      reference: s.reference,
      amount: s.amount,
      dueDate: s.dueDate,
      transactionCode: s.transactionCode,
      institution: s.institution,
      transit: s.transit,
      accountNumber: s.accountNumber,
      payorName: s.payorName,
    };
  });
  return { originatorId: file.originatorId, fileCreationNumber: file.fileCreationNumber, items };
}

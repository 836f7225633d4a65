import type { ItemEffect } from '../bank-files/reason-codes';

/**
 * The bank port's incoming side (issue #36, decision 0074). What a bank reports on one instruction (or on a mandate the payer's bank changed), matched back
 * to it by `reference`: the Bacs reference, the SEPA end-to-end id, the Nacha trace number, the
 * BECS lodgement reference, the CPA-005 originator cross-reference.
 */
export type BankReportKind =
  'accepted' | 'rejected' | 'returned' | 'paid' | 'mandate_cancelled' | 'mandate_amended' | 'notification_of_change';

export interface BankReportItem {
  /** The report's own line, so a person can find the item in the file. */
  line: number;
  kind: BankReportKind;
  reference: string;
  /** The code as the API shows it in `details.reason_code` (`ARUDD-0`, `AM04`, `R01`, `C01`). */
  reasonCode?: string;
  /** `details.cause` and what the item suffers, from `reason-codes.ts`. */
  cause?: string;
  effect?: ItemEffect;
  amount?: number;
  /** New bank details a notification of change or an ADDACS transfer carries. */
  newBankDetails?: { sortCode?: string; accountNumber?: string; routingNumber?: string; accountHolderName?: string };
}

/**
 * A whole report: the items, and what it says of a submission as a whole (a Bacs input report, an
 * AUDDIS file report, a pain.002 group status), matched by the submission's file or message id.
 */
export interface BankReport {
  format: BankReportFormat;
  submission?: { reference?: string; accepted: boolean; reasonCode?: string };
  items: BankReportItem[];
}

export type BankReportFormat = 'bacs' | 'pain.002' | 'camt' | 'nacha' | 'becs' | 'cpa005';

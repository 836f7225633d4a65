import type { CreditorRow } from '../creditors/types';
import type { MandateRow } from '../mandates/types';
import type { PaymentRow } from '../payments/types';
import type { RefundRow } from '../refunds/types';
import type { BankConnection, FileBankScheme } from './connections';
import type { BankInstructionResource, BankOriginator } from './queries';

/**
 * What a submission day's files are made from (run.ts selects it); each scheme's file is a module
 * of files/, which pushes each instruction it writes to `out` with the reference a report names
 * it by (decision 0081).
 */

/** The full details kept sealed beside a payer's bank account (bank-account-details). */
export interface PayerAccount {
  account_holder_name: string;
  account_number?: string;
  branch_code?: string;
  bank_code?: string;
  account_type?: string;
  iban?: string;
  bic?: string;
}

export interface Instruction {
  resourceType: BankInstructionResource;
  resourceId: string;
  /** What the file asks of the bank: a Bacs transaction code, a SEPA sequence type, a Nacha entry code. */
  instruction: string;
  /** What a report names it by (decision 0081): Bacs reference, SEPA end-to-end id, Nacha trace number. */
  reference: string;
  amount: number | null;
}

export interface Due {
  payments: PaymentRow[];
  mandates: Map<string, MandateRow>;
  /** Bacs mandates to lodge (AUDDIS 0N). */
  lodgements: MandateRow[];
  /** Bacs mandates lodged, then cancelled or expired on our side, whose cancellation the bank is told (AUDDIS 0C). */
  cancellations: MandateRow[];
  /** Refunds to pay back to the payer: Bacs `99` credits, SEPA pain.001 credit transfers (decision 0091). */
  refunds: RefundRow[];
  /** Payments that are their mandate's final collection (Bacs `19`, SEPA `FNAL`; decision 0091). */
  finals: Set<string>;
  accounts: Map<string, PayerAccount>;
  companies: Map<string, string | null>;
  /** Mandates that already had a collection submitted, and payments submitted before (re-presented). */
  collectedMandates: Set<string>;
  presentedPayments: Set<string>;
}

export interface SubmissionDay {
  creditor: CreditorRow;
  scheme: FileBankScheme;
  connection: BankConnection;
  /** The submission day, in the scheme calendar's zone. */
  day: string;
  /** The cut-off instant the run stands at: what is due by then goes. */
  at: Date;
}

/** The first collection of a mandate is the first ever submitted on it, and the first in this file. */
export function firstCollections(due: Due): Set<string> {
  const seen = new Set(due.collectedMandates);
  const first = new Set<string>();
  for (const p of due.payments) {
    if (seen.has(p.mandate_id!)) continue;
    seen.add(p.mandate_id!);
    first.add(p.id);
  }
  return first;
}

export const originatorField = (originator: BankOriginator | null, field: keyof BankOriginator): string => {
  const value = originator?.[field];
  if (!value) throw new Error(`the bank connection has no originator ${field}`);
  return value;
};

import { writeAba, writeNacha, writePain001, writePain008, writeStandard18 } from '../bank-files';
import type { AbaEntry } from '../bank-files/becs/aba';
import { bacsReference, type BacsRecord, type BacsTransactionCode } from '../bank-files/bacs/standard18';
import type { NachaBatch, NachaEntry } from '../bank-files/nacha/writer';
import type { Pain001Transaction } from '../bank-files/sepa/pain001';
import type { Pain008Batch, Pain008Transaction } from '../bank-files/sepa/pain008';
import type { CreditorRow } from '../creditors/types';
import type { MandateRow } from '../mandates/types';
import type { PaymentRow } from '../payments/types';
import type { RefundRow } from '../refunds/types';
import { calendarFor } from '../schemes/calendars';
import type { BankConnection, FileBankScheme } from './connections';
import type { BankInstructionResource, BankOriginator } from './queries';

/**
 * Each scheme's file of one submission day, from what the run selected (run.ts), through the
 * bank-files writers; each instruction written is pushed to `out` with the reference a report
 * names it by (decision 0081).
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
function firstCollections(due: Due): Set<string> {
  const seen = new Set(due.collectedMandates);
  const first = new Set<string>();
  for (const p of due.payments) {
    if (seen.has(p.mandate_id!)) continue;
    seen.add(p.mandate_id!);
    first.add(p.id);
  }
  return first;
}

const originatorField = (originator: BankOriginator | null, field: keyof BankOriginator): string => {
  const value = originator?.[field];
  if (!value) throw new Error(`the bank connection has no originator ${field}`);
  return value;
};

/** The VOL1 serial a Bacs input report names: six characters of the submission's id. */
export const bacsSerial = (id: string) => id.slice(-6);

export function bacsFile(run: SubmissionDay, id: string, sun: string, due: Due, out: Instruction[]) {
  const { creditor, connection, day } = run;
  const first = firstCollections(due);
  const account = (m: MandateRow) => due.accounts.get(m.customer_bank_account_id)!;
  async function* records(): AsyncGenerator<BacsRecord> {
    for (const m of due.lodgements) {
      const a = account(m);
      out.push({
        resourceType: 'mandates',
        resourceId: m.id,
        instruction: '0N',
        reference: bacsReference(m.reference),
        amount: null,
      });
      yield {
        transactionCode: '0N',
        sortCode: a.branch_code!,
        accountNumber: a.account_number!,
        accountName: a.account_holder_name,
        reference: m.reference,
      };
    }
    for (const m of due.cancellations) {
      const a = account(m);
      out.push({
        resourceType: 'mandates',
        resourceId: m.id,
        instruction: '0C',
        reference: bacsReference(m.reference),
        amount: null,
      });
      yield {
        transactionCode: '0C',
        sortCode: a.branch_code!,
        accountNumber: a.account_number!,
        accountName: a.account_holder_name,
        reference: m.reference,
      };
    }
    for (const p of due.payments) {
      const m = due.mandates.get(p.mandate_id!)!;
      const a = account(m);
      const code: BacsTransactionCode = due.presentedPayments.has(p.id)
        ? '18'
        : first.has(p.id)
          ? '01'
          : due.finals.has(p.id)
            ? '19'
            : '17';
      out.push({
        resourceType: 'payments',
        resourceId: p.id,
        instruction: code,
        reference: bacsReference(m.reference),
        amount: p.amount,
      });
      yield {
        transactionCode: code,
        sortCode: a.branch_code!,
        accountNumber: a.account_number!,
        accountName: a.account_holder_name,
        reference: m.reference,
        amount: p.amount,
      };
    }
    // A refund is a credit to the payer's account under the mandate's reference; the writer's debit contra balances it.
    for (const r of due.refunds) {
      const m = due.mandates.get(r.mandate_id!)!;
      const a = account(m);
      out.push({
        resourceType: 'refunds',
        resourceId: r.id,
        instruction: '99',
        reference: bacsReference(m.reference),
        amount: r.amount,
      });
      yield {
        transactionCode: '99',
        sortCode: a.branch_code!,
        accountNumber: a.account_number!,
        accountName: a.account_holder_name,
        reference: m.reference,
        amount: r.amount,
      };
    }
  }
  const calendar = calendarFor('bacs');
  return writeStandard18(
    {
      serviceUser: {
        sun,
        name: creditor.name,
        sortCode: originatorField(connection.originator, 'sort_code'),
        accountNumber: originatorField(connection.originator, 'account_number'),
      },
      serialNumber: bacsSerial(id),
      fileNumber: 1,
      createdOn: day,
      // Day 1 is the input day; the file is processed on the next Bacs working day.
      processingDate: calendar.addWorkingDays(day, 1),
    },
    records(),
  );
}

export function sepaFile(run: SubmissionDay, id: string, creditorId: string, due: Due, out: Instruction[], now: Date) {
  const { creditor, connection } = run;
  const first = firstCollections(due);
  const groups = new Map<string, PaymentRow[]>();
  for (const p of due.payments) {
    const sequence = first.has(p.id) ? 'FRST' : due.finals.has(p.id) ? 'FNAL' : 'RCUR';
    const key = `${sequence} ${p.charge_date}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const creditorParty = {
    name: creditor.name,
    iban: originatorField(connection.originator, 'iban'),
    bic: connection.originator?.bic,
  };
  let n = 0;
  const batches: Pain008Batch[] = [...groups].map(([key, payments]) => {
    const [sequenceType, collectionDate] = key.split(' ') as ['FRST' | 'RCUR' | 'FNAL', string];
    async function* transactions(): AsyncGenerator<Pain008Transaction> {
      for (const p of payments) {
        const m = due.mandates.get(p.mandate_id!)!;
        const a = due.accounts.get(m.customer_bank_account_id)!;
        out.push({
          resourceType: 'payments',
          resourceId: p.id,
          instruction: sequenceType,
          reference: p.id,
          amount: p.amount,
        });
        yield {
          endToEndId: p.id,
          amount: p.amount,
          mandateId: m.reference,
          mandateSignedOn: m.created_at.toISOString().slice(0, 10),
          debtor: { name: a.account_holder_name, iban: a.iban!, bic: a.bic },
          remittance: p.description ?? p.reference ?? undefined,
        };
      }
    }
    return {
      paymentInformationId: `${id}-${++n}`,
      localInstrument: 'CORE',
      sequenceType,
      collectionDate,
      creditor: creditorParty,
      creditorId,
      numberOfTransactions: payments.length,
      controlSum: payments.reduce((sum, p) => sum + p.amount, 0),
      transactions: transactions(),
    };
  });
  return writePain008(
    {
      version: 'pain.008.001.08',
      messageId: id,
      createdAt: now.toISOString().slice(0, 19),
      initiatingParty: creditor.name,
      numberOfTransactions: due.payments.length,
      controlSum: due.payments.reduce((sum, p) => sum + p.amount, 0),
    },
    batches,
  );
}

/**
 * The day's SEPA credit transfers, a pain.001.001.09 file of its own beside the day's pain.008:
 * each refund back to the debtor's IBAN it was collected from, from the creditor's account, on the
 * next TARGET2 day. The end-to-end id is the refund's id (what pain.002 and camt.054 name).
 */
export function sepaCreditFile(run: SubmissionDay, id: string, due: Due, out: Instruction[], now: Date) {
  const { creditor, connection, day } = run;
  async function* transactions(): AsyncGenerator<Pain001Transaction> {
    for (const r of due.refunds) {
      const m = due.mandates.get(r.mandate_id!)!;
      const a = due.accounts.get(m.customer_bank_account_id)!;
      out.push({ resourceType: 'refunds', resourceId: r.id, instruction: 'TRF', reference: r.id, amount: r.amount });
      yield {
        endToEndId: r.id,
        amount: r.amount,
        creditor: { name: a.account_holder_name, iban: a.iban!, bic: a.bic },
        remittance: r.reference ?? `Refund ${m.reference}`,
      };
    }
  }
  const total = due.refunds.reduce((sum, r) => sum + r.amount, 0);
  return writePain001(
    {
      version: 'pain.001.001.09',
      messageId: id,
      createdAt: now.toISOString().slice(0, 19),
      initiatingParty: creditor.name,
      numberOfTransactions: due.refunds.length,
      controlSum: total,
    },
    [
      {
        paymentInformationId: `${id}-1`,
        executionDate: calendarFor('sepa_core').addWorkingDays(day, 1),
        debtor: {
          name: creditor.name,
          iban: originatorField(connection.originator, 'iban'),
          bic: connection.originator?.bic,
        },
        numberOfTransactions: due.refunds.length,
        controlSum: total,
        transactions: transactions(),
      },
    ],
  );
}

/**
 * A BECS Direct Entry (ABA) file of the day's debits (`13`), processed on the next BECS business
 * day, balanced to the user's own account; the lodgement reference is the mandate's (as Bacs: a
 * return names it, and the amount narrows it to the debit). The user id is the creditor's APCA
 * Direct Entry user id (its active `becs` identifier).
 */
export function abaFile(run: SubmissionDay, userId: string, due: Due, out: Instruction[]) {
  const { creditor, connection, day } = run;
  async function* entries(): AsyncGenerator<AbaEntry> {
    for (const p of due.payments) {
      const m = due.mandates.get(p.mandate_id!)!;
      const a = due.accounts.get(m.customer_bank_account_id)!;
      const reference = m.reference.toUpperCase().slice(0, 18);
      out.push({
        resourceType: 'payments',
        resourceId: p.id,
        instruction: '13',
        reference,
        amount: p.amount,
      });
      yield {
        transactionCode: '13',
        bsb: a.branch_code!.replace(/\D/g, ''),
        accountNumber: a.account_number!,
        accountName: a.account_holder_name,
        reference,
        amount: p.amount,
      };
    }
  }
  return writeAba(
    {
      bankAbbreviation: originatorField(connection.originator, 'bank_abbreviation'),
      userName: creditor.name,
      userId,
      description: 'DIRECTDEBIT',
      processingDate: calendarFor('becs').addWorkingDays(day, 1),
      bsb: originatorField(connection.originator, 'bsb'),
      accountNumber: originatorField(connection.originator, 'account_number'),
      remitterName: creditor.name,
    },
    entries(),
  );
}

export function nachaFile(
  run: SubmissionDay,
  companyId: string,
  due: Due,
  out: Instruction[],
  traceBase: number,
  now: Date,
) {
  const { creditor, connection, day } = run;
  const odfi = originatorField(connection.originator, 'routing_number');
  const groups = new Map<string, PaymentRow[]>();
  const secOf = (p: PaymentRow) => {
    const m = due.mandates.get(p.mandate_id!)!;
    if (due.companies.get(m.customer_bank_account_id)) return 'CCD' as const;
    return m.authorisation_source === 'web' ? ('WEB' as const) : ('PPD' as const);
  };
  // Same Day ACH (`faster_ach`) entries go in batches of their own, the descriptive date `SD` and the cut-off's HHMM.
  for (const p of due.payments) {
    const key = `${secOf(p)} ${p.charge_date} ${p.faster_ach ? 'SD' : 'NS'}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  let trace = traceBase;
  const sameDayWindow = connection.cutoffTime.replace(':', '');
  const batches: NachaBatch[] = [...groups].map(([key, payments]) => {
    const [secCode, effectiveDate, speed] = key.split(' ') as ['PPD' | 'CCD' | 'WEB', string, 'SD' | 'NS'];
    async function* entries(): AsyncGenerator<NachaEntry> {
      for (const p of payments) {
        const m = due.mandates.get(p.mandate_id!)!;
        const a = due.accounts.get(m.customer_bank_account_id)!;
        const traceNumber = `${odfi.slice(0, 8)}${String(++trace % 10_000_000).padStart(7, '0')}`;
        const code = a.account_type === 'savings' ? '37' : '27';
        out.push({
          resourceType: 'payments',
          resourceId: p.id,
          instruction: code,
          reference: traceNumber,
          amount: p.amount,
        });
        yield {
          transactionCode: code,
          routingNumber: a.bank_code!,
          accountNumber: a.account_number!,
          amount: p.amount,
          individualId: m.reference,
          name: a.account_holder_name,
          ...(secCode === 'WEB' ? { paymentType: 'R' as const } : {}),
          traceNumber,
        };
      }
    }
    return {
      serviceClassCode: '225',
      companyName: creditor.name,
      companyIdentification: companyId,
      secCode,
      entryDescription: 'PAYMENT',
      effectiveDate,
      ...(speed === 'SD' ? { sameDayWindow } : {}),
      odfiRouting: odfi,
      entries: entries(),
    };
  });
  const zone = calendarFor('ach').timeZone;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .replace(':', '');
  return writeNacha(
    {
      immediateDestination: odfi,
      destinationName: 'ODFI',
      immediateOrigin: companyId,
      originName: creditor.name,
      createdOn: day,
      createdAtTime: time,
      fileIdModifier: 'A',
    },
    batches,
  );
}

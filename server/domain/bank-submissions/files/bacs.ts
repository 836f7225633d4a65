import { writeStandard18 } from '../../bank-files';
import { bacsReference, type BacsRecord, type BacsTransactionCode } from '../../bank-files/bacs/standard18';
import type { MandateRow } from '../../mandates/types';
import { calendarFor } from '../../schemes/calendars';
import { firstCollections, originatorField, type Due, type Instruction, type SubmissionDay } from '../files';

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

import { writeAba } from '../../bank-files';
import type { AbaEntry } from '../../bank-files/becs/aba';
import { calendarFor } from '../../schemes/calendars';
import { originatorField, type Due, type Instruction, type SubmissionDay } from '../files';

/**
 * A BECS Direct Entry (ABA) file of the day's debits (`13`) and refunds (`50`, decision 0096), processed on the next BECS business
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
    // A refund is a credit (`50`) to the account the debit came from, under the same lodgement reference.
    for (const r of due.refunds) {
      const m = due.mandates.get(r.mandate_id!)!;
      const a = due.accounts.get(m.customer_bank_account_id)!;
      const reference = m.reference.toUpperCase().slice(0, 18);
      out.push({ resourceType: 'refunds', resourceId: r.id, instruction: '50', reference, amount: r.amount });
      yield {
        transactionCode: '50',
        bsb: a.branch_code!.replace(/\D/g, ''),
        accountNumber: a.account_number!,
        accountName: a.account_holder_name,
        reference,
        amount: r.amount,
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

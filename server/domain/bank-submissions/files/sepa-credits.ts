import { writePain001 } from '../../bank-files';
import type { Pain001Transaction } from '../../bank-files/sepa/pain001';
import { calendarFor } from '../../schemes/calendars';
import { originatorField, type Due, type Instruction, type SubmissionDay } from '../files';

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

import { writePain008 } from '../../bank-files';
import type { Pain008Batch, Pain008Transaction } from '../../bank-files/sepa/pain008';
import type { PaymentRow } from '../../payments/types';
import { firstCollections, originatorField, type Due, type Instruction, type SubmissionDay } from '../files';

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

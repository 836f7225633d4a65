import { writeNacha } from '../../bank-files';
import type { NachaBatch, NachaEntry } from '../../bank-files/nacha/writer';
import type { PaymentRow } from '../../payments/types';
import type { RefundRow } from '../../refunds/types';
import { calendarFor } from '../../schemes/calendars';
import { originatorField, type Due, type Instruction, type SubmissionDay } from '../files';

/**
 * A Nacha file of the day's ACH debits (`225` batches per SEC code, effective date and speed) and
 * refunds (decision 0096): the credits go in `220` batches of their own, as an ODFI expects
 * credits and debits apart, `PPD` to a person and `CCD` to a business (a refund is no WEB entry:
 * WEB credits are person-to-person), entry code 22/32 by account type, effective the next FedACH
 * banking day. Each entry's trace number runs on across the creditor's files: a return names it.
 */
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
  batches.push(...refundBatches(run, companyId, due, out, odfi, () => ++trace));
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

function refundBatches(
  run: SubmissionDay,
  companyId: string,
  due: Due,
  out: Instruction[],
  odfi: string,
  nextTrace: () => number,
): NachaBatch[] {
  const groups = new Map<'PPD' | 'CCD', RefundRow[]>();
  for (const r of due.refunds) {
    const m = due.mandates.get(r.mandate_id!)!;
    const sec = due.companies.get(m.customer_bank_account_id) ? 'CCD' : 'PPD';
    groups.set(sec, [...(groups.get(sec) ?? []), r]);
  }
  const effectiveDate = calendarFor('ach').addWorkingDays(run.day, 1);
  return [...groups].map(([secCode, refunds]) => {
    async function* entries(): AsyncGenerator<NachaEntry> {
      for (const r of refunds) {
        const m = due.mandates.get(r.mandate_id!)!;
        const a = due.accounts.get(m.customer_bank_account_id)!;
        const traceNumber = `${odfi.slice(0, 8)}${String(nextTrace() % 10_000_000).padStart(7, '0')}`;
        const code = a.account_type === 'savings' ? '32' : '22';
        out.push({
          resourceType: 'refunds',
          resourceId: r.id,
          instruction: code,
          reference: traceNumber,
          amount: r.amount,
        });
        yield {
          transactionCode: code,
          routingNumber: a.bank_code!,
          accountNumber: a.account_number!,
          amount: r.amount,
          individualId: m.reference,
          name: a.account_holder_name,
          traceNumber,
        };
      }
    }
    return {
      serviceClassCode: '220',
      companyName: run.creditor.name,
      companyIdentification: companyId,
      secCode,
      entryDescription: 'REFUND',
      effectiveDate,
      odfiRouting: odfi,
      entries: entries(),
    };
  });
}

import { refuse } from '../errors';
import { readNacha, type NachaEntryRecord } from './reader';

/**
 * Returns (addenda 99, `Rnn`) and notifications of change (addenda 98, `Cnn`) in a Nacha file,
 * each traced to our original entry by its trace number (formats.md § 3.1–3.2).
 */

export interface NachaCorrection {
  accountNumber?: string;
  routingNumber?: string;
  name?: string;
  transactionCode?: string;
  individualId?: string;
  /** The 29 characters as sent, for codes we do not split. */
  raw: string;
}

export interface NachaReturnItem {
  line: number;
  kind: 'return' | 'notification_of_change';
  /** `R01`, `C01`… (our `reason_code`). */
  reasonCode: string;
  originalTraceNumber: string;
  traceNumber: string;
  transactionCode: string;
  amount: number;
  routingNumber: string;
  accountNumber: string;
  individualId: string;
  name: string;
  secCode: string;
  companyIdentification: string;
  dateOfDeath?: string;
  information?: string;
  correction?: NachaCorrection;
}

const f = (text: string, from: number, to: number) => text.slice(from - 1, to);

/** Corrected data (positions 36–64) by change code. */
export function correctionOf(code: string, data: string): NachaCorrection {
  const raw = data.trimEnd();
  const part = (from: number, to: number) => f(data, from, to).trim() || undefined;
  switch (code) {
    case 'C01':
      return { accountNumber: part(1, 17), raw };
    case 'C02':
      return { routingNumber: part(1, 9), raw };
    case 'C03':
      return { routingNumber: part(1, 9), accountNumber: part(13, 29), raw };
    case 'C04':
      return { name: part(1, 22), raw };
    case 'C05':
      return { transactionCode: part(1, 2), raw };
    case 'C06':
      return { accountNumber: part(1, 17), transactionCode: part(21, 22), raw };
    case 'C07':
      return { routingNumber: part(1, 9), accountNumber: part(10, 26), transactionCode: part(27, 28), raw };
    case 'C09':
      return { individualId: part(1, 22), raw };
    default:
      return { raw };
  }
}

function itemOf(entry: NachaEntryRecord, secCode: string, company: string): NachaReturnItem | undefined {
  const addenda = entry.addenda.find((a) => a.typeCode === '99' || a.typeCode === '98');
  if (!addenda) return undefined;
  const r = addenda.text;
  const code = f(r, 4, 6);
  if (!/^[RC]\d{2}$/.test(code)) refuse('malformed_report', `"${code}" is not a return or change code`, addenda.line);
  const base = {
    line: entry.line,
    reasonCode: code,
    originalTraceNumber: f(r, 7, 21),
    traceNumber: entry.traceNumber,
    transactionCode: entry.transactionCode,
    amount: entry.amount,
    routingNumber: entry.routingNumber,
    accountNumber: entry.accountNumber,
    individualId: entry.individualId,
    name: entry.name,
    secCode,
    companyIdentification: company,
  };
  if (addenda.typeCode === '98')
    return { ...base, kind: 'notification_of_change', correction: correctionOf(code, f(r, 36, 64)) };
  const death = f(r, 22, 27).trim();
  return {
    ...base,
    kind: 'return',
    dateOfDeath: death ? `20${death.slice(0, 2)}-${death.slice(2, 4)}-${death.slice(4, 6)}` : undefined,
    information: f(r, 36, 79).trim() || undefined,
  };
}

export function readNachaReturns(text: string): NachaReturnItem[] {
  const file = readNacha(text);
  const items: NachaReturnItem[] = [];
  for (const batch of file.batches)
    for (const entry of batch.entries) {
      const item = itemOf(entry, batch.secCode, batch.companyIdentification);
      if (item) items.push(item);
    }
  return items;
}

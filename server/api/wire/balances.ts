import { z } from 'zod';
import type { CreditorBalance } from '../../domain/balances/service';
import { BALANCE_ACCOUNTS } from '../../domain/ledger/postings';
import { CURRENCIES } from '../../domain/shared/money';
import { linkWire, timestamp } from './present';

const BALANCE_TYPES = Object.keys(BALANCE_ACCOUNTS) as [
  keyof typeof BALANCE_ACCOUNTS,
  ...(keyof typeof BALANCE_ACCOUNTS)[],
];

/** One balance of a creditor in one currency (public API `balances`). */
export const balanceWire = z.strictObject({
  balance_type: z.enum(BALANCE_TYPES),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  last_updated_at: z.string(),
  links: z.strictObject({ creditor: linkWire }),
});

export function serializeBalance(row: CreditorBalance): z.output<typeof balanceWire> {
  return {
    balance_type: row.balance_type,
    amount: row.amount,
    currency: row.currency as z.output<typeof balanceWire>['currency'],
    last_updated_at: timestamp(row.last_updated_at),
    links: { creditor: row.creditor_id },
  };
}

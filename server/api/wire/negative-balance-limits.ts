import { z } from 'zod';
import type { NegativeBalanceLimitRow } from '../../domain/negative-balance-limits/queries';
import { CURRENCIES } from '../../domain/shared/money';
import { linkWire, present, timestamp } from './present';

/** A negative balance limit on the wire (public API `negative_balance_limits`). */
export const negativeBalanceLimitWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  balance_limit: z.number().int(),
  currency: z.enum(CURRENCIES),
  links: z.strictObject({ creditor: linkWire, creator_user: linkWire.optional() }),
});

export function serializeNegativeBalanceLimit(row: NegativeBalanceLimitRow): z.output<typeof negativeBalanceLimitWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    balance_limit: row.balance_limit,
    currency: row.currency as z.output<typeof negativeBalanceLimitWire>['currency'],
    links: present({ creditor: row.creditor_id, creator_user: row.creator_user_id }),
  };
}

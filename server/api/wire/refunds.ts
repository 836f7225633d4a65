import { z } from 'zod';
import { REFUND_STATUSES } from '../../domain/refunds/state';
import { refundsTable } from '../../domain/refunds/queries';
import type { RefundRow } from '../../domain/refunds/types';
import { wireFields } from './columns';
import { linkWire, metadataWire, present, timestamp } from './present';

/**
 * A refund on the wire (public API `refunds`). `fx` is the reference's: no currency exchange
 * happens here, so the exchange fields are null and the amount is the refund's own.
 */
export const refundWire = z.strictObject({
  ...wireFields(refundsTable, ['id', 'created_at', 'amount', 'currency', 'reference']),
  status: z.enum(REFUND_STATUSES),
  metadata: metadataWire,
  fx: z.strictObject({
    estimated_exchange_rate: z.string().nullable(),
    exchange_rate: z.string().nullable(),
    fx_amount: z.number().int().nullable(),
    fx_currency: z.string(),
  }),
  links: z.strictObject({ payment: linkWire, mandate: linkWire.optional() }),
});

export function serializeRefund(row: RefundRow): z.output<typeof refundWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    amount: row.amount,
    currency: row.currency,
    reference: row.reference,
    status: row.status,
    metadata: row.metadata ?? {},
    fx: { estimated_exchange_rate: null, exchange_rate: null, fx_amount: null, fx_currency: row.currency },
    links: present({ payment: row.payment_id, mandate: row.mandate_id }),
  };
}

import { z } from 'zod';
import { PAYMENT_STATUSES } from '../../domain/payments/state';
import type { PaymentRow } from '../../domain/payments/types';
import { linkWire, metadataWire, present, timestamp } from './present';

/** A payment on the wire (public API `payments`). */
export const paymentWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  charge_date: z.string().optional(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  app_fee: z.number().int().optional(),
  currency: z.string(),
  description: z.string().optional(),
  reference: z.string().optional(),
  scheme: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  retry_if_possible: z.boolean(),
  faster_ach: z.boolean().optional(),
  metadata: metadataWire,
  links: z.strictObject({
    creditor: linkWire,
    mandate: linkWire.optional(),
    subscription: linkWire.optional(),
    instalment_schedule: linkWire.optional(),
    payout: linkWire.optional(),
  }),
});

export function serializePayment(row: PaymentRow): z.output<typeof paymentWire> {
  return present({
    id: row.id,
    created_at: timestamp(row.created_at),
    charge_date: row.charge_date,
    amount: row.amount,
    amount_refunded: row.amount_refunded,
    app_fee: row.app_fee,
    currency: row.currency,
    description: row.description,
    reference: row.reference,
    scheme: row.scheme,
    status: row.status,
    retry_if_possible: row.retry_if_possible,
    faster_ach: row.faster_ach,
    metadata: row.metadata ?? {},
    links: present({
      creditor: row.creditor_id,
      mandate: row.mandate_id,
      subscription: row.subscription_id,
      instalment_schedule: row.instalment_schedule_id,
      payout: row.payout_id,
    }),
  });
}

import { compact, links, timestamp } from '../shared/serialize';
import type { PaymentRow } from './types';

export function serializePayment(row: PaymentRow) {
  return compact({
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
    links: links({
      creditor: row.creditor_id,
      mandate: row.mandate_id,
      subscription: row.subscription_id,
      instalment_schedule: row.instalment_schedule_id,
    }),
  });
}

import { compact, timestamp } from '../shared/serialize';
import type { InstalmentScheduleRow } from './types';

/** An instalment schedule as the API shows it; `links.payments` lists its payments, oldest first. */
export function serializeInstalmentSchedule(row: InstalmentScheduleRow) {
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    currency: row.currency,
    name: row.name,
    total_amount: row.total_amount,
    status: row.status,
    metadata: row.metadata ?? {},
    payment_errors: row.payment_errors ?? {},
    links: { customer: row.customer_id, mandate: row.mandate_id, payments: row.payment_ids },
  });
}

import { z } from 'zod';
import { INSTALMENT_SCHEDULE_STATUSES, type InstalmentScheduleRow } from '../../domain/instalment-schedules/types';
import { linkWire, metadataWire, present, timestamp } from './present';

/** An instalment schedule on the wire; `links.payments` lists its payments, oldest first. */
export const instalmentScheduleWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  currency: z.string(),
  name: z.string(),
  total_amount: z.number().int(),
  status: z.enum(INSTALMENT_SCHEDULE_STATUSES),
  metadata: metadataWire,
  payment_errors: z.record(z.string(), z.unknown()),
  links: z.strictObject({ customer: linkWire, mandate: linkWire, payments: z.array(linkWire) }),
});

export function serializeInstalmentSchedule(row: InstalmentScheduleRow): z.output<typeof instalmentScheduleWire> {
  return present({
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

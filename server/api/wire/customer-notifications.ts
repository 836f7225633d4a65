import { z } from 'zod';
import type { NotificationRow } from '../../domain/notifications/queries';
import { CUSTOMER_NOTIFICATION_TYPES, type CustomerNotificationType } from '../../domain/notifications/types';
import { maybeTimestamp, present } from './present';

/** A customer notification on the wire (public API `customer_notifications`): what handle answers. */
export const customerNotificationWire = z.strictObject({
  id: z.string(),
  type: z.enum(CUSTOMER_NOTIFICATION_TYPES),
  action_taken: z.enum(['handled']).nullable(),
  action_taken_at: z.string().nullable(),
  action_taken_by: z.string().nullable(),
  links: z.strictObject({
    customer: z.string(),
    event: z.string(),
    mandate: z.string().optional(),
    payment: z.string().optional(),
    refund: z.string().optional(),
    subscription: z.string().optional(),
  }),
});

type CustomerNotificationWire = z.output<typeof customerNotificationWire>;

export function serializeCustomerNotification(n: NotificationRow): CustomerNotificationWire {
  return {
    id: n.id,
    type: n.notice_type as CustomerNotificationType,
    action_taken: n.action_taken,
    action_taken_at: maybeTimestamp(n.action_taken_at),
    action_taken_by: n.action_taken_by,
    links: present<CustomerNotificationWire['links']>({
      customer: n.customer_id ?? '',
      event: n.event_id ?? '',
      mandate: n.links.mandate,
      payment: n.links.payment,
      refund: n.links.refund,
      subscription: n.links.subscription,
    }),
  };
}

import { z } from 'zod';
import { customerNotificationWire, serializeCustomerNotification } from '../wire/customer-notifications';
import { defineRoute, ok } from '../route';

export const customerNotificationRoutes = [
  defineRoute({
    method: 'POST',
    path: '/customer_notifications/:id/actions/handle',
    operationId: 'handleCustomerNotification',
    summary:
      'Say the merchant sent a notice it took over itself, before its deadline, so the service does not (idempotent)',
    tag: 'Customer notifications',
    resourceKey: 'customer_notifications',
    response: customerNotificationWire,
    kind: 'action',
    status: 200,
    bodyKeys: ['customer_notifications'],
    body: z.strictObject({}),
    async handler({ services, tx, actor, token, params }) {
      const handled = await services.notifications.handle(tx, actor, params.id, token.id);
      return ok('customer_notifications', serializeCustomerNotification(handled));
    },
  }),
];

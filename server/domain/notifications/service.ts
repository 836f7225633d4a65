import type { Queryable } from '../../db/db';
import { findLatestFlowOf } from '../flows/queries';
import type { BillingRequestCore } from '../billing-requests/service';
import type { FlowService } from '../flows/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed } from '../shared/errors';
import { checkMerchantUri } from '../flows/service';
import type { MailMessage } from './mailer';
import { insertNotification, type NotificationRow } from './queries';
import { notificationEmail } from './templates';

/**
 * Billing request `notify`: e-mails the payer a link to a flow for the request. The notification
 * is an outbox row written in the caller's unit of work with the request's other changes; the
 * mail is sent after commit by the delivery job (server/jobs/notification-delivery.ts), never
 * while the request is locked, and one that could not be sent is retried there.
 */
export function createNotificationService(
  ctx: DomainContext,
  deps: { billingRequests: BillingRequestCore; flows: FlowService },
) {
  return {
    /** The mail a notification sends: in the customer's language, linking the request's newest flow. */
    async mailFor(db: Queryable, n: NotificationRow): Promise<MailMessage> {
      const request = await deps.billingRequests.view(db, n.billing_request_id);
      const flow = await findLatestFlowOf(db, n.billing_request_id);
      return notificationEmail({
        to: n.recipient,
        language: request.customer.language ?? 'en',
        creditorName: request.creditorName,
        link: `${ctx.publicUrl}/pay/${flow?.id}`,
      });
    },

    async notify(
      tx: Queryable,
      actor: Actor,
      id: string,
      input: { notification_type: 'email'; redirect_uri?: string | null },
    ) {
      return deps.billingRequests.act(tx, actor, id, null, async (tx, current) => {
        const email = current.customer.email;
        if (!email) throw validationFailed([{ field: 'notification_type', code: 'customer_email_required' }]);
        if (input.redirect_uri) {
          const issue = checkMerchantUri(input.redirect_uri, 'redirect_uri', ctx.environment);
          if (issue) throw validationFailed([issue]);
        }
        const latest = await findLatestFlowOf(tx, id);
        const usable = latest && latest.expires_at.getTime() > ctx.clock.now().getTime();
        if (!usable)
          await deps.flows.create(tx, actor, { redirect_uri: input.redirect_uri, links: { billing_request: id } });
        await insertNotification(tx, {
          id: ctx.ids('notification'),
          organisation_id: actor.organisationId,
          billing_request_id: id,
          notification_type: input.notification_type,
          recipient: email,
          redirect_uri: input.redirect_uri ?? null,
          created_at: ctx.clock.now(),
        });
        return null;
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

import type { Queryable } from '../../db/db';
import { findLatestFlowOf } from '../flows/queries';
import type { BillingRequestCore } from '../billing-requests/service';
import type { FlowService } from '../flows/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed } from '../shared/errors';
import { checkMerchantUri } from '../flows/service';
import { LANGUAGES } from '../shared/languages';
import { oneLine } from '../shared/text';
import { eventNoticeContent } from './content';
import { insertNotification, type NotificationRow } from './queries';
import type { NoticeContent } from './types';

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
    /**
     * What a notice's mail shows (the edge renders it): an event's notice from its resources, the
     * `notify` action's from its request, linking the request's newest flow. Null: nothing to send.
     */
    async contentFor(db: Queryable, n: NotificationRow): Promise<NoticeContent | null> {
      if (n.notice_type !== 'billing_request_notify') return eventNoticeContent(db, n);
      const request = await deps.billingRequests.view(db, n.billing_request_id!);
      const flow = await findLatestFlowOf(db, n.billing_request_id!);
      return {
        type: n.notice_type,
        language: n.language,
        to: n.recipient ?? '',
        scheme: null,
        customerName: null,
        creditor: { name: oneLine(request.creditorName), address: [], contact: null },
        mandateReference: null,
        link: `${ctx.publicUrl}/pay/${flow?.id}`,
      };
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
        // The request's customer as its view shows it (the action's snapshot has no language).
        const { customer } = await deps.billingRequests.view(tx, id);
        const language = customer.language ?? 'en';
        await insertNotification(tx, {
          id: ctx.ids('notification'),
          organisation_id: actor.organisationId,
          notice_type: 'billing_request_notify',
          billing_request_id: id,
          customer_id: customer.id,
          language: (LANGUAGES as readonly string[]).includes(language) ? language : 'en',
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

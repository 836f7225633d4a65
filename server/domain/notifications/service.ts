import { realNow } from '../shared/clock';
import type { Queryable } from '../../db/db';
import { findLatestFlowOf } from '../flows/queries';
import type { BillingRequestCore } from '../billing-requests/service';
import type { FlowService } from '../flows/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { findCreditorById } from '../creditors/queries';
import { invalidState, notFound, validationFailed } from '../shared/errors';
import { applyMove } from '../shared/state-machine';
import { checkMerchantUri } from '../flows/service';
import { LANGUAGES } from '../../../i18n/languages';
import { oneLine } from '../shared/text';
import { eventNoticeContent } from './content';
import { findCustomerNotification, insertNotification, type NotificationRow } from './queries';
import { NOTICE_MACHINE } from './state';
import { listTakeovers, replaceTakeovers } from './takeover-queries';
import type { CustomerNotificationType } from './types';
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
  /** The creditor's id if it is the actor's organisation's; 404 as for an unknown one otherwise. */
  async function ownCreditor(db: Queryable, actor: Actor, creditorId: string): Promise<string> {
    const creditor = await findCreditorById(db, creditorId);
    if (!creditor || creditor.organisation_id !== actor.organisationId) throw notFound('creditors');
    return creditor.id;
  }

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

    /**
     * `POST /customer_notifications/{id}/actions/handle`: the merchant sent a notice it took over
     * itself, so the service will not (decision 0038). Handling a handled one answers it as it is;
     * once the deadline has passed the notice is the service's to send, and handle is refused.
     */
    async handle(tx: Queryable, actor: Actor, id: string, by: string): Promise<NotificationRow> {
      const current = await findCustomerNotification(tx, actor.organisationId, id);
      if (current.status === 'handled') return current;
      const now = ctx.clock.now();
      if (current.status !== 'pending' || current.deadline!.getTime() <= now.getTime())
        throw invalidState('already_actioned');
      return applyMove(tx, ctx, NOTICE_MACHINE, current, 'handle', {
        actor,
        set: { action_taken: 'handled', action_taken_at: now, action_taken_by: by, next_attempt_at: null },
      });
    },

    /** The notice types the organisation's creditor sends itself (decision 0038); another organisation's creditor is 404. */
    async takeoversOf(db: Queryable, actor: Actor, creditorId: string): Promise<CustomerNotificationType[]> {
      return listTakeovers(db, await ownCreditor(db, actor, creditorId));
    },

    /**
     * Sets which notice types the creditor's merchant sends itself (the dashboard's settings; the
     * operator's CLI sets one type at a time). A setting, not a resource change: no event.
     */
    async setTakeovers(tx: Queryable, actor: Actor, creditorId: string, types: CustomerNotificationType[]) {
      await replaceTakeovers(tx, await ownCreditor(tx, actor, creditorId), types, ctx.clock.now());
      return listTakeovers(tx, creditorId);
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
          due_at: realNow(ctx.clock),
        });
        return null;
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

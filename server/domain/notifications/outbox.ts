import type { Queryable } from '../../db/db';
import { findCreditorById } from '../creditors/queries';
import { findCustomersByIds } from '../customers/queries';
import type { EventResourceType, EventRow, NewEvent } from '../events/types';
import { findInstalmentScheduleById } from '../instalment-schedules/queries';
import { findMandateById } from '../mandates/queries';
import { findPaymentById } from '../payments/queries';
import { findRefundById } from '../refunds/queries';
import { realNow, type Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import { LANGUAGES } from '../../../i18n/languages';
import { findSubscriptionById } from '../subscriptions/queries';
import { isMandatoryNotice, takeoverDeadline } from './deadline';
import { insertNotification, type NotificationRow } from './queries';
import { isTakenOver } from './takeover-queries';
import {
  isCustomerNotificationType,
  isUsableAddress,
  type CustomerNotificationRef,
  type NoticeFailure,
  type NoticeType,
} from './types';

/** Which event causes which notice: `resource_type/action` → type (issue 21 § 1). */
const NOTICE_OF_EVENT: Record<string, NoticeType> = {
  'mandates/created': 'mandate_created',
  'mandates/cancelled': 'mandate_cancelled',
  'mandates/expired': 'mandate_expired',
  'payments/created': 'payment_created',
  'payments/cancelled': 'payment_cancelled',
  'payments/failed': 'payment_failed',
  'subscriptions/created': 'subscription_created',
  'subscriptions/cancelled': 'subscription_cancelled',
  'instalment_schedules/created': 'instalment_schedule_created',
  'instalment_schedules/cancelled': 'instalment_schedule_cancelled',
  'refunds/created': 'refund_created',
};

/** The keys of an event's links a notice keeps (what its template reads). */
const NOTICE_LINKS = ['mandate', 'payment', 'subscription', 'instalment_schedule', 'refund'] as const;

/** The mandate a linked resource hangs off, asking each resource's owner (never a join of its table). */
async function mandateIdOf(db: Queryable, links: Record<string, string>): Promise<string | null> {
  if (links.mandate) return links.mandate;
  if (links.payment) return (await findPaymentById(db, links.payment))?.mandate_id ?? null;
  if (links.subscription) return (await findSubscriptionById(db, links.subscription))?.mandate_id ?? null;
  if (links.instalment_schedule)
    return (await findInstalmentScheduleById(db, links.instalment_schedule))?.mandate_id ?? null;
  if (links.refund) return (await findRefundById(db, links.refund))?.mandate_id ?? null;
  return null;
}

/** What queueing an event's notice tells `recordEvent` to write beside the event. */
export interface QueuedNotice {
  /** A notice the merchant took over: the event carries it in `customer_notifications`. */
  customerNotification?: CustomerNotificationRef;
  /** A notice failed at once (no usable address): its failure is an event on the resource too. */
  failedEvent?: NewEvent;
}

/**
 * Queues the payer notice an event causes, in the event's own transaction (called by
 * `recordEvent`), so a change and its notice commit together or not at all. The address and
 * language are the customer's at the time of the event. A payer without a usable address gets a
 * notice written `failed` with `no_usable_address` and a `customer_notification_failed` event, so
 * the merchant and the operator see what was not sent. Cascades (a payment cancelled because its
 * mandate was) add no mail beside their cause's, and a creditor whose merchant sends all its own
 * notices (`merchant_responsible_for_notifications`) gets none. A type the operator marked as taken
 * over (`notices take-over`) is written pending until its deadline (decision 0038): the event
 * names it in `customer_notifications`, the merchant may handle it meanwhile, and the sender sends
 * it at the deadline if the merchant did not.
 */
export async function queueNoticeFor(
  tx: Queryable,
  ctx: { clock: Clock; ids: IdGenerator },
  event: EventRow,
  hasParent: boolean,
): Promise<QueuedNotice> {
  const type = NOTICE_OF_EVENT[`${event.resource_type}/${event.action}`];
  if (!type || hasParent) return {};
  const links: Record<string, string> = {};
  for (const key of NOTICE_LINKS) if (event.links[key]) links[key] = event.links[key];
  const mandateId = await mandateIdOf(tx, links);
  if (!mandateId) return {};
  const mandate = await findMandateById(tx, mandateId);
  if (!mandate) return {};
  links.mandate = mandate.id;
  const creditor = await findCreditorById(tx, mandate.creditor_id);
  if (!creditor || creditor.merchant_responsible_for_notifications) return {};
  const now = ctx.clock.now();
  const takenOver = isCustomerNotificationType(type) && (await isTakenOver(tx, creditor.id, type));
  const [customer] = await findCustomersByIds(tx, [mandate.customer_id]);
  const email = customer?.removed_at ? null : (customer?.email ?? null);
  const language = (LANGUAGES as readonly string[]).includes(customer?.language ?? '') ? customer!.language! : 'en';
  const id = ctx.ids('notification');
  const deadline = takenOver ? takeoverDeadline(mandate.scheme, now) : null;
  // A taken-over notice waits for the merchant whatever the address: it may reach the payer its own way.
  const failure: NoticeFailure | null = !takenOver && !isUsableAddress(email) ? 'no_usable_address' : null;
  const row = {
    id,
    organisation_id: event.organisation_id,
    notice_type: type,
    creditor_id: creditor.id,
    customer_id: mandate.customer_id,
    event_id: event.id,
    links,
    language,
    recipient: email,
    created_at: now,
    failure_reason: failure,
    deadline,
    mandatory: takenOver && isCustomerNotificationType(type) ? isMandatoryNotice(type) : null,
  };
  await insertNotification(tx, { ...row, due_at: realNow(ctx.clock) });
  if (failure) return { failedEvent: noticeFailedEvent({ ...row, billing_request_id: null }, failure) };
  if (!deadline || !isCustomerNotificationType(type)) return {};
  return { customerNotification: { id, type, deadline: deadline.toISOString(), mandatory: isMandatoryNotice(type) } };
}

/** The resource a notice is about, whose events show its failure. */
const RESOURCE_OF_NOTICE: Record<NoticeType, EventResourceType> = {
  mandate_created: 'mandates',
  mandate_cancelled: 'mandates',
  mandate_expired: 'mandates',
  payment_created: 'payments',
  payment_cancelled: 'payments',
  payment_failed: 'payments',
  subscription_created: 'subscriptions',
  subscription_cancelled: 'subscriptions',
  instalment_schedule_created: 'instalment_schedules',
  instalment_schedule_cancelled: 'instalment_schedules',
  refund_created: 'refunds',
  billing_request_notify: 'billing_requests',
};

/**
 * The event that tells the merchant (events list, webhooks) that a payer's notice will never be
 * sent (decision 0038): `customer_notification_failed` on the resource the notice is about, with
 * the reason as `details.cause`, the payer as `links.customer`, and the event that caused the
 * notice as `links.parent_event`. Written in the transaction that marks the notice failed.
 */
export function noticeFailedEvent(
  n: Pick<
    NotificationRow,
    'organisation_id' | 'notice_type' | 'links' | 'billing_request_id' | 'customer_id' | 'event_id'
  >,
  reason: NoticeFailure,
): NewEvent {
  const resourceType = RESOURCE_OF_NOTICE[n.notice_type];
  const links: Record<string, string> = { ...n.links };
  if (n.billing_request_id) links.billing_request = n.billing_request_id;
  if (n.customer_id) links.customer = n.customer_id;
  return {
    organisationId: n.organisation_id,
    resourceType,
    action: 'customer_notification_failed',
    links,
    details: {
      origin: 'gocardless',
      cause: reason,
      description: `The payer's ${n.notice_type.replace(/_/g, ' ')} notice could not be sent (${reason.replace(/_/g, ' ')}).`,
    },
    parentEvent: n.event_id ?? undefined,
  };
}

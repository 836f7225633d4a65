import type { Queryable } from '../../db/db';
import { findCreditorById } from '../creditors/queries';
import { findCustomersByIds } from '../customers/queries';
import type { EventRow } from '../events/types';
import { findInstalmentScheduleById } from '../instalment-schedules/queries';
import { findMandateById } from '../mandates/queries';
import { findPaymentById } from '../payments/queries';
import { findRefundById } from '../refunds/queries';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import { LANGUAGES } from '../shared/languages';
import { findSubscriptionById } from '../subscriptions/queries';
import { insertNotification } from './queries';
import { isTakenOver } from './takeover-queries';
import { isUsableAddress, type NoticeType } from './types';

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

/**
 * Queues the payer notice an event causes, in the event's own transaction (called by
 * `recordEvent`), so a change and its notice commit together or not at all. The address and
 * language are the customer's at the time of the event. A payer without a usable address gets a
 * notice written `failed` with `no_usable_address`, so the operator sees what was not sent.
 * Cascades (a payment cancelled because its mandate was) add no mail beside their cause's, and a
 * creditor whose merchant sends its own notices (`merchant_responsible_for_notifications`, or this
 * type taken over by the operator's `notices take-over`) gets none.
 */
export async function queueNoticeFor(
  tx: Queryable,
  ctx: { clock: Clock; ids: IdGenerator },
  event: EventRow,
  hasParent: boolean,
): Promise<void> {
  const type = NOTICE_OF_EVENT[`${event.resource_type}/${event.action}`];
  if (!type || hasParent) return;
  const links: Record<string, string> = {};
  for (const key of NOTICE_LINKS) if (event.links[key]) links[key] = event.links[key];
  const mandateId = await mandateIdOf(tx, links);
  if (!mandateId) return;
  const mandate = await findMandateById(tx, mandateId);
  if (!mandate) return;
  links.mandate = mandate.id;
  const creditor = await findCreditorById(tx, mandate.creditor_id);
  if (!creditor || creditor.merchant_responsible_for_notifications) return;
  if (await isTakenOver(tx, creditor.id, type)) return;
  const [customer] = await findCustomersByIds(tx, [mandate.customer_id]);
  const email = customer?.removed_at ? null : (customer?.email ?? null);
  const language = (LANGUAGES as readonly string[]).includes(customer?.language ?? '') ? customer!.language! : 'en';
  await insertNotification(tx, {
    id: ctx.ids('notification'),
    organisation_id: event.organisation_id,
    notice_type: type,
    creditor_id: creditor.id,
    customer_id: mandate.customer_id,
    event_id: event.id,
    links,
    language,
    recipient: email,
    created_at: ctx.clock.now(),
    failure_reason: isUsableAddress(email) ? null : 'no_usable_address',
  });
}

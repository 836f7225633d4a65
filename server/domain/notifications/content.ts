import type { Queryable } from '../../db/db';
import { findCreditorById } from '../creditors/queries';
import { listEventsByIds } from '../events/queries';
import { findCustomersByIds } from '../customers/queries';
import { findInstalmentScheduleById } from '../instalment-schedules/queries';
import { findMandateById } from '../mandates/queries';
import { findPaymentById, listChargesOfInstalmentSchedule } from '../payments/queries';
import { findRefundById } from '../refunds/queries';
import { schemeIdentifierFor } from '../creditors/scheme-identifiers';
import { mandateText } from '../schemes/mandate-text';
import type { Language } from '../../../i18n/languages';
import { oneLine } from '../shared/text';
import type { Scheme } from '../schemes/types';
import { findSubscriptionById } from '../subscriptions/queries';
import { chargeRuleOf, upcomingChargeDates } from '../subscriptions/schedule';
import type { NotificationRow } from './queries';
import type { NoticeContent } from './types';

/** How many charges ahead a subscription's or instalment schedule's notice lists. */
const SCHEDULE_AHEAD = 12;

/**
 * What an event's notice shows, read from each resource's owner when the notice is sent (so a
 * mail retried later shows the same resources as they are then; the address and language were
 * fixed when it was queued). Null when its mandate no longer exists.
 */
export async function eventNoticeContent(db: Queryable, n: NotificationRow): Promise<NoticeContent | null> {
  const mandate = n.links.mandate ? await findMandateById(db, n.links.mandate) : undefined;
  if (!mandate) return null;
  const creditor = await findCreditorById(db, mandate.creditor_id);
  const [customer] = await findCustomersByIds(db, [mandate.customer_id]);
  const content: NoticeContent = {
    type: n.notice_type,
    language: n.language,
    to: n.recipient ?? '',
    scheme: mandate.scheme,
    customerName: customer
      ? oneLine(customer.company_name || [customer.given_name, customer.family_name].filter(Boolean).join(' ')) || null
      : null,
    creditor: {
      name: oneLine(creditor?.name ?? ''),
      address: creditor
        ? [creditor.address_line1, creditor.address_line2, creditor.city, creditor.postal_code, creditor.country_code]
            .filter((x): x is string => Boolean(x))
            .map(oneLine)
        : [],
      contact: null,
    },
    mandateReference: mandate.reference,
  };
  if (n.notice_type === 'mandate_created' && creditor) {
    const text = mandateText(mandate.scheme as Scheme, n.language as Language, {
      creditorName: content.creditor.name,
      creditorAddress: content.creditor.address.join(', ') || null,
      creditorIdentifier: schemeIdentifierFor(creditor, mandate.scheme as Scheme).reference ?? '',
      reference: mandate.reference,
      consentType: mandate.consent_type,
      businessPad: Boolean(customer?.company_name),
    });
    if (text) content.schemeText = { title: text.title, paragraphs: text.paragraphs, sections: text.sections };
  }
  const paymentId = n.links.payment ?? (n.links.refund ? (await findRefundById(db, n.links.refund))?.payment_id : null);
  const payment = paymentId ? await findPaymentById(db, paymentId) : undefined;
  if (payment) {
    content.payment = {
      amount: payment.amount,
      currency: payment.currency,
      chargeDate: payment.charge_date,
      reference: payment.reference && oneLine(payment.reference),
      description: payment.description && oneLine(payment.description),
    };
    if (n.notice_type === 'payment_failed' && n.event_id) {
      // What the bank's failure said: retried (intelligent retries) or not (the event's details).
      const rows = await listEventsByIds(db, n.organisation_id, [n.event_id]);
      content.willRetry = rows[0]?.details.will_attempt_retry === true;
    }
  }
  if (n.links.refund) {
    const refund = await findRefundById(db, n.links.refund);
    if (refund) content.refund = { amount: refund.amount, currency: refund.currency, reference: refund.reference };
  }
  const subscriptionId = n.links.subscription ?? payment?.subscription_id;
  if (subscriptionId) {
    const subscription = await findSubscriptionById(db, subscriptionId);
    if (subscription) {
      const rule = chargeRuleOf({ ...subscription, scheme: mandate.scheme as Scheme });
      const from = payment?.charge_date ?? subscription.start_date ?? '0000-01-01';
      content.scheduleName = subscription.name && oneLine(subscription.name);
      content.schedule = upcomingChargeDates(rule, from, SCHEDULE_AHEAD).map((chargeDate) => ({
        chargeDate,
        amount: subscription.amount,
        currency: subscription.currency,
      }));
    }
  }
  const scheduleId = n.links.instalment_schedule ?? payment?.instalment_schedule_id;
  if (scheduleId) {
    const schedule = await findInstalmentScheduleById(db, scheduleId);
    content.scheduleName = schedule?.name ? oneLine(schedule.name) : null;
    content.schedule = (await listChargesOfInstalmentSchedule(db, scheduleId))
      .filter((c) => c.charge_date && (!payment?.charge_date || c.charge_date >= payment.charge_date))
      .slice(0, SCHEDULE_AHEAD)
      .map((c) => ({ chargeDate: c.charge_date!, amount: c.amount, currency: c.currency }));
  }
  return content;
}

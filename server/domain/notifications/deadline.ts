import { calendarFor } from '../schemes/calendars';
import { addDays } from '../schemes/calendars/dates';
import { todayIn } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import type { CustomerNotificationType } from './types';

/**
 * When the service stops waiting for a merchant that took a notice over (decision 0038): the end
 * of the scheme's submission day of the change — today in the scheme calendar's time zone, or its
 * next working day when today is not one. Charge dates count the scheme's notice period from that
 * day (schemes/charge-dates.ts), so a notice the merchant leaves to us and we send at the deadline
 * still gives the payer the whole period; waiting any longer could not.
 */
export function takeoverDeadline(scheme: string, now: Date): Date {
  const calendar = calendarFor(scheme as Scheme);
  if (!calendar) return new Date(now.getTime() + 60 * 60_000);
  const day = calendar.nextWorkingDay(todayIn(calendar.timeZone, now));
  return startOfDayIn(calendar.timeZone, addDays(day, 1));
}

/** The instant a wall-clock date begins in an IANA zone (midnight there), DST included. */
export function startOfDayIn(timeZone: string, date: string): Date {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset at that moment, read back from how the zone shows it; once more for DST.
  let instant = asUtc - offsetAt(timeZone, asUtc);
  instant = asUtc - offsetAt(timeZone, instant);
  return new Date(instant);
}

function offsetAt(timeZone: string, instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * `mandatory` on the event: whether the scheme obliges the collector to send this notice — the
 * mandate's confirmation and the advance notices (of a payment, or of a subscription's or
 * instalment schedule's payments). Cancellations and a blocked mandate are courtesy notices.
 * Either way the service sends an unhandled notice at its deadline.
 */
export const isMandatoryNotice = (type: CustomerNotificationType): boolean =>
  type === 'mandate_created' ||
  type === 'payment_created' ||
  type === 'subscription_created' ||
  type === 'instalment_schedule_created';

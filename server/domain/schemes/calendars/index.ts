import type { Scheme } from '../types';
import { australiaRits } from './australia-rits';
import { type Calendar, everyDayCalendar } from './calendar';
import { denmark } from './denmark';
import { englandAndWales } from './england-and-wales';
import { federalReserve } from './federal-reserve';
import { newZealand } from './new-zealand';
import { paymentsCanada } from './payments-canada';
import { sweden } from './sweden';
import { target } from './target';

export type { Calendar } from './calendar';
export { firstWorkingDayOfMonth, lastWorkingDayOfMonth, subtractWorkingDays } from './calendar';
export { isIsoDate } from './dates';

/** The calendar each scheme's lead times are counted in (schemes.md § 1 "Calendar" rows, § 3). */
const CALENDAR_OF_SCHEME: Record<Scheme, Calendar> = {
  ach: federalReserve,
  autogiro: sweden,
  bacs: englandAndWales,
  becs: australiaRits,
  becs_nz: newZealand,
  betalingsservice: denmark,
  // Instant schemes execute 24/7/365; their "today" is still the payer's local date.
  faster_payments: everyDayCalendar('Every day (Faster Payments)', 'Europe/London'),
  pad: paymentsCanada,
  pay_to: everyDayCalendar('Every day (NPP PayTo)', 'Australia/Sydney'),
  sepa_core: target,
};

export function calendarFor(scheme: Scheme): Calendar {
  return CALENDAR_OF_SCHEME[scheme];
}

/** England & Wales bank holidays: the working days of GBP payouts as well as of bacs. */
export { englandAndWales as gbpPayoutCalendar };

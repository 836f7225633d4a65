import type { Queryable } from '../../db/db';
import type { MandateRow } from '../mandates/types';
import { calendarFor } from '../schemes/calendars';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed } from '../shared/errors';
import type { createSubscriptionCharges } from './charges';
import { recordSubscriptionEvent } from './charges';
import { insertSubscription } from './queries';
import { asRequestIssue, checkEndDate, checkRequest } from './rules';
import { chargeDateAt, chargeRuleOf, nominalDate } from './schedule';
import type { Month, NewSubscription, SubscriptionRow } from './types';

/**
 * Starts a subscription on a mandate that can collect: checks it against the mandate's scheme,
 * stores it (event `created`), creates its first payment and books the next. `fieldPrefix` places
 * field issues where the caller's request has them (`subscription_request.` for a billing request).
 */
export async function startSubscription(
  tx: Queryable,
  ctx: DomainContext,
  charges: ReturnType<typeof createSubscriptionCharges>,
  actor: Actor,
  mandate: MandateRow,
  input: NewSubscription,
  fieldPrefix = '',
): Promise<SubscriptionRow> {
  const scheme = mandate.scheme as Scheme;
  const prefixed = (issues: ReturnType<typeof checkRequest>) =>
    validationFailed(issues.map((i) => ({ ...i, field: `${fieldPrefix}${i.field}` })));
  const earliest = nextPossibleChargeDate(scheme, { now: ctx.clock.now(), mandateActive: mandate.status === 'active' });
  const issues = checkRequest(input, scheme, earliest);
  if (issues.length) throw prefixed(issues);

  // Public API: without a start date the first payment is on the mandate's next possible charge
  // date, or the first day_of_month / month after it; that first date becomes the start date.
  const intervalUnit = input.interval_unit;
  // The wire schemas only let month names through.
  const month = intervalUnit === 'yearly' ? ((input.month ?? null) as Month | null) : null;
  const startDate =
    input.start_date ??
    nominalDate(
      {
        startDate: earliest,
        interval: input.interval,
        intervalUnit,
        dayOfMonth: input.day_of_month,
        month,
        calendar: calendarFor(scheme),
      },
      0,
    );
  const row = {
    id: ctx.ids('subscription'),
    organisation_id: actor.organisationId,
    mandate_id: mandate.id,
    amount: input.amount,
    app_fee: input.app_fee ?? null,
    count: input.count ?? null,
    currency: input.currency,
    day_of_month: input.day_of_month ?? null,
    interval: input.interval,
    interval_unit: intervalUnit,
    month,
    name: input.name ?? null,
    payment_reference: input.payment_reference ?? null,
    retry_if_possible: input.retry_if_possible,
    start_date: startDate,
    end_date: input.end_date ?? null,
    metadata: input.metadata ?? {},
    created_at: ctx.clock.now(),
  };
  const draft: SubscriptionRow = {
    ...row,
    end_date: null,
    pauses: [],
    scheme,
    status: 'active',
    updated_at: row.created_at,
  };
  const first = chargeDateAt(chargeRuleOf(draft), 0)!;
  const endIssues = checkEndDate(row.end_date, first);
  if (endIssues.length) throw prefixed(endIssues);

  const sub: SubscriptionRow = { ...(await insertSubscription(tx, row)), scheme };
  await recordSubscriptionEvent(tx, ctx, actor, sub, 'created', 'subscription_created');
  await charges.createPayment(tx, actor, sub, mandate, first).catch((error: unknown) => {
    throw asRequestIssue(error, fieldPrefix);
  });
  return charges.planCharge(tx, actor, sub, 1);
}

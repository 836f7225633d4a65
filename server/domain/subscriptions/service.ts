import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { MONTHS } from '../billing-requests/codes';
import type { SubscriptionRequest } from '../billing-requests/types';
import type { EventService } from '../events/service';
import { COLLECTABLE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import type { PaymentService } from '../payments/service';
import type { PaymentRow } from '../payments/types';
import { calendarFor } from '../schemes/calendars';
import { addDays, isIsoDate } from '../schemes/calendars/dates';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import { checkPaymentAmount } from '../schemes/limits';
import { validatePaymentReference } from '../schemes/references';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, isDomainError, notFound, validationFailed, type FieldIssue } from '../shared/errors';
import type { Metadata } from '../shared/metadata';
import { isMinorUnits } from '../shared/money';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { schedule, type ScheduledTransition } from '../shared/schedule';
import { chargeDateAt, chargeRuleOf, nominalDate } from './schedule';
import {
  SUBSCRIPTION_NAME_MAX,
  type Month,
  type SubscriptionChanges,
  type SubscriptionFilters,
  type SubscriptionRow,
} from './types';
import { applyMove, canMove } from '../shared/state-machine';
import { SUBSCRIPTION_MACHINE, SUBSCRIPTION_MOVES, type SubscriptionMove } from './state';

/** Spec: subscriptions are for ACH and PAD mandates only. */
const SUBSCRIPTION_SCHEMES: readonly Scheme[] = ['ach', 'pad'];
/** Spec: the interval must give at least one charge per year. */
const MAX_INTERVAL = { weekly: 52, monthly: 12, yearly: 1 } as const;

/**
 * A subscription's payments are created this long before their charge date, so the payer's
 * advance notice (PAD asks for at least 10 days) goes out in time; the scheme clock creates each.
 */
const PAYMENT_CREATION_LEAD_DAYS = 30;
const CREATE_PAYMENT = 'create_payment';

/** Subscriptions with their mandate's scheme, which picks the calendar their dates roll on. */
const SELECT_SUBSCRIPTIONS = 'SELECT s.*, m.scheme FROM subscriptions s JOIN mandates m ON m.id = s.mandate_id';
/** Lets an UPDATE of `subscriptions s` return the mandate's scheme too (`RETURNING s.*, m.scheme`). */
const FROM_MANDATE_WHERE = 'FROM mandates m WHERE m.id = s.mandate_id AND';

/** Where the payment service's field issues belong on a subscription. */
const PAYMENT_FIELDS: Record<string, string> = { charge_date: 'start_date', reference: 'payment_reference' };

/** Recurring payments under an ACH or PAD mandate, created one at a time by the scheme clock. */
export function createSubscriptionService(
  ctx: DomainContext,
  deps: { events: EventService; payments: () => PaymentService },
) {
  const { events } = deps;

  async function find(db: Queryable, actor: Actor, id: string, lock = false): Promise<SubscriptionRow> {
    const { rows } = await db.query<SubscriptionRow>(
      `${SELECT_SUBSCRIPTIONS} WHERE s.id = $1 AND s.organisation_id = $2${lock ? ' FOR UPDATE OF s' : ''}`,
      [id, actor.organisationId],
    );
    if (!rows[0]) throw notFound('subscriptions');
    return rows[0];
  }

  function recordEvent(
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    action: string,
    cause: string,
    extra: { metadata?: Metadata; payment?: string } = {},
  ) {
    return events.record(tx, {
      organisationId: sub.organisation_id,
      resourceType: 'subscriptions',
      action,
      links: { subscription: sub.id, mandate: sub.mandate_id, ...(extra.payment ? { payment: extra.payment } : {}) },
      details: {
        origin: actor.origin,
        cause,
        description: `Subscription ${action.replace(/_/g, ' ')}.`,
        scheme: sub.scheme,
      },
      metadata: extra.metadata,
      resourceMetadata: sub.metadata,
      source: actor.source,
    });
  }

  /** Applies a move through the one state runner (event, unscheduling and refusal included). */
  const move = (
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    name: SubscriptionMove,
    extra: { metadata?: Metadata; cause?: string } = {},
  ) => applyMove(tx, ctx, SUBSCRIPTION_MACHINE, sub, name, { actor, ...extra });

  /** The subscription's payment charged on `chargeDate` (event `payment_created`). */
  async function createPayment(
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    mandate: MandateRow,
    chargeDate: string,
  ): Promise<PaymentRow> {
    const payment = await deps.payments().createForMandateInTx(tx, actor, mandate, {
      amount: sub.amount,
      currency: sub.currency,
      chargeDate,
      description: sub.name,
      reference: sub.payment_reference,
      appFee: sub.app_fee,
      retryIfPossible: sub.retry_if_possible,
      subscriptionId: sub.id,
    });
    await recordEvent(tx, actor, sub, 'payment_created', 'payment_created', { payment: payment.id });
    return payment;
  }

  /** After charge `k - 1` was created: schedule the creation of charge `k`, or finish when there is none. */
  async function planCharge(tx: Queryable, actor: Actor, sub: SubscriptionRow, k: number): Promise<SubscriptionRow> {
    const chargeDate = chargeDateAt(chargeRuleOf(sub), k);
    if (chargeDate === null)
      return canMove(SUBSCRIPTION_MACHINE, sub.status, 'finish') ? move(tx, actor, sub, 'finish') : sub;
    const now = ctx.clock.now();
    const due = new Date(`${addDays(chargeDate, -PAYMENT_CREATION_LEAD_DAYS)}T00:00:00.000Z`);
    await schedule(tx, ctx, {
      organisationId: sub.organisation_id,
      resourceType: 'subscriptions',
      resourceId: sub.id,
      transition: CREATE_PAYMENT,
      dueAt: due > now ? due : now,
    });
    return sub;
  }

  /** Ends a subscription: no more payments, the pending ones cancelled. */
  async function cancelInTx(
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    extra: { metadata?: Metadata; cause?: string },
  ) {
    const cancelled = await move(tx, actor, sub, 'cancel', extra);
    await deps.payments().cancelPendingOf(tx, actor, { subscription: sub.id });
    return cancelled;
  }

  return {
    /** Fulfilment of a billing request's subscription_request: the subscription and its first payment. */
    async createInTx(
      tx: Queryable,
      actor: Actor,
      mandate: MandateRow,
      request: SubscriptionRequest,
    ): Promise<SubscriptionRow> {
      const scheme = mandate.scheme as Scheme;
      if (!SUBSCRIPTION_SCHEMES.includes(scheme)) {
        throw new DomainError('request_type_not_supported_by_scheme', {
          fields: [{ field: 'subscription_request', code: 'request_type_not_supported_by_scheme', params: { scheme } }],
        });
      }
      const earliest = nextPossibleChargeDate(scheme, {
        now: ctx.clock.now(),
        mandateActive: mandate.status === 'active',
      });
      const issues = checkRequest(request, scheme, earliest);
      if (issues.length)
        throw validationFailed(issues.map((i) => ({ ...i, field: `subscription_request.${i.field}` })));

      // Public API: without a start date the first payment is on the mandate's next possible charge
      // date, or the first day_of_month / month after it; that first date becomes the start date.
      const intervalUnit = request.interval_unit;
      // The billing request schema only lets month names through.
      const month = intervalUnit === 'yearly' ? ((request.month ?? null) as Month | null) : null;
      const startDate =
        request.start_date ??
        nominalDate(
          {
            startDate: earliest,
            interval: request.interval,
            intervalUnit,
            dayOfMonth: request.day_of_month,
            month,
            calendar: calendarFor(scheme),
          },
          0,
        );
      const now = ctx.clock.now();
      const { rows } = await tx.query<Omit<SubscriptionRow, 'scheme'>>(
        `INSERT INTO subscriptions (id, organisation_id, mandate_id, amount, app_fee, count, currency, day_of_month, interval, interval_unit, month,
           name, payment_reference, retry_if_possible, start_date, end_date, status, metadata, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, NULL, 'active', $16, $17, $17) RETURNING *`,
        [
          ctx.ids('subscription'),
          actor.organisationId,
          mandate.id,
          request.amount,
          request.app_fee ?? null,
          request.count ?? null,
          request.currency,
          request.day_of_month ?? null,
          request.interval,
          intervalUnit,
          month,
          request.name ?? null,
          request.payment_reference ?? null,
          request.retry_if_possible,
          startDate,
          json(request.metadata ?? {}),
          now,
        ],
      );
      const sub: SubscriptionRow = { ...rows[0]!, scheme };
      await recordEvent(tx, actor, sub, 'created', 'subscription_created');
      await createPayment(tx, actor, sub, mandate, chargeDateAt(chargeRuleOf(sub), 0)!).catch((error: unknown) => {
        throw asRequestIssue(error);
      });
      return planCharge(tx, actor, sub, 1);
    },

    get: (actor: Actor, id: string) => find(ctx.db, actor, id),

    async list(actor: Actor, filters: SubscriptionFilters, page: PageRequest): Promise<Page<SubscriptionRow>> {
      const params = new Params();
      const where = [`s.organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.customer) where.push(`m.customer_id = ${params.add(filters.customer)}`);
      if (filters.mandate) where.push(`s.mandate_id = ${params.add(filters.mandate)}`);
      if (filters.statuses?.length) where.push(`s.status = ANY(${params.add(filters.statuses)})`);
      whereInRange(where, params, 's.created_at', filters.createdAt);
      return pageQuery<SubscriptionRow>(
        ctx.db,
        {
          from: 'subscriptions s JOIN mandates m ON m.id = s.mandate_id',
          select: 's.*, m.scheme',
          idColumn: 's.id',
          where,
          params,
        },
        page,
      );
    },

    /** PUT: changes apply to payments created from now on (event `amended` unless only metadata changed). */
    async update(actor: Actor, id: string, changes: SubscriptionChanges): Promise<SubscriptionRow> {
      return ctx.db.transaction(async (tx) => {
        const sub = await find(tx, actor, id, true);
        const next = {
          amount: changes.amount ?? sub.amount,
          app_fee: changes.app_fee ?? sub.app_fee,
          name: changes.name ?? sub.name,
          payment_reference: changes.payment_reference ?? sub.payment_reference,
          retry_if_possible: changes.retry_if_possible ?? sub.retry_if_possible,
        };
        const issues = checkChanges(next, sub.scheme as Scheme);
        if (issues.length) throw validationFailed(issues);
        const { rows } = await tx.query<SubscriptionRow>(
          `UPDATE subscriptions s SET amount = $2, app_fee = $3, name = $4, payment_reference = $5, retry_if_possible = $6, metadata = $7, updated_at = $8
           ${FROM_MANDATE_WHERE} s.id = $1 RETURNING s.*, m.scheme`,
          [
            id,
            next.amount,
            next.app_fee,
            next.name,
            next.payment_reference,
            next.retry_if_possible,
            json(changes.metadata ?? sub.metadata),
            ctx.clock.now(),
          ],
        );
        const updated = rows[0]!;
        const amended = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== sub[key]);
        if (amended) await recordEvent(tx, actor, updated, 'amended', 'subscription_amended');
        return updated;
      });
    },

    async cancel(actor: Actor, id: string, metadata?: Metadata): Promise<SubscriptionRow> {
      return ctx.db.transaction(async (tx) => cancelInTx(tx, actor, await find(tx, actor, id, true), { metadata }));
    },

    /** The mandate was cancelled or replaced: its subscriptions end with it, each with its event. */
    async cancelForMandateInTx(tx: Queryable, actor: Actor, mandateId: string): Promise<void> {
      const { rows } = await tx.query<SubscriptionRow>(
        `${SELECT_SUBSCRIPTIONS} WHERE s.mandate_id = $1 AND s.status = ANY($2) ORDER BY s.id FOR UPDATE OF s`,
        [mandateId, SUBSCRIPTION_MOVES.cancel.from],
      );
      for (const sub of rows) await move(tx, actor, sub, 'cancel', { cause: 'mandate_cancelled' });
      // Also catches a payment the scheme clock created for one of them while this cancel waited.
      await deps.payments().cancelPendingOf(tx, actor, { mandate: mandateId });
    },

    /**
     * The scheme clock's `create_payment`: creates the next charge and plans the one after. The k-th
     * charge is the k-th payment ever created for the subscription, so a rerun cannot skip or repeat
     * one. A charge date the clock reached too late for is moved to the earliest possible date.
     */
    async applyScheduled(tx: Queryable, item: ScheduledTransition): Promise<void> {
      if (item.transition !== CREATE_PAYMENT) return;
      const { rows } = await tx.query<SubscriptionRow>(`${SELECT_SUBSCRIPTIONS} WHERE s.id = $1 FOR UPDATE OF s`, [
        item.resource_id,
      ]);
      const sub = rows[0];
      if (!sub || sub.status !== 'active') return;
      const clock: Actor = { organisationId: sub.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
      const { rows: mandates } = await tx.query<MandateRow>('SELECT * FROM mandates WHERE id = $1', [sub.mandate_id]);
      const mandate = mandates[0]!;
      if (!COLLECTABLE.includes(mandate.status) || mandate.new_mandate_id) {
        // The mandate failed or expired (a cancelled one already ended its subscriptions).
        await cancelInTx(tx, clock, sub, {
          cause: mandate.new_mandate_id ? 'mandate_replaced' : `mandate_${mandate.status}`,
        });
        return;
      }
      const { rows: counted } = await tx.query<{ created: number }>(
        'SELECT count(*)::int AS created FROM payments WHERE subscription_id = $1',
        [sub.id],
      );
      const k = counted[0]!.created;
      const planned = chargeDateAt(chargeRuleOf(sub), k);
      if (planned === null) {
        if (canMove(SUBSCRIPTION_MACHINE, sub.status, 'finish')) await move(tx, clock, sub, 'finish');
        return;
      }
      const earliest = nextPossibleChargeDate(sub.scheme as Scheme, {
        now: ctx.clock.now(),
        mandateActive: mandate.status === 'active',
      });
      await createPayment(tx, clock, sub, mandate, planned < earliest ? earliest : planned);
      await planCharge(tx, clock, sub, k + 1);
    },
  };
}

/** A refused first payment, reported on the billing request's subscription_request fields. */
function asRequestIssue(error: unknown): unknown {
  if (!isDomainError(error) || error.reason !== 'validation_failed') return error;
  return validationFailed(
    (error.options.fields ?? []).map((issue) => ({
      ...issue,
      field: `subscription_request.${PAYMENT_FIELDS[issue.field] ?? issue.field}`,
    })),
  );
}

/** What a subscription may be charged, named and referenced as (creation and PUT alike). */
function checkChanges(
  s: { amount: number; app_fee: number | null; name: string | null; payment_reference: string | null },
  scheme: Scheme,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const limit = isMinorUnits(s.amount) && s.amount > 0 ? checkPaymentAmount(scheme, s.amount) : 'too_small';
  if (limit) issues.push({ field: 'amount', code: limit === 'too_small' ? 'amount_too_small' : 'amount_too_large' });
  if (s.app_fee !== null && s.app_fee > s.amount)
    issues.push({ field: 'app_fee', code: 'too_large', params: { max: s.amount } });
  if (s.name && s.name.length > SUBSCRIPTION_NAME_MAX)
    issues.push({ field: 'name', code: 'too_long', params: { max: SUBSCRIPTION_NAME_MAX } });
  if (s.payment_reference && !validatePaymentReference(scheme, s.payment_reference))
    issues.push({ field: 'payment_reference', code: 'invalid_format' });
  return issues;
}

/** The billing request's subscription_request against the mandate it is fulfilled on. */
function checkRequest(r: SubscriptionRequest, scheme: Scheme, earliest: string): FieldIssue[] {
  const issues = checkChanges(
    {
      amount: r.amount,
      app_fee: r.app_fee ?? null,
      name: r.name ?? null,
      payment_reference: r.payment_reference ?? null,
    },
    scheme,
  );
  const currency = CURRENCY_OF_SCHEME[scheme];
  if (r.currency !== currency) issues.push({ field: 'currency', code: 'currency_mismatch', params: { currency } });
  if (!Number.isInteger(r.interval) || r.interval < 1)
    issues.push({ field: 'interval', code: 'too_small', params: { min: 1 } });
  else if (r.interval > MAX_INTERVAL[r.interval_unit])
    issues.push({ field: 'interval', code: 'too_large', params: { max: MAX_INTERVAL[r.interval_unit] } });
  const day = r.day_of_month;
  if (day !== null && day !== undefined) {
    if (r.interval_unit === 'weekly') issues.push({ field: 'day_of_month', code: 'not_weekly' });
    else if (day !== -1 && !(Number.isInteger(day) && day >= 1 && day <= 28))
      issues.push({ field: 'day_of_month', code: 'invalid_choice', params: { values: '1-28, -1' } });
  }
  if (r.month && r.interval_unit !== 'yearly') issues.push({ field: 'month', code: 'yearly_only' });
  else if (r.month && !(MONTHS as readonly string[]).includes(r.month))
    issues.push({ field: 'month', code: 'invalid_choice', params: { values: MONTHS.join(', ') } });
  if (r.count !== null && r.count !== undefined && !(Number.isInteger(r.count) && r.count >= 1))
    issues.push({ field: 'count', code: 'too_small', params: { min: 1 } });
  if (r.start_date && !isIsoDate(r.start_date)) issues.push({ field: 'start_date', code: 'invalid_date' });
  else if (r.start_date && r.start_date < earliest)
    issues.push({ field: 'start_date', code: 'invalid_charge_date', params: { date: earliest } });
  return issues;
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

import type { Queryable } from '../../db/db';
import { recordEvent } from '../events/queries';
import { findMandateById } from '../mandates/queries';
import { COLLECTABLE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import { countPaymentsOfSubscription } from '../payments/queries';
import type { PaymentService } from '../payments/service';
import type { PaymentRow } from '../payments/types';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { Metadata } from '../shared/metadata';
import { schedule, type ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { findSubscriptionById } from './queries';
import { chargeCreationAt, chargeDateAt, chargeRuleOf } from './schedule';
import { SUBSCRIPTION_MACHINE, type SubscriptionMove } from './state';
import type { SubscriptionPause, SubscriptionRow } from './types';

/** The scheme clock's creation of a subscription's next charge: its plan, not a state move. */
const CREATE_PAYMENT = 'create_payment';
/** The scheme clock's end of a pause made for `pause_cycles`. */
export const RESUME = 'resume';

/**
 * A subscription's charges: each payment created on its turn (the first at creation, the others by
 * the scheme clock), the next one booked, and the end of the subscription when none is left.
 */
export function createSubscriptionCharges(ctx: DomainContext, deps: { payments: () => PaymentService }) {
  /** Applies a move through the one state runner (event, unscheduling and refusal included). */
  const move = (
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    name: SubscriptionMove,
    extra: { metadata?: Metadata; cause?: string; pauses?: readonly SubscriptionPause[] } = {},
  ) => {
    const { pauses, ...rest } = extra;
    return applyMove(tx, ctx, SUBSCRIPTION_MACHINE, sub, name, {
      actor,
      ...rest,
      ...(pauses ? { set: { pauses: JSON.stringify(pauses) } } : {}),
    });
  };

  /** Ends a subscription: no more payments, the pending ones cancelled. */
  async function cancel(
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    extra: { metadata?: Metadata; cause?: string },
  ) {
    const cancelled = await move(tx, actor, sub, 'cancel', extra);
    await deps.payments().cancelPendingOf(tx, actor, { subscription: sub.id });
    return cancelled;
  }

  /** The subscription's payment charged on `chargeDate` (event `payment_created`). */
  async function createPayment(
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    mandate: MandateRow,
    chargeDate: string,
  ): Promise<PaymentRow> {
    const payment = await deps.payments().createForMandate(tx, actor, mandate, {
      amount: sub.amount,
      currency: sub.currency,
      chargeDate,
      description: sub.name,
      reference: sub.payment_reference,
      appFee: sub.app_fee,
      retryIfPossible: sub.retry_if_possible,
      subscriptionId: sub.id,
    });
    await recordSubscriptionEvent(tx, ctx, actor, sub, 'payment_created', 'payment_created', { payment: payment.id });
    return payment;
  }

  /** After charge `k - 1` was created: book the creation of charge `k`, or finish when there is none. */
  async function planCharge(tx: Queryable, actor: Actor, sub: SubscriptionRow, k: number): Promise<SubscriptionRow> {
    const chargeDate = chargeDateAt(chargeRuleOf(sub), k);
    if (chargeDate === null)
      return canMove(SUBSCRIPTION_MACHINE, sub.status, 'finish') ? move(tx, actor, sub, 'finish') : sub;
    await schedule(tx, ctx, {
      organisationId: sub.organisation_id,
      resourceType: SUBSCRIPTION_MACHINE.resourceType,
      resourceId: sub.id,
      transition: CREATE_PAYMENT,
      dueAt: chargeCreationAt(chargeDate, ctx.clock.now()),
    });
    return sub;
  }

  /** The clock's end of a pause made for `pause_cycles`: resumed (event `resumed`), then charged on. */
  async function resumeAfterCycles(tx: Queryable, item: ScheduledTransition): Promise<void> {
    const stored = await findSubscriptionById(tx, item.resource_id, { lock: true });
    const last = stored?.pauses.at(-1);
    if (!stored || stored.status !== 'paused' || !last || last.cycles === null) return;
    const clock: Actor = { organisationId: stored.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
    const mandate = (await findMandateById(tx, stored.mandate_id))!;
    const resumed = await move(tx, clock, { ...stored, scheme: mandate.scheme }, 'resume');
    await planCharge(tx, clock, resumed, await countPaymentsOfSubscription(tx, stored.id));
  }

  /**
   * The scheme clock's `create_payment`: creates the next charge and plans the one after. The k-th
   * charge is the k-th payment ever created for the subscription, so a rerun cannot skip or repeat
   * one. A charge date the clock reached too late for is moved to the earliest possible date.
   */
  async function applyScheduled(tx: Queryable, item: ScheduledTransition): Promise<void> {
    if (item.transition === RESUME) return resumeAfterCycles(tx, item);
    if (item.transition !== CREATE_PAYMENT) return;
    const stored = await findSubscriptionById(tx, item.resource_id, { lock: true });
    if (!stored || stored.status !== 'active') return;
    const clock: Actor = { organisationId: stored.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
    const mandate = (await findMandateById(tx, stored.mandate_id))!;
    const sub: SubscriptionRow = { ...stored, scheme: mandate.scheme };
    if (!COLLECTABLE.includes(mandate.status) || mandate.new_mandate_id) {
      // The mandate failed or expired (a cancelled one already ended its subscriptions).
      await cancel(tx, clock, sub, {
        cause: mandate.new_mandate_id ? 'mandate_replaced' : `mandate_${mandate.status}`,
      });
      return;
    }
    const k = await countPaymentsOfSubscription(tx, sub.id);
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
  }

  return { move, cancel, createPayment, planCharge, applyScheduled };
}

/** A subscription's event of its own (created, amended, payment_created); moves write theirs through the runner. */
export function recordSubscriptionEvent(
  tx: Queryable,
  ctx: DomainContext,
  actor: Actor,
  sub: SubscriptionRow,
  action: string,
  cause: string,
  extra: { payment?: string; metadata?: Metadata } = {},
) {
  return recordEvent(tx, ctx, {
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

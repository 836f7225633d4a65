import type { Queryable } from '../../db/db';
import { findMandateById } from '../mandates/queries';
import { countPaymentsOfSubscription } from '../payments/queries';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import type { Metadata } from '../shared/metadata';
import { unschedule } from '../shared/schedule';
import { recordSubscriptionEvent, type createSubscriptionCharges } from './charges';
import { setSubscriptionPauses } from './queries';
import { chargeRuleOf, cycleOfCharge, cyclesUntil } from './schedule';
import type { SubscriptionRow } from './types';

/**
 * Public API pause and resume. A pause stops payment creation (those already created stay, the
 * merchant may cancel them); `pause_cycles` skips that many charge cycles and the scheme clock
 * resumes the subscription by itself; without it the pause lasts until resumed, and the next
 * payment is then charged on the first cycle date the mandate can still be charged on.
 */
export function createSubscriptionPauses(ctx: DomainContext, charges: ReturnType<typeof createSubscriptionCharges>) {
  /** Public API refusals, in its order: ended, not active, not pausable, mandate awaiting approval. */
  async function checkPausable(tx: Queryable, sub: SubscriptionRow, pauseCycles: number | null) {
    if (sub.status === 'finished') throw new DomainError('subscription_already_ended');
    const open = sub.pauses.at(-1);
    if (sub.status === 'paused') {
      if (pauseCycles !== null) throw new DomainError('subscription_paused_cannot_update_cycles');
      if (!open || open.cycles === null) throw new DomainError('subscription_not_active');
      return;
    }
    if (sub.status !== 'active') throw new DomainError('subscription_not_active');
    // Public API: only subscriptions ended by count, or endless, can be paused.
    if (sub.end_date) throw new DomainError('subscription_cannot_be_paused');
    const mandate = await findMandateById(tx, sub.mandate_id);
    if (mandate?.status === 'pending_customer_approval') throw new DomainError('mandate_payments_require_approval');
  }

  async function pause(
    tx: Queryable,
    actor: Actor,
    sub: SubscriptionRow,
    input: { pauseCycles?: number | null; metadata?: Metadata },
  ): Promise<SubscriptionRow> {
    const pauseCycles = input.pauseCycles ?? null;
    await checkPausable(tx, sub, pauseCycles);
    if (sub.status === 'paused') {
      // Paused for cycles, now until resumed: the cycles it skips are counted when it resumes.
      const open = sub.pauses.at(-1)!;
      const pauses = [...sub.pauses.slice(0, -1), { from_charge: open.from_charge, cycles: null }];
      await unschedule(tx, sub.id);
      const updated = { ...(await setSubscriptionPauses(tx, sub.id, pauses, ctx.clock.now())), scheme: sub.scheme };
      await recordSubscriptionEvent(tx, ctx, actor, updated, 'paused', 'subscription_paused', {
        metadata: input.metadata,
      });
      return updated;
    }
    // No payment is created while paused, so the next charge stays the one after those created.
    const next = await countPaymentsOfSubscription(tx, sub.id);
    const pauses = [...sub.pauses, { from_charge: next, cycles: pauseCycles }];
    // With `pause_cycles`, the machine books its resume.
    return charges.move(tx, actor, sub, 'pause', { metadata: input.metadata, pauses });
  }

  async function resume(tx: Queryable, actor: Actor, sub: SubscriptionRow, metadata?: Metadata) {
    const open = sub.pauses.at(-1);
    if (sub.status !== 'paused' || !open) throw new DomainError('subscription_not_paused');
    const mandate = (await findMandateById(tx, sub.mandate_id))!;
    const earliest = nextPossibleChargeDate(sub.scheme as Scheme, {
      now: ctx.clock.now(),
      mandateActive: mandate.status === 'active',
    });
    const before = sub.pauses.slice(0, -1);
    const rule = chargeRuleOf({ ...sub, pauses: before });
    const cycles = cyclesUntil(rule, cycleOfCharge(rule, open.from_charge), earliest);
    const pauses = [...before, { from_charge: open.from_charge, cycles }];
    const resumed = await charges.move(tx, actor, sub, 'resume', { metadata, pauses });
    return charges.planCharge(tx, actor, resumed, open.from_charge);
  }

  return { pause, resume };
}

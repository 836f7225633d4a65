import type { Queryable } from '../../db/db';
import type { EventDetails } from '../events/types';
import { addAmountRefunded, findPaymentById } from '../payments/queries';
import { afterWorkingDays, mandateSubmissionAt } from '../schemes/timing';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { schedule, type ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { findRefundById } from './queries';
import { GIVES_BACK, REFUND_MACHINE, REFUND_MOVES, type RefundMove } from './state';
import type { RefundRow } from './types';

/** The calendar a refund is timed on: its payment's scheme (credit transfers on the SEPA one). */
const calendarScheme = (scheme: string): Scheme => (scheme.startsWith('sepa_') ? 'sepa_core' : (scheme as Scheme));

/** Books a refund's next move for the scheme clock: instant in the sandbox, the scheme's days in live. */
export async function scheduleRefundMove(
  tx: Queryable,
  ctx: DomainContext,
  refund: RefundRow,
  scheme: string,
  move: 'submit' | 'pay',
) {
  const now = ctx.clock.now();
  const calendar = calendarScheme(scheme);
  const dueAt =
    move === 'submit'
      ? mandateSubmissionAt(calendar, now, ctx.environment)
      : afterWorkingDays(calendar, now, 1, ctx.environment);
  await schedule(tx, ctx, {
    organisationId: refund.organisation_id,
    resourceType: 'refunds',
    resourceId: refund.id,
    transition: move,
    dueAt,
  });
}

/**
 * A move of the payer's bank on a refund, shared by the scheme clock and the simulators. A refund
 * that bounces or whose funds come back gives its amount back to the payment (it may be refunded
 * again), under the payment's row lock, in the same transaction as the move and its money.
 */
export async function bankRefundMove(
  tx: Queryable,
  ctx: DomainContext,
  refund: RefundRow,
  name: RefundMove,
  options: { scheduleNext?: boolean; details?: EventDetails } = {},
): Promise<RefundRow> {
  const bank: Actor = { organisationId: refund.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
  const payment = await findPaymentById(tx, refund.payment_id, { lock: true });
  const moved = await applyMove(tx, ctx, REFUND_MACHINE, refund, name, { actor: bank, details: options.details });
  if (GIVES_BACK.includes(name)) await addAmountRefunded(tx, refund.payment_id, -refund.amount, ctx.clock.now());
  if (options.scheduleNext && name === 'submit' && payment)
    await scheduleRefundMove(tx, ctx, moved, payment.scheme, 'pay');
  return moved;
}

/** The scheme clock's moves for refunds, in the clock's transaction; a move no longer possible is dropped. */
export async function applyScheduledRefundMove(
  tx: Queryable,
  ctx: DomainContext,
  item: ScheduledTransition,
): Promise<void> {
  const refund = await findRefundById(tx, item.resource_id, { lock: true });
  const name = item.transition as RefundMove;
  if (!refund || !(name in REFUND_MOVES) || !canMove(REFUND_MACHINE, refund.status, name)) return;
  await bankRefundMove(tx, ctx, refund, name, { scheduleNext: true });
}

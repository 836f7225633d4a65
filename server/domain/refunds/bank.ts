import type { Queryable } from '../../db/db';
import { bankKindFor, REFUND_SCHEMES, type FileBankScheme } from '../bank-submissions/connections';
import type { EventDetails } from '../events/types';
import { addAmountRefunded, findPaymentById } from '../payments/queries';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { findRefundById } from './queries';
import { GIVES_BACK, REFUND_MACHINE, REFUND_MOVES, type RefundMove } from './state';
import type { RefundRow } from './types';

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
  options: { followUps?: boolean; details?: EventDetails } = {},
): Promise<RefundRow> {
  const bank: Actor = { organisationId: refund.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
  const payment = await findPaymentById(tx, refund.payment_id, { lock: true });
  const moved = await applyMove(tx, ctx, REFUND_MACHINE, { ...refund, paymentScheme: payment?.scheme }, name, {
    actor: bank,
    details: options.details,
    followUps: options.followUps === true,
  });
  if (GIVES_BACK.includes(name)) await addAmountRefunded(tx, refund.payment_id, -refund.amount, ctx.clock.now());
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
  // With the file bank a refund goes in the cut-off's file (bank-submissions/run.ts, decisions 0091
  // and 0096), not this move.
  if (name === 'submit' && refund.mandate_id) {
    const payment = await findPaymentById(tx, refund.payment_id);
    const inFile = payment && REFUND_SCHEMES.includes(payment.scheme as FileBankScheme);
    if (inFile && (await bankKindFor(tx, ctx.environment, refund.creditor_id, payment.scheme)) === 'file') return;
  }
  await bankRefundMove(tx, ctx, refund, name, { followUps: true });
}

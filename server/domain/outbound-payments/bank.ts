import type { Queryable } from '../../db/db';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { findOutboundPaymentById } from './queries';
import { OUTBOUND_PAYMENT_MACHINE, OUTBOUND_PAYMENT_MOVES, type OutboundPaymentMove } from './state';

const bank = (organisationId: string): Actor => ({ organisationId, origin: 'bank', source: { type: 'gc_team' } });

/**
 * The scheme clock's moves of outbound payments, in the clock's transaction: `execute` on the
 * execution date, then the recipient bank's answer (the machine's follow-ups). A move no longer
 * possible (the payment was cancelled meanwhile) is dropped.
 */
export async function applyScheduledOutboundMove(
  tx: Queryable,
  ctx: DomainContext,
  item: ScheduledTransition,
): Promise<void> {
  const row = await findOutboundPaymentById(tx, item.resource_id, { lock: true });
  const name = item.transition as OutboundPaymentMove;
  if (!row || !(name in OUTBOUND_PAYMENT_MOVES) || !canMove(OUTBOUND_PAYMENT_MACHINE, row.status, name)) return;
  await applyMove(tx, ctx, OUTBOUND_PAYMENT_MACHINE, row, name, {
    actor: bank(row.organisation_id),
    ...(name === 'fail' ? { cause: 'recipient_bank_rejected' } : {}),
  });
}

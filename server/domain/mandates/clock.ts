import type { Queryable } from '../../db/db';
import { bankKindFor } from '../bank-submissions/connections';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { findMandateById } from './queries';
import { MANDATE_MACHINE, MANDATE_MOVES, type MandateMove } from './state';

/**
 * The scheme clock's moves for mandates, in the clock's transaction. A move no longer possible
 * (cancelled since) is dropped; what follows (the activation, the reinstatement) the machine books.
 */
export async function applyScheduledMandateMove(
  tx: Queryable,
  ctx: DomainContext,
  item: ScheduledTransition,
): Promise<void> {
  const mandate = await findMandateById(tx, item.resource_id, { lock: true });
  const name = item.transition as MandateMove;
  if (!mandate || !(name in MANDATE_MOVES) || !canMove(MANDATE_MACHINE, mandate.status, name)) return;
  // With the file bank a Bacs mandate is lodged by the cut-off's file (AUDDIS 0N), not by this move.
  const kind =
    name === 'submit' ? await bankKindFor(tx, ctx.environment, mandate.creditor_id, mandate.scheme) : 'simulated';
  if (kind === 'file') return;
  const bank: Actor = { organisationId: mandate.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
  await applyMove(tx, ctx, MANDATE_MACHINE, { ...mandate, bank: kind }, name, { actor: bank });
}

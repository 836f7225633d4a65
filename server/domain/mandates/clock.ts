import type { Queryable } from '../../db/db';
import { afterWorkingDays } from '../schemes/timing';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { schedule, type ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove } from '../shared/state-machine';
import { findMandateById } from './queries';
import { ACTIVATION, ACTIVATION_WORKING_DAYS, MANDATE_MACHINE, MANDATE_MOVES, type MandateMove } from './state';
import type { MandateRow } from './types';

/** Books a mandate's move for the scheme clock (submission, activation, reinstatement). */
export const scheduleMandateMove = (
  tx: Queryable,
  ctx: DomainContext,
  mandate: MandateRow,
  move: MandateMove,
  dueAt: Date,
) =>
  schedule(tx, ctx, {
    organisationId: mandate.organisation_id,
    resourceType: 'mandates',
    resourceId: mandate.id,
    transition: move,
    dueAt,
  });

/**
 * The scheme clock's moves for mandates, in the clock's transaction. A move no longer possible
 * (cancelled since) is dropped; a submission books the activation, a resubmission the reinstatement.
 */
export async function applyScheduledMandateMove(
  tx: Queryable,
  ctx: DomainContext,
  item: ScheduledTransition,
): Promise<void> {
  const mandate = await findMandateById(tx, item.resource_id, { lock: true });
  const name = item.transition as MandateMove;
  if (!mandate || !(name in MANDATE_MOVES) || !canMove(MANDATE_MACHINE, mandate.status, name)) return;
  const bank: Actor = { organisationId: mandate.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
  const updated = await applyMove(tx, ctx, MANDATE_MACHINE, mandate, name, { actor: bank });
  const scheme = mandate.scheme as Scheme;
  const days = ACTIVATION_WORKING_DAYS[scheme] ?? 0;
  if (name === 'submit' && ACTIVATION[scheme] === 'separately') {
    const at = afterWorkingDays(scheme, ctx.clock.now(), days, ctx.environment);
    await scheduleMandateMove(tx, ctx, updated, 'activate', at);
  }
  if (name === 'resubmit') {
    // Spec: reinstated (or failed) up to two working days after resubmission.
    const at = afterWorkingDays(scheme, ctx.clock.now(), 2, ctx.environment);
    await scheduleMandateMove(tx, ctx, updated, 'reinstated', at);
  }
}

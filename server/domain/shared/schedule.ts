import type { Queryable } from '../../db/db';
import type { EventResourceType } from '../events/types';
import type { Clock } from './clock';
import type { IdGenerator } from './ids';

/**
 * The scheme clock's agenda: a state move of one resource, due at a time. Rows are written in the
 * transaction that makes them due (so a move is never scheduled for a change that rolled back)
 * and taken by the scheme-clock job (server/jobs/scheme-clock.ts).
 */
export interface ScheduledTransition {
  id: string;
  organisation_id: string;
  resource_type: EventResourceType;
  resource_id: string;
  transition: string;
  due_at: Date;
  attempts: number;
}

export async function schedule(
  tx: Queryable,
  ctx: { clock: Clock; ids: IdGenerator },
  move: {
    organisationId: string;
    resourceType: ScheduledTransition['resource_type'];
    resourceId: string;
    transition: string;
    dueAt: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO scheduled_transitions (id, organisation_id, resource_type, resource_id, transition, due_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      ctx.ids('scheduledTransition'),
      move.organisationId,
      move.resourceType,
      move.resourceId,
      move.transition,
      move.dueAt,
      ctx.clock.now(),
    ],
  );
}

/** Drops what was scheduled for a resource (it was cancelled, or moved another way). */
export async function unschedule(tx: Queryable, resourceId: string): Promise<void> {
  await tx.query('DELETE FROM scheduled_transitions WHERE resource_id = $1', [resourceId]);
}

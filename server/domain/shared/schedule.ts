import type { Queryable } from '../../db/db';
import type { EventResourceType } from '../events/types';
import type { Clock } from './clock';
import type { IdGenerator } from './ids';
import { col, defineTable } from './table';

/** The only file that names `scheduled_transitions` in SQL. */
export const scheduledTransitionsTable = defineTable('scheduled_transitions', {
  id: col.text(),
  organisation_id: col.text(),
  resource_type: col.text(),
  resource_id: col.text(),
  transition: col.text(),
  due_at: col.timestamptz(),
  attempts: col.integer(),
  last_error: col.text().nullable(),
  created_at: col.timestamptz(),
});

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

/**
 * A service's share of the scheme clock: the machine whose booked moves it applies, and how. The
 * clock's handlers are every service's `clockWork`, keyed by that machine's resource type (the type
 * its bookings carry, server/jobs/scheme-clock.ts).
 */
export interface ClockWork {
  readonly machine: { readonly resourceType: EventResourceType };
  readonly apply: (tx: Queryable, item: ScheduledTransition) => Promise<void>;
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

/** When the oldest move that is due but not yet applied fell due (null: none), for /metrics. */
export async function oldestDueTransition(db: Queryable, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ due_at: Date | null }>(
    'SELECT min(due_at) AS due_at FROM scheduled_transitions WHERE due_at <= $1',
    [now],
  );
  const due = rows[0]?.due_at;
  return due ? new Date(due) : null;
}

/**
 * Whose moves a scheme clock takes: one organisation's (a sandbox test clock's advance, decision
 * 0079, passing over the moves that already failed in it), or everyone's but the organisations
 * that have a test clock (the background clock: their time is their own).
 */
export type ClockScope =
  { organisationId: string; skipIds?: readonly string[] } | { exceptOrganisations: readonly string[] };

/**
 * Claims up to `limit` due moves, oldest first, locked for the caller's transaction. SKIP LOCKED
 * lets several scheme clock runners share the agenda: a row another runner holds is passed over,
 * so no move is claimed twice while its first claim is open.
 */
export async function claimDueTransitions(
  tx: Queryable,
  now: Date,
  limit: number,
  scope?: ClockScope,
): Promise<ScheduledTransition[]> {
  if (scope && 'organisationId' in scope) {
    const { rows } = await tx.query<ScheduledTransition>(
      `SELECT * FROM scheduled_transitions WHERE organisation_id = $3 AND due_at <= $1 AND NOT (id = ANY($4))
       ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit, scope.organisationId, scope.skipIds ?? []],
    );
    return rows;
  }
  if (scope?.exceptOrganisations.length) {
    const { rows } = await tx.query<ScheduledTransition>(
      `SELECT * FROM scheduled_transitions WHERE due_at <= $1 AND NOT (organisation_id = ANY($3))
       ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit, scope.exceptOrganisations],
    );
    return rows;
  }
  const { rows } = await tx.query<ScheduledTransition>(
    `SELECT * FROM scheduled_transitions WHERE due_at <= $1 ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
  return rows;
}

/** Removes applied moves, all of a batch in one statement. */
export async function deleteTransitions(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('DELETE FROM scheduled_transitions WHERE id = ANY($1)', [ids]);
}

/** A move that failed: counted, its error kept, and due again later. */
export async function recordTransitionFailure(
  tx: Queryable,
  failure: { id: string; attempts: number; error: string; retryAt: Date },
): Promise<void> {
  await tx.query('UPDATE scheduled_transitions SET attempts = $2, last_error = $3, due_at = $4 WHERE id = $1', [
    failure.id,
    failure.attempts,
    failure.error.slice(0, 500),
    failure.retryAt,
  ]);
}

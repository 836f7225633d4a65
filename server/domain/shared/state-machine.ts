import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { recordEvent } from '../events/queries';
import { post, type Posting } from '../ledger/service';
import type { EventDetails, EventResourceType, EventSource, NewEvent } from '../events/types';
import type { Actor } from './actor';
import type { Clock } from './clock';
import type { Environment } from './context';
import { DomainError, type Reason } from './errors';
import type { IdGenerator } from './ids';
import type { Metadata } from './metadata';
import { schedule, unschedule } from './schedule';
import { assertColumns, type ColumnValues, type Table } from './table';

/**
 * The one way a stateful resource changes state. Each resource declares, in its `state.ts`, its
 * statuses and its moves as data (`defineMachine`); `applyMove` applies a move with a conditional
 * `UPDATE … WHERE id = $1 AND status = ANY($from)`, so two concurrent moves cannot both win, writes
 * the move's event in the same transaction, drops what the scheme clock had booked or books the
 * follow-ups the machine declares, and answers a refused move with the move's own reason. Nothing
 * else writes a status column.
 */
export interface Move<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
  /**
   * The event action written (the public API's action names), or null for a move the public API
   * has no event for (a billing request becoming ready to fulfil as its actions complete).
   */
  readonly event: string | null;
  /** `details.cause` of the event unless the caller gives the bank's own details. */
  readonly cause: string;
  /** The reason a move from any other state is refused with (an `invalid_state` reason). */
  readonly refused: Reason;
  /** Asked again once done, answer the row unchanged and write nothing (a retried disable). */
  readonly idempotent?: boolean;
  /** The move ends what the scheme clock had booked for the resource (cancelled, failed…). */
  readonly unschedules?: boolean;
}

/** What a follow-up's time is computed from: now, and whether the schemes' days pass at once (sandbox). */
export interface FollowUpTime {
  now: Date;
  environment: Environment;
}

/**
 * A move the scheme clock applies later, booked in the transaction of what it follows: its name,
 * and when it falls due (null: nothing for this row, a mandate activated with its first payment).
 * It reads the row as the caller moved it, with what the caller read beside it (a payment's
 * mandate being active, a refund's payment scheme).
 */
export interface FollowUp<M extends string, Row> {
  readonly move: M;
  readonly at: (row: Row, time: FollowUpTime) => Date | null;
}

export interface StateMachine<S extends string, M extends string, Row extends { id: string; status: S }> {
  readonly table: Table;
  readonly resourceType: EventResourceType;
  readonly statuses: readonly S[];
  readonly moves: { readonly [K in M]: Move<S> };
  /** Links of the resource's events: the resource itself (`{ mandate: id }`), plus what a move adds. */
  readonly links: (row: Row) => Record<string, string>;
  /** Scheme and metadata the events carry, taken from the moved row. */
  readonly eventContext?: (row: Row) => { scheme?: string; resourceMetadata?: Metadata | null };
  /**
   * The money a move moves (ledger lines from `ledger/postings.ts`), by the status it starts from;
   * undefined for a move that moves none. Posted in the move's transaction, beside its event.
   */
  readonly money?: (row: Row, move: M, from: S) => Posting | undefined;
  /**
   * The scheme clock's follow-ups, as data: after a move, or after `created` (the resource's
   * insert), the moves the clock applies later. Booked by `applyMove` and `bookFollowUps` only.
   */
  readonly followUps?: { readonly [K in M | 'created']?: readonly FollowUp<M, Row>[] };
}

export function defineMachine<S extends string, M extends string, Row extends { id: string; status: S }>(
  machine: StateMachine<S, M, Row>,
): StateMachine<S, M, Row> {
  for (const [name, move] of Object.entries(machine.moves) as [string, Move<S>][]) {
    for (const state of [...move.from, move.to]) {
      if (!machine.statuses.includes(state))
        throw new Error(`${machine.resourceType}.${name}: unknown status ${state}`);
    }
  }
  // A follow-up must be a move the machine has, possible from where the move it follows ends.
  for (const [after, followUps] of Object.entries(machine.followUps ?? {}) as [M | 'created', FollowUp<M, Row>[]][]) {
    for (const { move } of followUps) {
      const next = machine.moves[move];
      const from = after === 'created' ? undefined : machine.moves[after as M]?.to;
      if (!next || (after !== 'created' && (!from || !next.from.includes(from))))
        throw new Error(`${machine.resourceType}.${after}: follow-up ${move} cannot start there`);
    }
  }
  return machine;
}

/** Whether `move` may start from `status`: the pure rule the unit tests walk. */
export function canMove<S extends string, M extends string>(
  machine: StateMachine<S, M, any>,
  status: S,
  move: M,
): boolean {
  return machine.moves[move].from.includes(status);
}

/** What a move from `status` ends in, or the reason it is refused. */
export function nextStatus<S extends string, M extends string>(
  machine: StateMachine<S, M, any>,
  status: S,
  move: M,
): { to: S } | { refused: Reason } {
  const m = machine.moves[move];
  return m.from.includes(status) ? { to: m.to } : { refused: m.refused };
}

export interface MoveOptions<T extends Table> {
  actor: Actor;
  /** Other columns the move sets, by the table's own column names. */
  set?: ColumnValues<T>;
  /** Links the event adds to the resource's own (`new_mandate`, `customer_bank_account`…). */
  links?: Record<string, string>;
  /** Metadata sent with the request, copied onto the event. */
  metadata?: Metadata;
  /** The bank's details (reason code, scheme…) instead of the move's default ones. */
  details?: EventDetails;
  /** A cause other than the move's default (a mandate cancelled because its customer was removed). */
  cause?: string;
  /** The event that caused this one (`links.parent_event`). */
  parentEvent?: string;
  /** False for a sandbox simulator, which walks the bank's moves itself: no follow-up is booked. */
  followUps?: boolean;
}

export interface MoveContext {
  clock: Clock;
  ids: IdGenerator;
  /** What follow-ups are timed by: only machines that declare some need it (webhook deliveries do not). */
  environment?: Environment;
}

/**
 * Applies `moveName` to the row `id` inside `tx`. Throws the move's refusal reason when the row is
 * not in one of the move's starting states (or does not exist: callers load it, with its 404, first).
 */
export async function applyMove<
  S extends string,
  M extends string,
  Row extends { id: string; status: S; organisation_id: string },
>(
  tx: Queryable,
  ctx: MoveContext,
  machine: StateMachine<S, M, Row>,
  current: Row,
  moveName: M,
  options: MoveOptions<Table>,
): Promise<Row> {
  const move = machine.moves[moveName];
  if (move.idempotent && current.status === move.to) return current;
  const set = options.set ?? {};
  assertColumns(machine.table, Object.keys(set));

  const params = new Params();
  const now = ctx.clock.now();
  const sets = [`status = ${params.add(move.to)}`];
  if ((machine.table.columns as readonly string[]).includes('updated_at')) sets.push(`updated_at = ${params.add(now)}`);
  for (const [column, value] of Object.entries(set)) sets.push(`${column} = ${params.add(value)}`);
  // A move that moves money posts what its starting status says, so it must start from the status
  // the caller read (and locked): a row that changed meanwhile refuses the move instead.
  const posting = move.from.includes(current.status) ? machine.money?.(current, moveName, current.status) : undefined;
  const from = posting ? [current.status] : move.from;
  const { rows } = await tx.query<Row>(
    `UPDATE ${machine.table.name} SET ${sets.join(', ')} WHERE id = ${params.add(current.id)} AND status = ANY(${params.add(from)}) RETURNING *`,
    params.values,
  );
  if (!rows[0]) throw new DomainError(move.refused);
  if (posting) await post(tx, ctx, posting);
  // What the caller's row carried beside the table's columns (a joined scheme) stays with it.
  const moved = { ...current, ...rows[0] };

  if (move.event !== null) await recordEvent(tx, ctx, moveEvent(machine, moved, move.event, move, options));
  if (move.unschedules) await unschedule(tx, moved.id);
  if (options.followUps !== false) await bookFollowUps(tx, ctx, machine, moveName, moved);
  return moved;
}

/** What `machine` declares follows `after` for `row`: each move the clock is to apply, and when. */
export function plannedFollowUps<S extends string, M extends string, Row extends { id: string; status: S }>(
  machine: StateMachine<S, M, Row>,
  after: M | 'created',
  row: Row,
  time: FollowUpTime,
): { move: M; dueAt: Date }[] {
  return (machine.followUps?.[after] ?? []).flatMap((followUp) => {
    const dueAt = followUp.at(row, time);
    return dueAt ? [{ move: followUp.move, dueAt }] : [];
  });
}

/**
 * Books for the scheme clock what `machine` declares follows `after` (a move, or `created` once
 * the row is inserted): the one way a resource's later moves are booked.
 */
export async function bookFollowUps<
  S extends string,
  M extends string,
  Row extends { id: string; status: S; organisation_id: string },
>(tx: Queryable, ctx: MoveContext, machine: StateMachine<S, M, Row>, after: M | 'created', row: Row): Promise<void> {
  if (!machine.followUps?.[after]) return;
  if (!ctx.environment) throw new Error(`${machine.resourceType}.${after}: follow-ups are timed by the environment`);
  for (const { move, dueAt } of plannedFollowUps(machine, after, row, {
    now: ctx.clock.now(),
    environment: ctx.environment,
  })) {
    await schedule(tx, ctx, {
      organisationId: row.organisation_id,
      resourceType: machine.resourceType,
      resourceId: row.id,
      transition: move,
      dueAt,
    });
  }
}

function moveEvent<S extends string, M extends string, Row extends { id: string; status: S; organisation_id: string }>(
  machine: StateMachine<S, M, Row>,
  row: Row,
  action: string,
  move: Move<S>,
  options: MoveOptions<Table>,
): NewEvent {
  const context = machine.eventContext?.(row) ?? {};
  const source: EventSource = options.actor.source;
  return {
    organisationId: row.organisation_id,
    resourceType: machine.resourceType,
    action,
    links: { ...machine.links(row), ...options.links },
    details: options.details ?? {
      origin: options.actor.origin,
      cause: options.cause ?? move.cause,
      description: describe(machine.resourceType, action),
      ...(context.scheme ? { scheme: context.scheme } : {}),
    },
    metadata: options.metadata,
    resourceMetadata: context.resourceMetadata,
    source,
    parentEvent: options.parentEvent,
  };
}

/** "Mandate cancelled.", "Instalment schedule completed." — the event's plain description. */
function describe(resourceType: string, action: string): string {
  const noun = resourceType.replace(/s$/, '').replace(/_/g, ' ');
  return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${action.replace(/_/g, ' ')}.`;
}

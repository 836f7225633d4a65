import type { Services } from '../../container';
import type { Queryable } from '../../db/db';
import type { BuiltExportType, ExportRow } from '../../domain/exports/types';
import type { Actor } from '../../domain/shared/actor';
import type { TimeRange } from '../../domain/shared/pagination';

/** What every type's source is given: the services (each resource read through its owner) and the page size. */
export interface SourceContext {
  services: Services;
  now: () => Date;
  /** Source rows per page, so per transaction and per stored part. */
  pageSize: number;
}

/** One page of a type's rows, read by the CSV writer through `columns`' dotted paths. */
export interface RowPage {
  rows: unknown[];
  /** Where the next page starts (opaque to the worker); null only when nothing was read. */
  last: string | null;
  done: boolean;
}

/**
 * How one export type is built: its columns, and a page of rows after a cursor. Pages read a
 * bounded number of rows through a keyset cursor, so the build holds one page, never the set.
 */
export interface TypeSource {
  columns: readonly string[];
  page(db: Queryable, row: ExportRow, after: string | null): Promise<RowPage>;
}

export type SourceTable = Record<BuiltExportType, TypeSource>;

/** The worker acts for the service itself, inside the export's organisation only. */
export const actorOf = (row: ExportRow): Actor => ({
  organisationId: row.organisation_id,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

/** The export's date range: created at or after `from`, before `to`. */
export const rangeOf = (row: ExportRow): TimeRange => ({ gte: row.created_from, lt: row.created_to });

/**
 * A source nested in another: payouts and their items, payment accounts and their transactions.
 * The cursor names the outer row being read and the inner cursor inside it (its own string, which
 * may carry a running total), so a page may end in the middle of an outer row and the next resume
 * there. Outer rows are read one at a time after the last one finished.
 */
export interface Nested<Outer extends { id: string }> {
  /** The outer row after `after` (its own order), or undefined when none is left. */
  next(db: Queryable, row: ExportRow, after: string | null): Promise<Outer | undefined>;
  /** The outer row a cursor names (the page before ended inside it). */
  find(db: Queryable, row: ExportRow, id: string): Promise<Outer>;
  /** Up to `limit` rows of `outer` after `cursor`; `next` null when the outer row is finished. */
  inner(
    db: Queryable,
    row: ExportRow,
    outer: Outer,
    cursor: string | null,
    limit: number,
  ): Promise<{ rows: unknown[]; next: string | null }>;
}

interface NestedCursor {
  /** The outer row being read (open) or the last one finished (not open). */
  outer: string | null;
  inner: string | null;
  open: boolean;
}

export async function nestedPage<Outer extends { id: string }>(
  spec: Nested<Outer>,
  db: Queryable,
  row: ExportRow,
  after: string | null,
  pageSize: number,
): Promise<RowPage> {
  let state: NestedCursor = after ? JSON.parse(after) : { outer: null, inner: null, open: false };
  const rows: unknown[] = [];
  // Bounded too when many outer rows have nothing inside: the next page goes on from there.
  for (let visited = 0; rows.length < pageSize && visited < pageSize; visited++) {
    let outer: Outer | undefined;
    if (state.open) outer = await spec.find(db, row, state.outer!);
    else {
      outer = await spec.next(db, row, state.outer);
      if (!outer) return { rows, last: JSON.stringify(state), done: true };
      state = { outer: outer.id, inner: null, open: true };
    }
    const got = await spec.inner(db, row, outer, state.inner, pageSize - rows.length);
    rows.push(...got.rows);
    state = got.next === null ? { outer: outer.id, inner: null, open: false } : { ...state, inner: got.next };
  }
  return { rows, last: JSON.stringify(state), done: false };
}

/**
 * Each distinct id of a page loaded once (a page names few resources, often the same one many
 * times); an id the organisation does not hold (or no longer shows) maps to undefined.
 */
export async function loadEach<T>(
  ids: readonly (string | null | undefined)[],
  load: (id: string) => Promise<T>,
): Promise<Map<string, T | undefined>> {
  const found = new Map<string, T | undefined>();
  for (const id of ids) {
    if (!id || found.has(id)) continue;
    try {
      found.set(id, await load(id));
    } catch (error) {
      if ((error as { reason?: string }).reason !== 'resource_not_found') throw error;
      found.set(id, undefined);
    }
  }
  return found;
}

import { serializeCustomer } from '../api/wire/customers';
import { serializeEvent } from '../api/wire/events';
import { csvHeader, csvRow } from '../api/wire/export-csv';
import { serializePayment } from '../api/wire/payments';
import { serializePayout } from '../api/wire/payouts';
import { serializeRefund } from '../api/wire/refunds';
import { serializeSubscription } from '../api/wire/subscriptions';
import type { Services } from '../container';
import type { Database, Queryable } from '../db/db';
import type { ExportPage, ExportSource } from '../domain/exports/service';
import type { BuiltExportType, ExportRow } from '../domain/exports/types';
import type { Actor } from '../domain/shared/actor';
import type { Page, PageRequest, TimeRange } from '../domain/shared/pagination';
import type { Logger } from '../logger';
import { createJobLease } from './job-lease';
import { pollingLoop } from './polling-loop';

/** Source rows per page, so per transaction and per stored part. */
export const EXPORT_PAGE_SIZE = 500;

type Lister = (db: Queryable, actor: Actor, range: TimeRange, page: PageRequest) => Promise<Page<any>>;

/**
 * The rows of each export type, through the resource's own list (its cursor on its
 * `(organisation_id, id)` index, newest first) and its own wire serializer, so a CSV row says what
 * the API says. Exports are of one currency: rows of another are left out.
 */
function sources(services: Services, now: () => Date, pageSize: number) {
  const listers: Record<BuiltExportType, { list: Lister; wire: (row: any) => unknown; currency?: boolean }> = {
    payments_index: {
      list: (db, actor, createdAt, page) => services.payments.list(db, actor, { createdAt }, page),
      wire: serializePayment,
      currency: true,
    },
    refunds_index: {
      list: (db, actor, createdAt, page) => services.refunds.list(db, actor, { createdAt }, page),
      wire: serializeRefund,
      currency: true,
    },
    payouts_index: {
      list: (db, actor, createdAt, page) => services.payouts.list(db, actor, { createdAt }, page),
      wire: serializePayout,
      currency: true,
    },
    customers_index: {
      list: (db, actor, createdAt, page) => services.customers.list(db, actor, { createdAt }, page),
      wire: serializeCustomer,
    },
    subscriptions_index: {
      list: (db, actor, createdAt, page) => services.subscriptions.list(db, actor, { createdAt }, page),
      wire: (row) => serializeSubscription(row, now()),
      currency: true,
    },
    events_index: {
      list: (db, actor, createdAt, page) => services.events.list(db, actor, { createdAt }, page),
      wire: serializeEvent,
    },
  };

  return {
    header: (row: ExportRow) => csvHeader(row.export_type),
    async page(db: Queryable, row: ExportRow, after: string | null): Promise<ExportPage> {
      const source = listers[row.export_type];
      const actor: Actor = { organisationId: row.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
      const range: TimeRange = { gte: row.created_from, lt: row.created_to };
      const page = await source.list(db, actor, range, { after: after ?? undefined, limit: pageSize });
      const kept = source.currency ? page.items.filter((item) => item.currency === row.currency) : page.items;
      return {
        csv: kept.map((item) => csvRow(row.export_type, source.wire(item))).join(''),
        last: page.items.at(-1)?.id ?? null,
        done: page.cursors.after === null,
      };
    },
  } satisfies ExportSource;
}

/**
 * Builds exports in the background (decision 0037): one page per short transaction, the export
 * row locked FOR UPDATE SKIP LOCKED so several workers never write one page twice and a crash
 * resumes after the last page written. A step that throws fails the export (`failed` event).
 */
export function createExportWorker(options: {
  db: Database;
  logger: Logger;
  services: Services;
  /** Source rows per page (tests use a small one to build many pages). */
  pageSize?: number;
}) {
  const { db, logger, services } = options;
  const source = sources(services, () => services.clock.now(), options.pageSize ?? EXPORT_PAGE_SIZE);

  /** Builds until no export waits (or `maxSteps`); returns the steps taken. */
  async function runDue(maxSteps = 10_000): Promise<number> {
    let steps = 0;
    while (steps < maxSteps) {
      let claimed: string | undefined;
      try {
        const moved = await db.transaction((tx) => services.exports.buildStep(tx, source, (row) => (claimed = row.id)));
        if (!moved) return steps;
      } catch (error) {
        if (!claimed) throw error;
        logger.error('export failed', { export: claimed, error: String(error) });
        await db.transaction((tx) => services.exports.fail(tx, claimed!, 'The export could not be built.'));
      }
      steps += 1;
    }
    return steps;
  }

  const loop = pollingLoop('export building', runDue, logger, createJobLease(db, 'export_building'));
  return { runDue, start: loop.start, stop: loop.stop };
}

export type ExportWorker = ReturnType<typeof createExportWorker>;

import { csvLine, csvRowAt } from '../domain/shared/csv';
import type { Services } from '../container';
import type { Database, Queryable } from '../db/db';
import type { ExportPage, ExportSource } from '../domain/exports/service';
import type { ExportRow } from '../domain/exports/types';
import type { Logger } from '../logger';
import { exportSources } from './export-sources';
import { createJobLease } from './job-lease';
import { pollingLoop } from './polling-loop';

/** Source rows per page, so per transaction and per stored part. */
export const EXPORT_PAGE_SIZE = 500;

/** Each type's pages written as CSV: the header once, then each page's rows by the type's columns. */
function csvSource(services: Services, now: () => Date, pageSize: number): ExportSource {
  const sources = exportSources({ services, now, pageSize });
  return {
    header: (row: ExportRow) => csvLine(sources[row.export_type].columns),
    async page(db: Queryable, row: ExportRow, after: string | null): Promise<ExportPage> {
      const source = sources[row.export_type];
      const page = await source.page(db, row, after);
      return {
        csv: page.rows.map((record) => csvRowAt(source.columns, record)).join(''),
        last: page.last,
        done: page.done,
      };
    },
  };
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
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  // One source per set of services: the main ones, or a sandbox organisation's on its test clock.
  const sources = new WeakMap<Services, ExportSource>();
  const sourceOf = (own: Services) => {
    let source = sources.get(own);
    if (!source) sources.set(own, (source = csvSource(own, () => own.clock.now(), pageSize)));
    return source;
  };
  /** The export's organisation's services: on its test clock if it has one (decision 0094), read in `tx`. */
  const servicesOf = async (tx: Queryable, organisationId: string) =>
    (await services.sandboxClocks.servicesFor(tx, organisationId)) ?? services;

  /** Builds until no export waits (or `maxSteps`); returns the steps taken. */
  async function runDue(maxSteps = 10_000): Promise<number> {
    let steps = 0;
    while (steps < maxSteps) {
      let claimed: ExportRow | undefined;
      try {
        const moved = await db.transaction(async (tx) => {
          claimed = await services.exports.claimNext(tx);
          if (!claimed) return undefined;
          const own = await servicesOf(tx, claimed.organisation_id);
          return own.exports.buildClaimed(tx, claimed, sourceOf(own));
        });
        if (!moved) return steps;
      } catch (error) {
        if (!claimed) throw error;
        const failed = claimed;
        logger.error('export failed', { export: failed.id, error: String(error) });
        await db.transaction(async (tx) =>
          (await servicesOf(tx, failed.organisation_id)).exports.fail(tx, failed.id, 'The export could not be built.'),
        );
      }
      steps += 1;
    }
    return steps;
  }

  const loop = pollingLoop('export building', runDue, logger, createJobLease(db, 'export_building'));
  return { runDue, start: loop.start, stop: loop.stop };
}

export type ExportWorker = ReturnType<typeof createExportWorker>;

import type { Database } from '../db/db';
import type { MandateImportService } from '../domain/mandate-imports/service';
import type { Logger } from '../logger';
import { createJobLease } from './job-lease';
import { pollingLoop } from './polling-loop';

export interface MandateImportWorkerOptions {
  db: Database;
  logger: Logger;
  mandateImports: MandateImportService;
  /** Entries per transaction (each still in its own savepoint). */
  batchSize?: number;
  /** Batches in flight at once per process (Postgres; PGlite runs one statement at a time anyway). */
  concurrency?: number;
  /** The service on a sandbox organisation's test clock, if it has one (decision 0079): its entries are processed on its time. */
  importsOf?: (organisationId: string) => Promise<MandateImportService | undefined>;
}

/**
 * Processes mandate imports the scheme clock moved to `processing`: batch after batch, each in its
 * own short transaction (entries are locked `FOR UPDATE SKIP LOCKED`, so several workers or
 * processes share an import without taking an entry twice), until the import is processed. A
 * failed batch is rolled back whole and taken again on the next round.
 */
export function createMandateImportWorker(options: MandateImportWorkerOptions) {
  const { db, logger, mandateImports } = options;
  const batchSize = options.batchSize ?? 100;
  const concurrency = Math.max(1, options.concurrency ?? (db.kind === 'postgres' ? 4 : 1));

  async function drain(importId: string, service: MandateImportService): Promise<number> {
    let total = 0;
    for (;;) {
      const { processed, finished } = await db.transaction((tx) => service.processBatch(tx, importId, batchSize));
      total += processed;
      if (finished || processed === 0) return total;
    }
  }

  /** Works through every import being processed; returns how many entries were processed. */
  async function runDue(): Promise<number> {
    let total = 0;
    for (const row of await mandateImports.processing(db)) {
      const service = (await options.importsOf?.(row.organisation_id)) ?? mandateImports;
      const counts = await Promise.all(Array.from({ length: concurrency }, () => drain(row.id, service)));
      total += counts.reduce((a, b) => a + b, 0);
    }
    return total;
  }

  const loop = pollingLoop(
    'mandate import processing',
    runDue,
    logger,
    createJobLease(db, 'mandate_import_processing'),
  );
  return { runDue, start: loop.start, stop: loop.stop };
}

export type MandateImportWorker = ReturnType<typeof createMandateImportWorker>;

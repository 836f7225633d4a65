import type { Database } from '../db/db';
import type { OutboundPaymentImportService } from '../domain/outbound-payment-imports/service';
import type { Logger } from '../logger';
import { createJobLease } from './job-lease';
import { pollingLoop } from './polling-loop';

export interface OutboundPaymentImportWorkerOptions {
  db: Database;
  logger: Logger;
  outboundPaymentImports: OutboundPaymentImportService;
  /** Entries per transaction (each still in its own savepoint). */
  batchSize?: number;
  /** The service on a sandbox organisation's test clock, if it has one (decision 0079): its entries are processed on its time. */
  importsOf?: (organisationId: string) => Promise<OutboundPaymentImportService | undefined>;
}

/**
 * Processes authorised outbound payment imports: batch after batch, each in its own short
 * transaction (entries claimed `FOR UPDATE SKIP LOCKED`, so a second worker or process never takes
 * an entry twice), until the import is processed. A failed batch is rolled back whole and taken
 * again on the next round. One batch at a time: every payment of a creditor queues on its payment
 * account's lock anyway, so parallel batches would only wait for each other.
 */
export function createOutboundPaymentImportWorker(options: OutboundPaymentImportWorkerOptions) {
  const { db, logger, outboundPaymentImports } = options;
  const batchSize = options.batchSize ?? 100;

  async function drain(importId: string, service: OutboundPaymentImportService): Promise<number> {
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
    for (const row of await outboundPaymentImports.processing(db))
      total += await drain(row.id, (await options.importsOf?.(row.organisation_id)) ?? outboundPaymentImports);
    return total;
  }

  const loop = pollingLoop(
    'outbound payment import processing',
    runDue,
    logger,
    createJobLease(db, 'outbound_payment_import_processing'),
  );
  return { runDue, start: loop.start, stop: loop.stop };
}

export type OutboundPaymentImportWorker = ReturnType<typeof createOutboundPaymentImportWorker>;

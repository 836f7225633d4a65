import type { Database } from '../../db/db';
import type { Logger } from '../../logger';
import type { Clock } from './clock';
import type { IdGenerator } from './ids';

/** Sandbox (instant timings, simulated bank) or live (the schemes' real timings). */
export type Environment = 'sandbox' | 'live';

/** What every domain service is built from; tests build the same thing around a test database. */
export interface DomainContext {
  db: Database;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  environment: Environment;
  /** Base URL payers and merchants use (flow links, QR codes, icons). */
  publicUrl: string;
  /** How long the payer pages may show a creditor as read (shared/recent-cache.ts); tests set it. */
  recentReadTtlMs?: number;
  /** Sandbox only (WEBHOOK_ALLOW_LOOPBACK): webhook endpoints may be on this machine's loopback. */
  webhookAllowLoopback?: boolean;
}

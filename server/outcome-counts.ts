import type { AttemptOutcome } from './domain/webhooks/attempts';

/**
 * What background work reports for the metrics, by outcome (server/http/metrics.ts counts it;
 * docs/operations.md lists the series). Handed to the jobs and the mailer through the services,
 * so each counts with one call and none imports the metrics library.
 */
export interface OutcomeCounts {
  /** One webhook request that got an answer or failed to (not one cut short by a shutdown). */
  webhookAttempt(outcome: Pick<AttemptOutcome, 'ok' | 'status'>): void;
  /** One mail handed to SMTP or the sandbox's mailbox, or refused by it. */
  mailSend(outcome: 'sent' | 'failed'): void;
  /** A scheme clock batch's moves once its transaction committed: applied, and failed (retried later). */
  schemeClockMoves(applied: number, failed: number): void;
}

/** For services built without metrics (tests, the CLI). */
export const uncounted: OutcomeCounts = {
  webhookAttempt() {},
  mailSend() {},
  schemeClockMoves() {},
};

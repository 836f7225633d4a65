import type { Services } from '../container';
import type { RateLimiter } from '../api/rate-limit';
import { purgeExpiredIdempotencyKeys } from '../domain/idempotency/service';
import { purgeRequestLogs } from '../domain/request-logs/queries';

const DAY_MS = 86_400_000;

/**
 * Housekeeping that keeps tables small: idempotency keys past their retention, request logs older
 * than REQUEST_LOG_DAYS and finished rate-limit windows; and the access tokens' last uses, written
 * once a run. Failures are logged and retried on the next run.
 */
export function startMaintenance(
  services: Services,
  rateLimiter: RateLimiter,
  options: { requestLogDays: number },
  everyMs = 60_000,
) {
  const run = async () => {
    try {
      const purged = await purgeExpiredIdempotencyKeys(services.db, services.clock);
      const logsBefore = new Date(services.clock.now().getTime() - options.requestLogDays * DAY_MS);
      const purgedLogs = await purgeRequestLogs(services.db, logsBefore);
      if (purgedLogs) services.logger.info('purged old request logs', { count: purgedLogs });
      await rateLimiter.prune();
      // Access tokens' last uses, batched since the last run (never written by the request).
      await services.access.flushTokenUses(services.db);
      // Notifications whose mail could not be sent at once are retried here.
      await services.deliverNotifications();
      if (purged) services.logger.info('purged expired idempotency keys', { count: purged });
    } catch (error) {
      services.logger.warn('maintenance failed', { error: String(error) });
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}

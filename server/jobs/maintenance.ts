import type { Services } from '../container';
import type { RateLimiter } from '../api/rate-limit';
import { purgeExpiredIdempotencyKeys } from '../domain/idempotency/service';

/**
 * Housekeeping that keeps tables small: idempotency keys past their retention and finished
 * rate-limit windows; and the access tokens' last uses, written once a run. Failures are logged and retried on the next run.
 */
export function startMaintenance(services: Services, rateLimiter: RateLimiter, everyMs = 60_000) {
  const run = async () => {
    try {
      const purged = await purgeExpiredIdempotencyKeys(services.db, services.clock);
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

import type { Logger } from '../logger';
import type { JobLease } from './job-lease';

/**
 * The loop a background job runs: `runDue` once per interval, the next run timed from the end of
 * the last (so runs never overlap), a failure logged and the loop kept going. `stop` waits for the
 * run in progress, so shutting down never cuts a transaction short. With a `lease`, a round runs
 * only while this process holds it (one runner among several processes); `stop` gives it up.
 */
export function pollingLoop(name: string, runDue: () => Promise<unknown>, logger: Logger, lease?: JobLease) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  return {
    start(intervalMs: number) {
      stopped = false;
      const round = async () => {
        if (lease && !(await lease.hold(intervalMs))) return;
        await runDue();
      };
      const tick = () => {
        running = round()
          .catch((error) => logger.error(`${name} failed`, { error: String(error) }))
          .finally(() => {
            if (stopped) return;
            timer = setTimeout(tick, intervalMs);
            timer.unref();
          });
      };
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      await lease?.release();
    },
  };
}

import type { Hono } from 'hono';
import type { Config } from '../config';
import type { Database } from '../db/db';
import { pendingMigrations, readMigrations } from '../db/migrate';

const CHECK_TIMEOUT_MS = 2000;

const withTimeout = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
  ]);

/**
 * Probes for orchestrators and load balancers, without authentication, on every listener:
 * `/health/live` says the process answers (restart it if not); `/health/ready` says it can serve
 * (send it traffic only then): started, database reachable, every migration of this build applied,
 * and, on PGlite opened from DATA_DIR, the data directory still held by this process.
 */
export function addHealthRoutes(app: Hono<any>, deps: { config: Config; db: Database; isReady: () => boolean }): void {
  const known = readMigrations();
  app.get('/health/live', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));

  app.get('/health/ready', async (c) => {
    const checks: Record<string, string> = { started: deps.isReady() ? 'ok' : 'starting' };
    try {
      await withTimeout(deps.db.query('SELECT 1'));
      checks.database = 'ok';
      const pending = await withTimeout(pendingMigrations(deps.db, known)).catch(() => null);
      checks.migrations = pending === null ? 'unknown' : pending.length ? 'pending' : 'current';
    } catch {
      checks.database = 'unreachable';
      checks.migrations = 'unknown';
    }
    const held = deps.db.dataDirHeld?.();
    checks.data_directory = held === undefined ? 'not_used' : held ? 'held' : 'lost';
    const ok =
      checks.started === 'ok' &&
      checks.database === 'ok' &&
      checks.migrations === 'current' &&
      checks.data_directory !== 'lost';
    const headers: Record<string, string> = { 'cache-control': 'no-store', ...(ok ? {} : { 'retry-after': '5' }) };
    return c.json({ status: ok ? 'ok' : 'unavailable', checks }, ok ? 200 : 503, headers);
  });
}

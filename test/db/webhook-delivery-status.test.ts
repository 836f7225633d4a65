import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/db';
import { pgliteParsers, wrapPglite } from '../../server/db/pglite';
import { migrate, readMigrations } from '../../server/db/migrate';

/**
 * Migration 0007 gives deliveries made before it the status their old columns meant: succeeded
 * when `successful`, failed when nothing more was scheduled, pending before any attempt, retrying
 * after one. It runs on an empty embedded database migrated to 0006 first (the migration itself
 * runs on Postgres too, in that project's template).
 */
/** SQLSTATE of a CHECK constraint refusing a row. */
const CHECK_VIOLATION = '23514';
let db: Database;
const at = new Date('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  db = wrapPglite(await PGlite.create({ parsers: pgliteParsers }));
  await migrate(
    db,
    readMigrations().filter((m) => m.version < 7),
  );
  await db.query('INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3)', ['OR1', 'Org', at]);
  await db.query(
    `INSERT INTO webhook_endpoints (id, organisation_id, url, secret, created_at, updated_at)
     VALUES ('WE1', 'OR1', 'https://example.com', 's', $1, $1)`,
    [at],
  );
  const rows: [string, boolean, number, Date | null][] = [
    ['WB_OK', true, 1, null],
    ['WB_GAVE_UP', false, 9, null],
    ['WB_NEW', false, 0, at],
    ['WB_BACKOFF', false, 2, at],
  ];
  for (const [id, successful, attempts, next] of rows) {
    await db.query(
      `INSERT INTO webhooks (id, organisation_id, endpoint_id, url, idempotency_key, event_count, request_body,
                             successful, attempts, next_attempt_at, created_at, updated_at)
       VALUES ($1, 'OR1', 'WE1', 'https://example.com', $1, 1, '{}', $2, $3, $4, $5, $5)`,
      [id, successful, attempts, next, at],
    );
  }
  await migrate(db);
});

afterAll(async () => {
  await db?.close();
});

describe('migration 0007: webhook delivery status', () => {
  it('backfills each delivery from successful / attempts / next_attempt_at, keeping successful as it was', async () => {
    const { rows } = await db.query<{ id: string; status: string; successful: boolean }>(
      'SELECT id, status, successful FROM webhooks ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 'WB_BACKOFF', status: 'retrying', successful: false },
      { id: 'WB_GAVE_UP', status: 'failed', successful: false },
      { id: 'WB_NEW', status: 'pending', successful: false },
      { id: 'WB_OK', status: 'succeeded', successful: true },
    ]);
  });

  it('refuses a status no machine knows, and a finished delivery that is still scheduled', async () => {
    await expect(db.query("UPDATE webhooks SET status = 'delivering' WHERE id = 'WB_NEW'")).rejects.toMatchObject({
      code: CHECK_VIOLATION,
    });
    await expect(db.query("UPDATE webhooks SET status = 'succeeded' WHERE id = 'WB_NEW'")).rejects.toMatchObject({
      code: CHECK_VIOLATION,
    });
    await db.query("UPDATE webhooks SET status = 'succeeded', next_attempt_at = NULL WHERE id = 'WB_NEW'");
    const { rows } = await db.query<{ successful: boolean }>("SELECT successful FROM webhooks WHERE id = 'WB_NEW'");
    expect(rows[0]!.successful).toBe(true);
  });
});

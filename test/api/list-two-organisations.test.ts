import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements } from '../support/statement-log';

/**
 * Decision 0047 (issue 15, lists stay flat): two organisations of the same size share a table and
 * all of one's rows are newer. The other's first page must still walk its own index: written as
 * `organisation_id = $1 … ORDER BY id`, the planner walked the primary key and read every newer
 * row of the first organisation before finding a row of its own.
 */
let recorded: ReturnType<typeof recordStatements>;
let server: TestServer;
let older: Merchant;
let newer: Merchant;

beforeAll(async () => {
  recorded = recordStatements(await createTestDatabase());
  server = await startTestServer({ db: recorded.db, schemeClockIntervalMs: 0, webhookDelivery: { intervalMs: 0 } });
  older = await server.merchant();
  newer = await server.merchant();
  const seed = (organisationId: string, prefix: string) =>
    server.services.db.query(
      `INSERT INTO blocks (id, organisation_id, block_type, reason_type, resource_reference, match_value, status, created_at, updated_at)
       SELECT $2 || lpad(g::text, 20, '0'), $1, 'email', 'other', 's' || g || '@example.com', 's' || g || '@example.com',
              'active', now(), now()
       FROM generate_series(1, 3000) AS g`,
      [organisationId, prefix],
    );
  await seed(older.organisationId, 'BLC0');
  await seed(newer.organisationId, 'BLCZ');
  await server.services.db.exec('ANALYZE blocks');
});
afterAll(() => server?.close());

async function planOf(merchant: Merchant, path: string): Promise<{ plan: string; ids: string[] }> {
  recorded.queries.length = 0;
  const res = await merchant.api.get(path);
  expect(res.status).toBe(200);
  const list = recorded.queries.find((q) => /FROM blocks/i.test(q.text) && /ORDER BY/i.test(q.text))!;
  const { rows } = await server.services.db.query<Record<string, string>>(`EXPLAIN ${list.text}`, list.params);
  return {
    plan: rows.map((r) => Object.values(r)[0]).join('\n'),
    ids: res.body.blocks.map((b: { id: string }) => b.id),
  };
}

describe('a list beside a larger, newer organisation', () => {
  it('walks the organisation’s own index for its first page, and answers its own newest rows', async () => {
    const { plan, ids } = await planOf(older, '/blocks?limit=50');
    expect(plan).toMatch(/Index Scan Backward using blocks_organisation_id/);
    expect(plan).not.toMatch(/blocks_pkey|\bSort\b/);
    expect(ids[0]).toBe(`BLC0${String(3000).padStart(20, '0')}`);
    expect(ids).toHaveLength(50);
  });

  it('pages with cursors both ways on the same index, newest first', async () => {
    const first = await older.api.get('/blocks?limit=50');
    const after = first.body.meta.cursors.after;
    const { plan, ids } = await planOf(older, `/blocks?limit=50&after=${after}`);
    expect(plan).toMatch(/Index Scan Backward using blocks_organisation_id/);
    expect(ids[0]).toBe(`BLC0${String(2950).padStart(20, '0')}`);
    const back = await planOf(older, `/blocks?limit=50&before=${ids[0]}`);
    expect(back.plan).toMatch(/Index Scan using blocks_organisation_id/);
    expect(back.ids).toEqual(first.body.blocks.map((b: { id: string }) => b.id));
  });
});

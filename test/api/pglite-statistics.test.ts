import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements } from '../support/statement-log';

/**
 * Issue 15 (decision 0044): PGlite has no autovacuum, so without the server's own analyse its
 * planner kept believing a grown table was tiny and read a list page by scanning and sorting the
 * whole organisation — a page cost more with every row. The server analyses grown tables itself.
 */
const onPglite = process.env.TEST_DB !== 'postgres';
let recorded: ReturnType<typeof recordStatements>;
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  recorded = recordStatements(await createTestDatabase());
  server = await startTestServer({ db: recorded.db, schemeClockIntervalMs: 0, webhookDelivery: { intervalMs: 0 } });
  m = await server.merchant();
});
afterAll(() => server?.close());

/** The plan PGlite picks, as it is, for the statement `GET /blocks?limit=20` sent. */
async function listPlan(): Promise<string> {
  recorded.queries.length = 0;
  const res = await m.api.get('/blocks?limit=20');
  expect(res.status).toBe(200);
  const list = recorded.queries.find((q) => /FROM blocks/i.test(q.text) && /ORDER BY/i.test(q.text));
  expect(list).toBeDefined();
  const { rows } = await server.services.db.query<Record<string, string>>(`EXPLAIN ${list!.text}`, list!.params);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('planner statistics on PGlite', () => {
  it.runIf(onPglite)('are renewed for a grown table, so a list page walks its index again', async () => {
    const created = await m.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'first@example.com' },
    });
    expect(created.status).toBe(201);
    // Statistics as a fresh store has them, then 5,000 more blocks of this organisation.
    expect(await server.analyzeGrownTables()).toEqual(expect.any(Array));
    await server.services.db.query(
      `INSERT INTO blocks (id, organisation_id, block_type, reason_type, resource_reference, match_value, status, created_at, updated_at)
       SELECT 'BLC' || lpad(g::text, 14, '0'), organisation_id, block_type, reason_type, 'b' || g || '@example.com',
              'b' || g || '@example.com', status, created_at, updated_at
       FROM blocks, generate_series(1, 5000) AS g WHERE id = $1`,
      [created.body.blocks.id],
    );
    expect(await listPlan()).toMatch(/\bSort\b/);

    expect(await server.analyzeGrownTables()).toContain('blocks');
    const plan = await listPlan();
    expect(plan).toMatch(/Index Scan Backward using blocks_/);
    expect(plan).not.toMatch(/\bSort\b/);
    // Nothing grew since: no table is analysed twice for nothing.
    expect(await server.analyzeGrownTables()).not.toContain('blocks');
  });

  it('leaves Postgres to its own autovacuum', async () => {
    const analysed = await server.analyzeGrownTables();
    if (!onPglite) expect(analysed).toEqual([]);
    else expect(Array.isArray(analysed)).toBe(true);
  });
});

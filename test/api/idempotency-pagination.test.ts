import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

let server: TestServer;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock('2026-06-01T10:00:00.000Z');
  server = await startTestServer({ clock });
});
afterAll(() => server?.close());

const block = (n: number | string = 0) => ({
  blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: `payer${n}@example.com` },
});
const key = (options: { idempotencyKey: string }) => ({ headers: { 'idempotency-key': options.idempotencyKey } });

describe('Idempotency-Key', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await server.merchant();
  });

  it('creates once; a second create with the key is 409 idempotent_creation_conflict naming the first', async () => {
    const first = await m.api.post('/blocks', block(1), key({ idempotencyKey: 'key-one' }));
    expect(first.status).toBe(201);
    const second = await m.api.post('/blocks', block(2), key({ idempotencyKey: 'key-one' }));
    expect(second.status).toBe(409);
    expect(second.body.error.type).toBe('invalid_state');
    expect(second.body.error.errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: first.body.blocks.id },
    });
    const list = await m.api.get('/blocks');
    expect(
      list.body.blocks.filter((b: { resource_reference: string }) => b.resource_reference === 'payer2@example.com'),
    ).toEqual([]);
  });

  it('refuses keys over 128 characters', async () => {
    const ok = await m.api.post('/blocks', block(3), key({ idempotencyKey: 'k'.repeat(128) }));
    expect(ok.status).toBe(201);
    const res = await m.api.post('/blocks', block(4), key({ idempotencyKey: 'k'.repeat(129) }));
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0].reason).toBe('idempotency_key_too_long');
  });

  it('creates exactly once when 20 requests with one key arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        m.api.post('/blocks', block(`race${i}`), key({ idempotencyKey: 'race-key' })),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 201)!.body.blocks.id;
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error.errors[0].links.conflicting_resource_id).toBe(winner);
    }
    const { rows } = await server.services.db.query(
      "SELECT id FROM blocks WHERE organisation_id = $1 AND resource_reference LIKE 'payerrace%'",
      [m.organisationId],
    );
    expect(rows).toHaveLength(1);
  });

  it('frees a key whose request failed, so the retry can succeed', async () => {
    const failed = await m.api.post(
      '/blocks',
      { blocks: { ...block(5).blocks, reason_type: 'other' } },
      key({ idempotencyKey: 'retry-me' }),
    );
    expect(failed.status).toBe(422);
    const retried = await m.api.post('/blocks', block(5), key({ idempotencyKey: 'retry-me' }));
    expect(retried.status).toBe(201);
  });

  it('scopes keys to the organisation', async () => {
    const a = await server.merchant();
    const b = await server.merchant();
    expect((await a.api.post('/blocks', block(6), key({ idempotencyKey: 'shared' }))).status).toBe(201);
    expect((await b.api.post('/blocks', block(6), key({ idempotencyKey: 'shared' }))).status).toBe(201);
  });

  it('honours a key for 30 days, and lets it be used again after', async () => {
    const first = await m.api.post('/blocks', block(7), key({ idempotencyKey: 'month-old' }));
    clock.advance(29 * 86_400_000);
    expect((await m.api.post('/blocks', block(7), key({ idempotencyKey: 'month-old' }))).status).toBe(409);
    clock.advance(2 * 86_400_000);
    const again = await m.api.post('/blocks', block(7), key({ idempotencyKey: 'month-old' }));
    expect(again.status).toBe(201);
    expect(again.body.blocks.id).not.toBe(first.body.blocks.id);
  });
});

describe('cursor pagination', () => {
  let m: Merchant;
  let ids: string[];
  beforeAll(async () => {
    m = await server.merchant();
    ids = [];
    for (let i = 0; i < 7; i++) {
      clock.advance(1000);
      ids.push((await m.api.post('/blocks', block(`page${i}`))).body.blocks.id);
    }
    ids.reverse(); // newest first, as lists answer
  });

  it('lists newest first with meta.limit defaulting to 50 and no cursors on a single page', async () => {
    const res = await m.api.get('/blocks');
    expect(res.body.blocks.map((b: { id: string }) => b.id)).toEqual(ids);
    expect(res.body.meta).toEqual({ cursors: { before: null, after: null }, limit: 50 });
  });

  it('walks forward with after until after is null, then back with before', async () => {
    const page1 = await m.api.get('/blocks?limit=3');
    expect(page1.body.blocks.map((b: { id: string }) => b.id)).toEqual(ids.slice(0, 3));
    expect(page1.body.meta).toEqual({ cursors: { before: null, after: ids[2] }, limit: 3 });

    const page2 = await m.api.get(`/blocks?limit=3&after=${page1.body.meta.cursors.after}`);
    expect(page2.body.blocks.map((b: { id: string }) => b.id)).toEqual(ids.slice(3, 6));
    expect(page2.body.meta.cursors).toEqual({ before: ids[3], after: ids[5] });

    const page3 = await m.api.get(`/blocks?limit=3&after=${page2.body.meta.cursors.after}`);
    expect(page3.body.blocks.map((b: { id: string }) => b.id)).toEqual(ids.slice(6));
    expect(page3.body.meta.cursors.after).toBeNull();

    const back = await m.api.get(`/blocks?limit=3&before=${page3.body.meta.cursors.before}`);
    expect(back.body.blocks.map((b: { id: string }) => b.id)).toEqual(ids.slice(3, 6));
    expect(back.body.meta.cursors).toEqual({ before: ids[3], after: ids[5] });

    const top = await m.api.get(`/blocks?limit=3&before=${ids[3]}`);
    expect(top.body.blocks.map((b: { id: string }) => b.id)).toEqual(ids.slice(0, 3));
    expect(top.body.meta.cursors.before).toBeNull();
  });

  it.each(['0', '501', '-1'])('refuses limit=%s with validation_failed', async (limit) => {
    const res = await m.api.get(`/blocks?limit=${limit}`);
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0].field).toBe('limit');
  });

  it('refuses a non-integer limit as invalid_type and accepts 1 and 500', async () => {
    for (const limit of ['abc', '2.5']) {
      const res = await m.api.get(`/blocks?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.error.errors[0]).toMatchObject({ reason: 'invalid_type', field: 'limit' });
    }
    expect((await m.api.get('/blocks?limit=1')).body.blocks).toHaveLength(1);
    expect((await m.api.get('/blocks?limit=500')).body.meta.limit).toBe(500);
  });

  it('reads pages with an index range scan, never OFFSET', async () => {
    const plan = await server.services.db.query<Record<string, string>>(
      "EXPLAIN SELECT * FROM blocks WHERE organisation_id = 'OR1' AND id < 'BLC9' ORDER BY id DESC LIMIT 51",
    );
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toMatch(/Index Scan/);
    expect(text).not.toMatch(/Sort/);
  });
});

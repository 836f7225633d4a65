import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/db';
import { blocksTable, findBlock, insertBlock } from '../../server/domain/blocks/queries';
import type { BlockRow } from '../../server/domain/blocks/types';
import type { Actor } from '../../server/domain/shared/actor';
import { systemClock } from '../../server/domain/shared/clock';
import { createIdGenerator } from '../../server/domain/shared/ids';
import { applyMove, defineMachine } from '../../server/domain/shared/state-machine';
import { createTestDatabase } from '../support/database';

/**
 * `applyMove` on a real database (PGlite, and Postgres in CI): the conditional UPDATE, the event
 * in the same transaction, the refusal reason, the idempotent repeat, columns only from the
 * table's own list, and two concurrent moves of which exactly one wins.
 */
const ctx = { clock: systemClock, ids: createIdGenerator(systemClock) };
const STRICT = defineMachine<'active' | 'disabled', 'disable' | 'bad', BlockRow>({
  table: blocksTable,
  resourceType: 'blocks',
  statuses: ['active', 'disabled'],
  moves: {
    disable: {
      from: ['active'],
      to: 'disabled',
      event: 'disabled',
      cause: 'block_disabled',
      refused: 'disable_failed',
    },
    bad: { from: ['active'], to: 'disabled', event: 'disabled', cause: 'x', refused: 'disable_failed' },
  },
  links: (b) => ({ block: b.id }),
});

let db: Database;
let org: string;
const actor = (): Actor => ({ organisationId: org, origin: 'api', source: { type: 'access_token', name: 't' } });

beforeAll(async () => {
  db = await createTestDatabase();
  org = ctx.ids('organisation');
  await db.query('INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3)', [org, 'Org', new Date()]);
});
afterAll(() => db?.close());

const newBlock = (tx = db) =>
  insertBlock(tx, {
    id: ctx.ids('block'),
    organisation_id: org,
    block_type: 'email',
    reason_type: 'other',
    reason_description: 'x',
    resource_reference: 'a@b.co',
    match_value: 'a@b.co',
    status: 'active',
    created_at: new Date(),
  });

const eventsOf = async (id: string) =>
  (
    await db.query<{ action: string; details: { cause: string } }>(
      `SELECT action, details FROM events WHERE links->>'block' = $1`,
      [id],
    )
  ).rows;

describe('applyMove', () => {
  it('moves the row, writes its event with the move cause, and refuses a second move with its reason', async () => {
    const block = await newBlock();
    const moved = await db.transaction((tx) => applyMove(tx, ctx, STRICT, block, 'disable', { actor: actor() }));
    expect(moved.status).toBe('disabled');
    expect(moved.active).toBe(false);
    expect(await eventsOf(block.id)).toEqual([
      { action: 'disabled', details: expect.objectContaining({ cause: 'block_disabled', origin: 'api' }) },
    ]);
    await expect(
      db.transaction((tx) => applyMove(tx, ctx, STRICT, block, 'disable', { actor: actor() })),
    ).rejects.toMatchObject({ reason: 'disable_failed' });
    expect(await eventsOf(block.id)).toHaveLength(1);
  });

  it('writes nothing when the transaction rolls back after the move', async () => {
    const block = await newBlock();
    await expect(
      db.transaction(async (tx) => {
        await applyMove(tx, ctx, STRICT, block, 'disable', { actor: actor() });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await findBlock(db, org, block.id)).status).toBe('active');
    expect(await eventsOf(block.id)).toHaveLength(0);
  });

  it('refuses a column that is not the table’s own before sending anything', async () => {
    const block = await newBlock();
    const set = { 'status = status; --': 1 } as never;
    await expect(
      db.transaction((tx) => applyMove(tx, ctx, STRICT, block, 'bad', { actor: actor(), set })),
    ).rejects.toThrow(/no column/);
    expect((await findBlock(db, org, block.id)).status).toBe('active');
  });

  it('lets exactly one of two concurrent moves win', async () => {
    const block = await newBlock();
    const results = await Promise.allSettled(
      [1, 2].map(() => db.transaction((tx) => applyMove(tx, ctx, STRICT, block, 'disable', { actor: actor() }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ reason: 'disable_failed' });
    expect(await eventsOf(block.id)).toHaveLength(1);
  });
});

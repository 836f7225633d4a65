import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';

/**
 * A transaction is one, on both stores (decision 0067): what it wrote is undone when it fails, and
 * a statement sent outside it meanwhile is neither part of it nor undone with it (PGlite has one
 * connection, so the statement waits for its turn).
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec('CREATE TABLE transaction_probe (id text PRIMARY KEY)');
});
afterAll(async () => {
  await db?.close();
});

const ids = async () =>
  (await db.query<{ id: string }>('SELECT id FROM transaction_probe ORDER BY id')).rows.map((row) => row.id);

describe('a transaction', () => {
  it('undoes what it wrote when it fails, and not a statement sent beside it', async () => {
    let besideSent!: Promise<unknown>;
    const failing = db.transaction(async (tx) => {
      await tx.query('INSERT INTO transaction_probe (id) VALUES ($1)', ['inside']);
      besideSent = db.query('INSERT INTO transaction_probe (id) VALUES ($1)', ['beside']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('SELECT 1 / $1::int', [0]);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    await besideSent;
    expect(await ids()).toEqual(['beside']);
  });

  it('commits what it wrote, and a script in it too', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO transaction_probe (id) VALUES ($1)', ['kept']);
      await tx.exec("INSERT INTO transaction_probe (id) VALUES ('scripted')");
    });
    expect(await ids()).toEqual(['beside', 'kept', 'scripted']);
  });
});

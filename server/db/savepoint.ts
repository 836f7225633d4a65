import type { Queryable } from './db';

/**
 * Runs `fn` inside a savepoint of the caller's transaction. When `fn` throws, what it wrote is
 * rolled back and the transaction carries on as before it (on Postgres a failed statement would
 * otherwise leave the whole transaction aborted); the error is rethrown for the caller to decide.
 * Savepoints nest: each ROLLBACK TO names the latest savepoint of that name.
 */
export async function withSavepoint<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
  await tx.query('SAVEPOINT unit_step');
  try {
    const value = await fn();
    await tx.query('RELEASE SAVEPOINT unit_step');
    return value;
  } catch (error) {
    await tx.query('ROLLBACK TO SAVEPOINT unit_step');
    await tx.query('RELEASE SAVEPOINT unit_step');
    throw error;
  }
}

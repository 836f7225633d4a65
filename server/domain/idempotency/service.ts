import type { Queryable } from '../../db/db';
import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { col, defineTable } from '../shared/table';

/** The only file that names `idempotency_keys` in SQL. */
export const idempotencyKeysTable = defineTable('idempotency_keys', {
  organisation_id: col.text(),
  key: col.text(),
  resource_id: col.text().nullable(),
  created_at: col.timestamptz(),
});

/** The spec: keys are honoured for at least 30 days. Older keys are free to be used again. */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

const retentionCutoff = (clock: Clock) => new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000);

/**
 * Runs `create` at most once per (organisation, key). Must be called inside the transaction that
 * creates the resource: the key row and the resource commit together, and a second request with
 * the same key blocks on the key's primary key until the first commits, then sees it and answers
 * 409 `idempotent_creation_conflict` naming the first resource. If the first transaction rolls
 * back, the key was never used and the second proceeds.
 */
export async function idempotentCreate<T extends { id: string }>(
  tx: Queryable,
  clock: Clock,
  actor: Actor,
  key: string | undefined,
  create: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return create();
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (organisation_id, key, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (organisation_id, key) DO UPDATE
       SET created_at = EXCLUDED.created_at, resource_id = NULL
       WHERE idempotency_keys.created_at < $4
     RETURNING key`,
    [actor.organisationId, key, clock.now(), retentionCutoff(clock)],
  );
  if (claimed.rowCount === 0) {
    const { rows } = await tx.query<{ resource_id: string | null }>(
      'SELECT resource_id FROM idempotency_keys WHERE organisation_id = $1 AND key = $2',
      [actor.organisationId, key],
    );
    throw new DomainError('idempotent_creation_conflict', {
      links: rows[0]?.resource_id ? { conflicting_resource_id: rows[0].resource_id } : {},
    });
  }
  const resource = await create();
  await tx.query('UPDATE idempotency_keys SET resource_id = $3 WHERE organisation_id = $1 AND key = $2', [
    actor.organisationId,
    key,
    resource.id,
  ]);
  return resource;
}

/** Deletes keys past retention; run periodically so the table stays small. */
export async function purgeExpiredIdempotencyKeys(db: Queryable, clock: Clock): Promise<number> {
  const result = await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [retentionCutoff(clock)]);
  return result.rowCount;
}

import type { Queryable } from '../../db/db';
import { DomainError, notFound } from './errors';

/**
 * Loads one row of an organisation's resource, or answers as the spec says: 404 when it is not
 * the organisation's (another merchant's ids are indistinguishable from unknown ones).
 * `lock` takes a row lock for a state change in the caller's transaction.
 */
export async function findOwned<T>(
  db: Queryable,
  table: string,
  organisationId: string,
  id: string,
  options: { lock?: boolean; resource?: string } = {},
): Promise<T> {
  const { rows } = await db.query<T>(
    `SELECT * FROM ${table} WHERE id = $1 AND organisation_id = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [id, organisationId],
  );
  if (!rows[0]) throw notFound(options.resource ?? table);
  return rows[0];
}

/** A resource named in `links` that does not exist (or is not the organisation's). */
export const linkNotFound = (link: string) => new DomainError('link_not_found', { params: { link }, fields: [{ field: `links.${link}`, code: 'not_found' }] });

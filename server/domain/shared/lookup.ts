import type { Queryable } from '../../db/db';
import { DomainError, isDomainError } from './errors';
import { findOwned, type Table } from './table';

/** A resource named in `links` that does not exist (or is not the organisation's). */
export const linkNotFound = (link: string) =>
  new DomainError('link_not_found', { params: { link }, fields: [{ field: `links.${link}`, code: 'not_found' }] });

/**
 * Loads a resource a request names in its `links` (`links.mandate`, `links.customer`…): the one
 * place where "not found" becomes `link_not_found` for that link rather than a 404 of the request.
 */
export async function findLinked<Row>(
  db: Queryable,
  table: Table,
  organisationId: string,
  id: string,
  link: string,
  options: { lock?: boolean } = {},
): Promise<Row> {
  return asLink(link, () => findOwned<Row>(db, table, organisationId, id, options));
}

/** Runs a lookup of a linked resource, answering `link_not_found` for `link` when it finds nothing. */
export async function asLink<T>(link: string, lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    throw isDomainError(error) && error.reason === 'resource_not_found' ? linkNotFound(link) : error;
  }
}

import { DomainError, isDomainError } from './errors';

/** A resource named in `links` that does not exist (or is not the organisation's). */
export const linkNotFound = (link: string) =>
  new DomainError('link_not_found', { params: { link }, fields: [{ field: `links.${link}`, code: 'not_found' }] });

/**
 * Runs a lookup of a resource a request names in its `links` (`links.mandate`, `links.customer`…):
 * the one place where "not found" becomes `link_not_found` for that link rather than a 404 of the request.
 */
export async function asLink<T>(link: string, lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    throw isDomainError(error) && error.reason === 'resource_not_found' ? linkNotFound(link) : error;
  }
}

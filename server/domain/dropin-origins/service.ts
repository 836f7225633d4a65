import type { Queryable } from '../../db/db';
import { findOrganisation } from '../access/queries';
import type { DomainContext } from '../shared/context';
import { notFound } from '../shared/errors';
import { deleteOrigin, insertOrigin, listOrigins, originRegistered, type DropinOriginRow } from './queries';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A web origin as a browser serialises it (`https://shop.example`, `http://localhost:8080`), or
 * null for anything else: a path, credentials, a query or another scheme mean it is not an origin.
 * Plain http is an origin only on the merchant's own machine (loopback), where they test.
 */
export function normaliseOrigin(given: string | null | undefined): string | null {
  if (!given || given.length > 300) return null;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return null;
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url.origin;
  return null;
}

/**
 * The origins an organisation lets frame its payer flow as a drop-in. In live, only those it
 * registered (the CLI); in the sandbox, any https origin and the merchant's own machine as well,
 * so a merchant can try the drop-in before registering anything (docs/dropin.md says so).
 */
export function createDropinOriginService(ctx: DomainContext) {
  return {
    async add(tx: Queryable, organisationId: string, origin: string): Promise<DropinOriginRow> {
      if (!(await findOrganisation(tx, organisationId))) throw notFound('organisations');
      return insertOrigin(tx, organisationId, origin, ctx.clock.now());
    },
    remove: (tx: Queryable, organisationId: string, origin: string) => deleteOrigin(tx, organisationId, origin),
    list: (db: Queryable, organisationId: string) => listOrigins(db, organisationId),

    /** The origin, normalised, when this organisation's flow may be framed by it; null otherwise. */
    async framingOrigin(db: Queryable, organisationId: string, given: string | null): Promise<string | null> {
      const origin = normaliseOrigin(given);
      if (!origin) return null;
      if (ctx.environment === 'sandbox') return origin;
      return (await originRegistered(db, organisationId, origin)) ? origin : null;
    },
  };
}

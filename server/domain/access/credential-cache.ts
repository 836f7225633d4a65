import type { OrganisationRow, AccessTokenRow } from './types';

/** How long a process may answer from its cache: a disabled or revoked token stops within this. */
export const CREDENTIAL_CACHE_TTL_MS = 500;

interface Cached {
  token: AccessTokenRow;
  organisation: OrganisationRow;
  until: number;
}

/**
 * Successful credential look-ups, kept per process for at most `ttlMs` (issue 15: the token was
 * read from the database on every request). Only active tokens are kept, so a new token works at
 * once; a token disabled or revoked — here, by another process, or by hand in SQL — is refused
 * everywhere within `ttlMs`, and at once in the process that changed it (it calls `clear`).
 * Time is the monotonic clock, not the scheme clock tests move.
 */
export function createCredentialCache(ttlMs = CREDENTIAL_CACHE_TTL_MS, maxEntries = 10_000) {
  const entries = new Map<string, Cached>();
  return {
    get(tokenHash: string): Cached | undefined {
      const hit = entries.get(tokenHash);
      if (!hit) return undefined;
      if (hit.until > performance.now()) return hit;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash: string, token: AccessTokenRow, organisation: OrganisationRow): void {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(tokenHash, { token, organisation, until: performance.now() + ttlMs });
    },
    clear: () => entries.clear(),
  };
}

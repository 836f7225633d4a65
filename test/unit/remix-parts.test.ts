import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchRoutes } from '@remix-run/react';
import type { ServerBuild } from '@remix-run/node';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGES_BUILD_DIR } from '../../server/http/remix';
import { buildForPart, partOf, PARTS } from '../../server/http/remix-parts';

// The real build (test/support/global-setup.ts makes it): the route table the server serves.
let build: ServerBuild;
beforeAll(async () => {
  build = (await import(pathToFileURL(path.join(PAGES_BUILD_DIR, 'server', 'index.js')).href)) as ServerBuild;
});

interface RouteObject {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
}

/** The build's flat table nested as the router matches it. */
function nested(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = nested(routes, route.id);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        ...(children.length && !route.index ? { children } : {}),
      };
    });
}

const matchedIds = (routes: RouteObject[], pathname: string) =>
  (matchRoutes(routes as never, pathname) ?? []).map((match) => match.route.id);

/** Every route's own path from the root, dynamic segments filled: the URLs the app really serves. */
function servedPaths(): string[] {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    return [route.parentId ? full(route.parentId) : '', route.path ?? ''].filter(Boolean).join('/');
  };
  return Object.keys(build.routes).map((id) => `/${full(id)}`.replace(/:\w+\??/g, 'BR0001').replace(/\*$/, 'a/b'));
}

describe('a route table per part of the app', () => {
  it('says which part a path is in, by its exact first segment', () => {
    expect(partOf('/pay/BRF1/details')).toBe('pay');
    expect(partOf('/pay')).toBe('pay');
    expect(partOf('/sandbox-bank/abc')).toBe('sandbox-bank');
    expect(partOf('/dashboard')).toBe('dashboard');
    expect(partOf('/')).toBeUndefined();
    expect(partOf('/payments')).toBeUndefined();
    // Other spellings go to the whole table, which matches them as it always has.
    expect(partOf('/PAY/BRF1/details')).toBeUndefined();
    expect(partOf('/p%61y/BRF1')).toBeUndefined();
  });

  it('keeps only what a URL of the part could match: the payer pages leave the dashboard out', () => {
    const pay = buildForPart(build, 'pay');
    const ids = Object.keys(pay.routes);
    expect(ids).toContain('root');
    expect(ids.some((id) => id.startsWith('routes/pay.'))).toBe(true);
    expect(ids.some((id) => id.startsWith('routes/dashboard'))).toBe(false);
    expect(ids.length).toBeLessThan(Object.keys(build.routes).length / 2);
    // The manifest the pages render from holds the same routes, or Remix refuses to render.
    expect(Object.keys(pay.assets.routes).sort()).toEqual([...ids].sort());
  });

  it('matches every URL of a part to the same routes as the whole table does', () => {
    const whole = nested(build.routes);
    const served = servedPaths();
    for (const part of PARTS) {
      const own = nested(buildForPart(build, part).routes);
      const words = served.flatMap((p) => p.split('/')).filter(Boolean);
      const candidates = [
        ...served,
        ...served.map((p) => `${p}/extra`),
        `/${part}`,
        `/${part}/`,
        `/${part}/nowhere/at/all`,
      ].filter((p) => partOf(p) === part);
      expect(candidates.length).toBeGreaterThan(1);
      for (const pathname of candidates)
        expect(matchedIds(own, pathname), pathname).toEqual(matchedIds(whole, pathname));
      // And any path made of the app's own words or others under the part.
      fc.assert(
        fc.property(fc.array(fc.oneof(fc.constantFrom(...words), fc.webSegment()), { maxLength: 6 }), (segments) => {
          const pathname = `/${[part, ...segments].join('/')}`;
          expect(matchedIds(own, pathname)).toEqual(matchedIds(whole, pathname));
        }),
        { numRuns: 150 },
      );
    }
    // Whole-table matching is the slow thing measured here: over the 5 s default on a loaded machine.
  }, 60_000);
});

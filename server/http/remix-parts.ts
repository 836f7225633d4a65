import type { ServerBuild } from '@remix-run/node';

/**
 * The parts of the app that get a Remix request handler of their own, by a URL's first segment.
 *
 * Remix 2 matches every request against the whole route table, flattening, ranking and compiling
 * each route's pattern afresh on every call, three times a document request, and builds the
 * rendered routes from the whole manifest each time. With the dashboard's 65 routes that was 12–14%
 * of a payer page's CPU (docs/benchmarks.md, "Payer pages: one route table per part"). A URL whose
 * first segment is `pay` can only match routes whose path starts with `pay`, is empty or starts
 * with a dynamic segment, so a handler over those alone answers it exactly as the whole one would.
 * React Router 7 caches the flattened table itself (remix-run/react-router#14967); until the app
 * moves to it, this is the cut that needs no patch of node_modules.
 */
export const PARTS = ['pay', 'sandbox-bank', 'dashboard'] as const;
export type Part = (typeof PARTS)[number];

/** The part a path belongs to, or undefined for the rest (served by the whole table). */
export function partOf(pathname: string): Part | undefined {
  const end = pathname.indexOf('/', 1);
  const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
  return (PARTS as readonly string[]).includes(first) ? (first as Part) : undefined;
}

type Routes = ServerBuild['routes'];

/** A route's path from the root, as the router joins it (a route's `path` is relative to its parent's). */
function fullPath(routes: Routes, id: string): string {
  const route = routes[id]!;
  const own = route.path ?? '';
  const parent = route.parentId ? fullPath(routes, route.parentId) : '';
  return [parent, own].filter(Boolean).join('/');
}

/**
 * Whether a route could match a URL whose first segment is `part`: its own first segment is the
 * part, or there is none (the root, pathless layouts, the home page's index), or it is not a plain
 * word (`:param`, `*`, an optional `seg?`), which a URL of any part could fill. Remix compares
 * segments without regard to case unless a route asks otherwise, hence the lower case.
 */
function mayMatchPart(path: string, part: Part): boolean {
  const first = path.split('/')[0] ?? '';
  if (first === '') return true;
  if (first.startsWith(':') || first.includes('*') || first.endsWith('?')) return true;
  return first.toLowerCase() === part;
}

/** The build with only the routes a URL of `part` could match, and their ancestors. */
export function buildForPart(build: ServerBuild, part: Part): ServerBuild {
  const kept = new Set<string>();
  for (const id of Object.keys(build.routes)) {
    if (!mayMatchPart(fullPath(build.routes, id), part)) continue;
    for (let at: string | undefined = id; at && !kept.has(at); at = build.routes[at]!.parentId) kept.add(at);
  }
  const pick = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => kept.has(id))) as Record<string, T>;
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}

import { isStorableText } from './hostile-input';
import type { RouteDef } from './route';

type AnyRoute = RouteDef<any, any>;

interface Compiled {
  route: AnyRoute;
  pattern: RegExp;
  names: string[];
  /** Static segments count more, so `/blocks/block_by_ref` wins over `/blocks/:id`. */
  specificity: number;
}

export type Match =
  | { kind: 'found'; route: AnyRoute; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(route: AnyRoute): Compiled {
  const names: string[] = [];
  const segments = route.path.split('/').filter(Boolean);
  const source = segments
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '/([^/]+)';
      }
      return '/' + escape(seg);
    })
    .join('');
  return {
    route,
    pattern: new RegExp(`^${source}/?$`),
    names,
    specificity: segments.filter((s) => !s.startsWith(':')).length,
  };
}

/**
 * Matches a method and path against the API's route table. A path that exists under another
 * method is `method_not_allowed` (405), a path nobody serves is `not_found` (404 path_not_found).
 */
export function createRouter(routes: AnyRoute[]) {
  const compiled = routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  // Only routes whose first segment is the path's (or a parameter) can match it: one short list
  // per first segment, in the same order, instead of every route's pattern on every request.
  const firstSegment = (path: string) => path.split('/', 2)[1] ?? '';
  const staticFirst = (c: Compiled) => {
    const first = firstSegment(c.route.path);
    return first.startsWith(':') ? undefined : first;
  };
  const anyFirst = compiled.filter((c) => staticFirst(c) === undefined);
  const byFirst = new Map<string, Compiled[]>();
  for (const c of compiled) {
    const first = staticFirst(c);
    if (first !== undefined && !byFirst.has(first))
      byFirst.set(
        first,
        compiled.filter((other) => staticFirst(other) === first || staticFirst(other) === undefined),
      );
  }
  const candidates = (path: string) => byFirst.get(firstSegment(path)) ?? anyFirst;
  return {
    routes,
    match(method: string, path: string): Match {
      const allowed = new Set<string>();
      for (const c of candidates(path)) {
        const m = c.pattern.exec(path);
        if (!m) continue;
        if (c.route.method !== method) {
          allowed.add(c.route.method);
          continue;
        }
        const params: Record<string, string> = {};
        try {
          c.names.forEach((name, i) => {
            const value = decodeURIComponent(m[i + 1] ?? '');
            // An id with a NUL or a lone surrogate names nothing, and Postgres could not even compare it.
            if (!isStorableText(value)) throw new URIError('unstorable path parameter');
            params[name] = value;
          });
        } catch {
          return { kind: 'not_found' }; // malformed or unstorable text names nothing we serve
        }
        return { kind: 'found', route: c.route, params };
      }
      return allowed.size ? { kind: 'method_not_allowed', allowed: [...allowed] } : { kind: 'not_found' };
    },
    /** Every method some route serves on `path` (for a 405's `Allow` header). */
    allowedMethods(path: string): string[] {
      return [
        ...new Set(
          candidates(path)
            .filter((c) => c.pattern.test(path))
            .map((c) => c.route.method),
        ),
      ];
    },
  };
}

export type Router = ReturnType<typeof createRouter>;

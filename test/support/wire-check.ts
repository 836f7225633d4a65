import { z } from 'zod';
import { createRouter } from '../../server/api/router';
import { successStatuses, type SuccessStatus } from '../../server/api/route';
import { apiRoutes } from '../../server/api/routes';
import { errorWire, successWire } from '../../server/api/wire/envelope';

const router = createRouter(apiRoutes);

/** A response whose body is not what `/openapi.json` documents for it. */
export class WireMismatchError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `${method} ${path} answered ${status} with a body /openapi.json does not document:\n` +
        z.prettifyError(new z.ZodError(issues)),
    );
    this.name = 'WireMismatchError';
  }
}

const isJson = (contentType: string | undefined) => /^application\/json\b/i.test(contentType ?? '');

/**
 * The schema a response must match, or none: a 2xx of an API route is `{<key>: resource}` (lists
 * with `meta`) under that route's strict schema; any 4xx/5xx of an API route, or a JSON error the
 * API gives for a path it does not serve, is the error envelope. Other answers (payer pages,
 * health, `/openapi.json` itself) are not API resources. A route's success with a status the
 * document does not declare for it throws `UndeclaredStatusError`.
 */
export function schemaFor(method: string, path: string, status: number, contentType?: string): z.ZodType | undefined {
  const match = router.match(method, path);
  const success = status >= 200 && status < 300;
  // The status first: a route's success is only ever the one the document declares (no bare 204s).
  if (match.kind === 'found' && success && !successStatuses(match.route).includes(status as SuccessStatus))
    throw new UndeclaredStatusError(method, path, status);
  if (!isJson(contentType)) return undefined;
  if (status >= 400) return match.kind === 'found' || isApiError(path) ? errorWire : undefined;
  if (match.kind !== 'found' || !success) return undefined;
  return successWire(match.route);
}

/** A success whose status is not the one `/openapi.json` declares for its route. */
export class UndeclaredStatusError extends Error {
  constructor(method: string, path: string, status: number) {
    super(`${method} ${path} answered ${status}, a status /openapi.json does not declare for it`);
    this.name = 'UndeclaredStatusError';
  }
}

/** Paths outside the route table that the API still answers with its own error envelope. */
const NON_API_PREFIXES = ['/pay', '/sandbox-bank', '/qr', '/assets', '/health', '/metrics', '/openapi.json', '/docs'];
const isApiError = (path: string) =>
  !NON_API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Throws a `WireMismatchError` naming the path and the zod issues when the body breaks the document. */
export function checkWire(method: string, path: string, status: number, body: unknown, contentType?: string): void {
  const schema = schemaFor(method.toUpperCase(), path, status, contentType);
  if (!schema) return;
  const result = schema.safeParse(body);
  if (!result.success) throw new WireMismatchError(method, path, status, result.error.issues);
}

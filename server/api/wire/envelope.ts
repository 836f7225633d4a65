import { z } from 'zod';
import { answersList, type RouteDef } from '../route';

/** `meta` of every list answer: the cursors to the neighbouring pages and the page size. */
export const listMetaWire = z.strictObject({
  cursors: z.strictObject({ before: z.string().nullable(), after: z.string().nullable() }),
  limit: z.number().int(),
});

/**
 * One item of `error.errors`: a reason with its links (e.g. `conflicting_resource_id`), or for
 * validation a field with its JSON pointer into the request body (public API §7).
 */
const errorItemWire = z.strictObject({
  reason: z.string().optional(),
  field: z.string().optional(),
  message: z.string(),
  request_pointer: z.string().optional(),
  links: z.record(z.string(), z.string()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** The error envelope every 4xx and 5xx of the API carries. */
export const errorWire = z.strictObject({
  error: z.strictObject({
    type: z.enum(['gocardless', 'invalid_api_usage', 'invalid_state', 'validation_failed']),
    code: z.number().int(),
    message: z.string(),
    documentation_url: z.string(),
    request_id: z.string(),
    errors: z.array(errorItemWire),
  }),
});

export type ErrorWire = z.output<typeof errorWire>;
export type ErrorItemWire = z.output<typeof errorItemWire>;

/**
 * The body of a route's 2xx: `{<key>: resource}`, or `{<key>: [resources], meta}` for a list, plus
 * the route's own extra keys. Strict at every level: a key the document lacks fails it.
 */
export function successWire(route: RouteDef<any, any>) {
  const resource = route.response ?? z.strictObject({});
  const extras = Object.entries(route.responseExtras ?? {}).map(([key, schema]) => [key, schema.optional()]);
  return z.strictObject({
    [route.resourceKey]: answersList(route) ? z.array(resource) : resource,
    ...(answersList(route) ? { meta: listMetaWire } : {}),
    ...Object.fromEntries(extras),
  });
}

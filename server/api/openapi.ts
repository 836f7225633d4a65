import { z } from 'zod';
import type { Config } from '../config';
import { successStatuses, type RouteDef } from './route';
import { apiRoutes } from './routes';
import { RELEASED_VERSIONS } from './pipeline';
import { errorWire, successWire } from './wire/envelope';

/**
 * The OpenAPI 3.1 document, generated from the same route table and zod schemas the pipeline
 * validates with and the serializers are typed by (`./wire`), so it cannot drift from what the
 * API accepts or sends. Response objects are strict (`additionalProperties: false`).
 */
const toSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

function queryParameters(route: RouteDef<any, any>) {
  if (!route.query) return [];
  const schema = toSchema(route.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => {
    const nested = (s as { type?: string }).type === 'object';
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      // Nested filters such as created_at[gt] are sent with bracketed keys.
      ...(nested ? { style: 'deepObject', explode: true } : {}),
      schema: s,
    };
  });
}

/**
 * The 4xx answers an operation can give, each the error envelope: every request can be malformed
 * (400), unauthenticated (401), forbidden (403) or rate limited (429); one naming an id or writing
 * can find nothing (404); a write can break a rule or meet a state (409, 422).
 */
function errorStatuses(route: RouteDef<any, any>): string[] {
  const writes = route.method !== 'GET';
  const names = route.path.includes(':') || writes;
  return ['400', '401', '403', ...(names ? ['404'] : []), ...(writes ? ['409', '422'] : []), '429'];
}

/** Every error is the one envelope, a named schema. */
const ERROR_RESPONSE = {
  description: 'The error envelope: `error.type`, and per field or rule a `reason`',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/**
 * The version header: not required in the document, so a generated client sets it once for
 * every call (openapi-fetch's `headers`); the server still refuses a request without it (400).
 */
const versionParameter = (config: Config) => ({
  name: config.versionHeader,
  in: 'header',
  required: false,
  description: 'The API version. Every request sends it; without it the answer is 400 missing_version_header.',
  schema: { type: 'string', enum: RELEASED_VERSIONS, default: RELEASED_VERSIONS[0] },
});

function operation(route: RouteDef<any, any>, config: Config) {
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const success = toSchema(successWire(route), 'output');
  const wrappers = route.kind === 'action' ? ['data', ...(route.bodyKeys ?? [])] : [route.resourceKey];
  const inner = route.body ? toSchema(route.body, 'input') : { type: 'object', additionalProperties: false };
  const hasBody = route.method === 'POST' || route.method === 'PUT';

  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(route.extension ? { 'x-bankflow-extension': true } : {}),
    parameters: [
      versionParameter(config),
      ...(route.method === 'POST'
        ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 128 } }]
        : []),
      ...pathParams,
      ...queryParameters(route),
    ],
    ...(hasBody
      ? {
          requestBody: {
            required: route.kind !== 'action',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  ...(route.kind === 'action' ? {} : { required: [route.resourceKey] }),
                  properties: Object.fromEntries(wrappers.map((w) => [w, inner])),
                  ...(route.kind === 'action' ? { maxProperties: 1 } : {}),
                },
              },
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        successStatuses(route).map((status) => [
          String(status),
          {
            description: status === 201 ? 'Created' : 'Success',
            content: route.answersFile
              ? Object.fromEntries(
                  route.answersFile.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
                )
              : { 'application/json': { schema: success } },
          },
        ]),
      ),
      ...Object.fromEntries(errorStatuses(route).map((status) => [status, ERROR_RESPONSE])),
      default: ERROR_RESPONSE,
    },
  };
}

let cached: { key: string; document: unknown } | undefined;

export function openApiDocument(config: Config) {
  const key = `${config.publicUrl}|${config.versionHeader}`;
  if (cached?.key === key) return cached.document;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of apiRoutes) {
    const p = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[p] ??= {})[route.method.toLowerCase()] = operation(route, config);
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'bankflow API',
      version: RELEASED_VERSIONS[0],
      description: 'Direct debit and bank payment collection. JSON over HTTPS; see the README for conventions.',
    },
    servers: [{ url: config.publicUrl }],
    // One tag per resource group, declared once so generated clients and docs group operations.
    tags: [...new Set(apiRoutes.map((route) => route.tag))].sort().map((name) => ({ name })),
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: toSchema(errorWire, 'output') },
    },
    paths,
  };
  cached = { key, document };
  return document;
}

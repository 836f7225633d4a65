import { z } from 'zod';
import type { Config } from '../config';
import { answersList, successStatuses, type RouteDef, type RouteKind } from './route';
import { documentedAs } from './documented';
import { apiRoutes } from './routes';
import { RELEASED_VERSIONS } from './pipeline';
import { errorWire, listMetaWire } from './wire/envelope';
import { TAG_DESCRIPTIONS } from './openapi-tags';

/**
 * The OpenAPI 3.1 document, generated from the same route table and zod schemas the pipeline
 * validates with and the serializers are typed by (`./wire`), so it cannot drift from what the
 * API accepts or sends. Response objects are strict (`additionalProperties: false`).
 */
const toSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // A schema registered in `documentedAs` is documented as its registered form (keeping its description).
    override: (ctx) => {
      const documented = documentedAs.get(ctx.zodSchema as unknown as z.core.$ZodType);
      if (!documented) return;
      const { $schema: _nested, ...form } = z.toJSONSchema(documented, { io, unrepresentable: 'any' });
      Object.assign(ctx.jsonSchema, form);
    },
  }) as Record<string, unknown>;
  return rest;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (words: string) => words.replace(/(?:^|_)(\w)/g, (_, c: string) => c.toUpperCase());
const singular = (key: string) => key.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');

/**
 * One named component schema per resource schema (`Mandate`, `CustomerBankAccount`), so a generated
 * client has a type to import by name. Named from the answer's key; a second schema under the same
 * key (outbound payment stats) is named from its operation.
 */
function resourceComponents(routes: readonly RouteDef<any, any>[]) {
  const names = new Map<z.ZodType, string>();
  const schemas: Record<string, unknown> = {};
  for (const route of routes) {
    const resource = route.response ?? EMPTY;
    if (names.has(resource)) continue;
    const byKey = pascal(singular(route.resourceKey));
    const name = byKey in schemas ? pascal(route.operationId.replace(/^\w/, (c) => c.toUpperCase())) : byKey;
    if (name in schemas) throw new Error(`two resource schemas named ${name}`);
    names.set(resource, name);
    schemas[name] = toSchema(resource, 'output');
  }
  return { names, schemas };
}

const EMPTY = z.strictObject({});

/**
 * A success body: `{<key>: Resource}`, or `{<key>: [Resource], meta}` for a list, plus the route's
 * extra keys; what `successWire` (the test client's check) says, with the resource by name.
 */
function successSchema(route: RouteDef<any, any>, names: Map<z.ZodType, string>) {
  const resource = ref(names.get(route.response ?? EMPTY)!);
  const list = answersList(route);
  return {
    type: 'object',
    properties: {
      [route.resourceKey]: list ? { type: 'array', items: resource } : resource,
      ...(list ? { meta: ref('ListMeta') } : {}),
      ...Object.fromEntries(
        Object.entries(route.responseExtras ?? {}).map(([key, schema]) => [key, toSchema(schema, 'output')]),
      ),
    },
    required: [route.resourceKey, ...(list ? ['meta'] : [])],
    additionalProperties: false,
  };
}

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
  content: { 'application/json': { schema: ref('Error') } },
};

/**
 * The version header: not required in the document, so a generated client sets it once for
 * every call (openapi-fetch's `headers`); the server still refuses a request without it (400).
 */
const versionParameter = (config: Config) => ({
  name: config.versionHeader,
  in: 'header',
  required: false,
  description:
    'The API version. Set it once on the client (its default is the one version released); the server answers 400 ' +
    '`missing_version_header` to a request without it, as the real API does.',
  schema: { type: 'string', enum: RELEASED_VERSIONS, default: RELEASED_VERSIONS[0] },
});

/** What an operation does with its body and answer, by kind: the conventions a generated client cannot show. */
const KIND_DESCRIPTIONS: Record<RouteKind, (key: string) => string> = {
  create: (key) =>
    `Creates one: the body is \`{"${key}": {...}}\`, the answer the new resource under \`${key}\` ` +
    'with its `Location`. An `Idempotency-Key` makes a retry safe.',
  update: (key) =>
    `Changes what the body names under \`${key}\` and nothing else (\`null\` clears a field); answers the resource.`,
  action: (key) =>
    `An action: the body, if any, is \`{"data": {...}}\`; answers the resource under \`${key}\` as it now is.`,
  read: (key) => `Reads one by id; another organisation's id is 404. Answers it under \`${key}\`.`,
  list: (key) =>
    `A page under \`${key}\`, with \`meta.cursors\` (\`before\`, \`after\`) to the neighbouring pages and \`meta.limit\`.`,
  delete: (key) => `Deletes it; answers the resource under \`${key}\` as it now is.`,
};

function operation(route: RouteDef<any, any>, config: Config, names: Map<z.ZodType, string>) {
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    description: m[1] === 'id' ? 'The resource’s id.' : `The ${m[1]!.replace(/_/g, ' ')}.`,
    schema: { type: 'string' },
  }));
  const success = successSchema(route, names);
  const wrappers = route.kind === 'action' ? ['data', ...(route.bodyKeys ?? [])] : [route.resourceKey];
  const inner = route.body ? toSchema(route.body, 'input') : { type: 'object', additionalProperties: false };
  const hasBody = route.method === 'POST' || route.method === 'PUT';

  return {
    operationId: route.operationId,
    summary: route.summary,
    description:
      KIND_DESCRIPTIONS[route.kind](route.resourceKey) +
      (route.extension ? ' A bankflow extension, not in the public API.' : ''),
    tags: [route.tag],
    ...(route.extension ? { 'x-bankflow-extension': true } : {}),
    parameters: [
      versionParameter(config),
      ...(route.method === 'POST'
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'A key of your choosing: a retry with the same key answers what the first request did.',
              schema: { type: 'string', maxLength: 128 },
            },
          ]
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
  const resources = resourceComponents(apiRoutes);
  for (const route of apiRoutes) {
    const p = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[p] ??= {})[route.method.toLowerCase()] = operation(route, config, resources.names);
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
    tags: [...new Set(apiRoutes.map((route) => route.tag))]
      .sort()
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: toSchema(errorWire, 'output'),
        ListMeta: toSchema(listMetaWire, 'output'),
        ...resources.schemas,
      },
    },
    paths,
  };
  cached = { key, document };
  return document;
}

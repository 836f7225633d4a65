import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../server/config';
import { openApiDocument } from '../../server/api/openapi';
import { apiRoutes } from '../../server/api/routes';
import { successWire } from '../../server/api/wire/envelope';
import { justifiedIgnores, lintOpenApi } from '../support/openapi-lint';

// A deployment's public address: the default (localhost) is itself a lint finding, rightly.
const config = loadConfig({ DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://api.bankflow.test' });
const document = openApiDocument(config) as any;

/** The schema with every `#/components/schemas/…` reference replaced by what it names. */
function inlined(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inlined);
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') return inlined(document.components.schemas[$ref.replace('#/components/schemas/', '')]);
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlined(v)]));
}

describe('/openapi.json for generated clients', () => {
  it('passes Redocly’s and Spectral’s recommended rules but for the ignores justified in docs/openapi-lint.md', async () => {
    const ignores = justifiedIgnores();
    for (const ignore of ignores) expect(ignore.why.length, `${ignore.rule}: a reason`).toBeGreaterThan(20);
    const problems = await lintOpenApi(document);
    const ignored = (p: (typeof problems)[number]) =>
      ignores.some((i) => i.linter === p.linter && i.rule === p.rule && i.at === p.at);
    expect(problems.filter((p) => !ignored(p))).toEqual([]);
    // An ignore the linters no longer report is stale: the table says only what is still true.
    const stale = ignores.filter(
      (i) => !problems.some((p) => p.linter === i.linter && p.rule === i.rule && p.at === i.at),
    );
    expect(stale).toEqual([]);
  }, 90_000);

  it('names each resource schema once and answers it by $ref, saying exactly what the test client checks', () => {
    const schemas = document.components.schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Error', 'ListMeta', 'Customer', 'Mandate', 'Payment']),
    );
    for (const route of apiRoutes) {
      if (route.answersFile) continue;
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path][route.method.toLowerCase()];
      for (const status of Object.keys(operation.responses).filter((s) => s.startsWith('2'))) {
        const schema = operation.responses[status].content['application/json'].schema;
        const resource = schema.properties[route.resourceKey];
        expect((resource.items ?? resource).$ref, `${route.method} ${path}`).toMatch(/^#\/components\/schemas\/\w+$/);
        const { $schema: _s, ...checked } = z.toJSONSchema(successWire(route), {
          io: 'output',
          unrepresentable: 'any',
        });
        expect(inlined(schema), `${route.method} ${path}`).toEqual(checked);
      }
    }
  });

  it('gives every operation a summary, a described tag, its 4xx answers and an optional version header with a default', () => {
    const tags = new Map<string, string>(document.tags.map((t: any) => [t.name, t.description]));
    for (const [path, operations] of Object.entries<any>(document.paths))
      for (const [method, operation] of Object.entries<any>(operations)) {
        const at = `${method} ${path}`;
        expect(operation.summary, at).toBeTruthy();
        expect(operation.description, at).toBeTruthy();
        expect(tags.get(operation.tags[0]), at).toBeTruthy();
        expect(Object.keys(operation.responses), at).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
        expect(operation.responses['400'].content['application/json'].schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
        const version = operation.parameters.find((p: any) => p.name === config.versionHeader);
        expect(version, at).toMatchObject({ in: 'header', required: false, schema: { default: '2015-07-06' } });
      }
  });

  it('types `instalments` in every instalment schedule body: dated instalments, an interval, or either', () => {
    const forms = Object.entries<any>(document.paths)
      .filter(([path]) => path.startsWith('/instalment_schedules') && !path.includes('{'))
      .flatMap(([path, ops]) => (ops.post ? [[path, ops.post]] : []))
      .map(([path, op]) => {
        const s =
          op.requestBody.content['application/json'].schema.properties.instalment_schedules.properties.instalments;
        return [path, s.type ?? (s.anyOf as any[]).map((f) => f.type).join('|')];
      });
    expect(Object.fromEntries(forms)).toEqual({
      '/instalment_schedules': 'array|object',
      '/instalment_schedules/with_dates': 'array',
      '/instalment_schedules/with_schedule': 'object',
      '/instalment_schedules/create_with_dates': 'array',
      '/instalment_schedules/create_with_schedule': 'object',
    });
  });
});

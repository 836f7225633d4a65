import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';
import { checkWire, UndeclaredStatusError, WireMismatchError } from '../support/wire-check';

type Schema = Record<string, any>;

/** Every object schema inside a JSON schema, with where it sits. */
function objectSchemas(schema: Schema, at: string, components: Schema, out: [string, Schema][] = []) {
  if (!schema || typeof schema !== 'object') return out;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return objectSchemas(components[name], `${at}→${name}`, components, out);
  }
  if (schema.type === 'object') out.push([at, schema]);
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    objectSchemas(child as Schema, `${at}.${key}`, components, out);
  if (schema.items) objectSchemas(schema.items, `${at}[]`, components, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    objectSchemas(schema.additionalProperties, `${at}{}`, components, out);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, child] of (schema[key] ?? []).entries()) objectSchemas(child, `${at}|${i}`, components, out);
  return out;
}

describe('the wire format at the API edge', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('/openapi.json closes every response object: documented keys only, or a map of values', async () => {
    const doc = (await server.anonymous.get('/openapi.json')).body;
    const components = doc.components.schemas;
    const objects: [string, Schema][] = [];
    for (const [path, operations] of Object.entries<Schema>(doc.paths))
      for (const [method, operation] of Object.entries<Schema>(operations))
        for (const [status, response] of Object.entries<Schema>(operation.responses)) {
          // A file answer (a bank submission's file) is bytes, not a JSON object.
          if (!response.content['application/json']) {
            expect(operation['x-bankflow-extension'], `${method} ${path}`).toBe(true);
            continue;
          }
          objectSchemas(
            response.content['application/json'].schema,
            `${method} ${path} ${status}`,
            components,
            objects,
          );
        }

    expect(objects.length).toBeGreaterThan(500);
    const open = objects.filter(([, s]) =>
      s.properties ? s.additionalProperties !== false : typeof s.additionalProperties !== 'object',
    );
    expect(open.map(([at]) => at)).toEqual([]);
    // The fields the document used to leave out are in it now.
    const mandate = doc.paths['/mandates/{id}'].get.responses['200'].content['application/json'].schema;
    expect(mandate.properties.mandates).toEqual({ $ref: '#/components/schemas/Mandate' });
    expect(Object.keys(components.Mandate.properties)).toEqual(
      expect.arrayContaining(['payments_require_approval', 'funds_settlement', 'mandate_type']),
    );
  });

  it('fails a real answer that carries a field the document does not have, naming the path and the key', async () => {
    const merchant = await server.merchant();
    const created = await merchant.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'wire@example.com' },
    });
    expect(created.status).toBe(201);
    const path = `/blocks/${created.body.blocks.id}`;
    const read = await merchant.api.get(path);
    expect(() => checkWire('GET', path, 200, read.body, 'application/json')).not.toThrow();

    const tampered = { blocks: { ...read.body.blocks, internal_note: 'x' } };
    let mismatch: unknown;
    try {
      checkWire('GET', path, 200, tampered, 'application/json');
    } catch (error) {
      mismatch = error;
    }
    expect(mismatch).toBeInstanceOf(WireMismatchError);
    expect((mismatch as WireMismatchError).path).toBe(path);
    expect((mismatch as WireMismatchError).issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['internal_note'], path: ['blocks'] }),
    ]);
  });

  it('fails an error answer that is not the envelope', async () => {
    const merchant = await server.merchant();
    const missing = await merchant.api.get('/blocks/BLC000');
    expect(missing.status).toBe(404);
    const widened = { error: { ...missing.body.error, hint: 'x' } };
    expect(() => checkWire('GET', '/blocks/BLC000', 404, widened, 'application/json')).toThrow(WireMismatchError);
    expect(() => checkWire('GET', '/blocks/BLC000', 404, { error: 'not_found' }, 'application/json')).toThrow(
      WireMismatchError,
    );
  });

  it('makes the test client itself reject an answer with an undocumented field', async () => {
    const block = {
      id: 'BLC123',
      block_type: 'email',
      reason_type: 'other',
      reason_description: null,
      resource_reference: 'a@example.com',
      active: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const stub = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      const extra = req.url === '/blocks/BLC999' ? { internal_note: 'x' } : {};
      res.end(JSON.stringify({ blocks: { ...block, ...extra } }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const client = new ApiClient(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`, 'token');
      expect((await client.get('/blocks/BLC123')).status).toBe(200);
      await expect(client.get('/blocks/BLC999')).rejects.toThrow(WireMismatchError);
      await expect(client.get('/blocks/BLC999')).rejects.toThrow(/GET \/blocks\/BLC999 .*internal_note/s);
    } finally {
      await new Promise((resolve) => stub.close(resolve));
    }
  });

  it('declares each route’s own success status, and the test client refuses any other', async () => {
    const doc = (await server.anonymous.get('/openapi.json')).body;
    const successes = (path: string, method: string) =>
      Object.keys(doc.paths[path][method].responses).filter((status) => status.startsWith('2'));
    expect(successes('/mandate_pdfs', 'post')).toEqual(['200']);
    expect(successes('/blocks/block_by_ref', 'post')).toEqual(['200', '201']);
    expect(successes('/customers/{id}', 'delete')).toEqual(['200']);
    expect(successes('/customers', 'post')).toEqual(['201']);
    const block = { blocks: [], meta: { cursors: { before: null, after: null }, limit: 0 } };
    expect(() => checkWire('GET', '/customers/CU1', 201, {}, 'application/json')).toThrow(UndeclaredStatusError);
    expect(() => checkWire('DELETE', '/customers/CU1', 204, undefined)).toThrow(UndeclaredStatusError);
    expect(() => checkWire('POST', '/blocks/block_by_ref', 201, block, 'application/json')).not.toThrow();
  });

  it('declares the 4xx answers as the named error envelope, tags, and a version header a client sets once', async () => {
    const doc = (await server.anonymous.get('/openapi.json')).body;
    const create = doc.paths['/customers'].post;
    for (const status of ['400', '401', '403', '404', '409', '422', '429'])
      expect(create.responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    expect(doc.paths['/customers'].get.responses['422']).toBeUndefined();
    const version = create.parameters.find((p: { name: string }) => p.name === server.config.versionHeader);
    expect(version).toMatchObject({ in: 'header', required: false, schema: { default: '2015-07-06' } });
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('Customers');
    expect(create.tags).toEqual(['Customers']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../server/domain/blocks/types';
import { createLogger } from '../../server/logger';
import { startTestServer, type TestServer } from '../support/server';

/** Health, the OpenAPI document, internal errors and timeouts: the server around the pipeline. */
describe('GET /health', () => {
  it('answers 503 until the database is migrated and the server is ready, then 200', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await startTestServer({ holdStartup: held });
    try {
      const starting = await server.anonymous.get('/health', { headers: { accept: null } });
      expect(starting.status).toBe(503);
      expect(starting.body.status).toBe('starting');
      const api = await server.anonymous.withToken('sandbox_x').get('/blocks');
      expect(api.status).toBe(503);
      expect(api.body.error.errors[0].reason).toBe('service_unavailable');
      release();
      await server.ready;
      const ready = await server.anonymous.get('/health');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', environment: 'sandbox' });
    } finally {
      release();
      await server.close();
    }
  });
});

describe('GET /openapi.json', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('is an OpenAPI 3.1 document generated from the validating schemas', async () => {
    const res = await server.anonymous.get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/blocks', '/blocks/{id}', '/blocks/{id}/actions/disable', '/events']),
    );
    const create = doc.paths['/blocks'].post;
    expect(create.operationId).toBe('createBlock');
    const inner = create.requestBody.content['application/json'].schema.properties.blocks;
    expect(inner.properties.block_type.enum).toEqual([...BLOCK_TYPES]);
    expect(inner.additionalProperties).toBe(false);
    expect(create.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Service-Version', 'Idempotency-Key']),
    );
    const list = doc.paths['/blocks'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['before', 'after', 'limit']),
    );
  });
});

describe('internal errors', () => {
  it('logs a 500 with its request id and answers without internals', async () => {
    const lines: string[] = [];
    const server = await startTestServer({ logger: createLogger('error', (l) => lines.push(l)) });
    try {
      const m = await server.merchant();
      await server.services.db.query('ALTER TABLE blocks RENAME TO blocks_gone');
      const res = await m.api.get('/blocks');
      expect(res.status).toBe(500);
      expect(res.body.error.type).toBe('gocardless');
      expect(res.body.error.errors[0].reason).toBe('internal_server_error');
      expect(res.text).not.toMatch(/blocks_gone|relation|stack|at /);
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
      expect(logged.request_id).toBe(res.body.error.request_id);
      expect(logged.error).toMatch(/blocks/);
      expect(lines.join('\n')).not.toContain(m.token);
    } finally {
      await server.close();
    }
  });

  it('answers 504 request_timed_out when a request takes longer than the limit', async () => {
    const server = await startTestServer({ requestTimeoutMs: 100 });
    try {
      const m = await server.merchant();
      // Hold a lock on the blocks table for longer than the request may take.
      const held = server.services.db.transaction(async (tx) => {
        await tx.query('LOCK TABLE blocks IN ACCESS EXCLUSIVE MODE');
        await new Promise((r) => setTimeout(r, 400));
      });
      await new Promise((r) => setTimeout(r, 20));
      const res = await m.api.get('/blocks');
      expect(res.status).toBe(504);
      expect(res.body.error.errors[0].reason).toBe('request_timed_out');
      await held;
    } finally {
      await server.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../server/domain/blocks/types';
import type { Database } from '../../server/db/db';
import { DISK_FULL_QUIET_MS } from '../../server/disk-full-episodes';
import { createLogger } from '../../server/logger';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
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

describe('the database away', () => {
  /** A store that fails every statement with `failure` while it is set, as a stopped Postgres or a full disk does. */
  async function failingStore() {
    const db = await createTestDatabase();
    let failure: Error | undefined;
    const guard = <T>(run: () => Promise<T>) => (failure ? Promise.reject(failure) : run());
    const wrapped: Database = {
      ...db,
      query: (text, params) => guard(() => db.query(text, params)),
      exec: (script) => guard(() => db.exec(script)),
      transaction: (fn, options) => guard(() => db.transaction(fn, options)),
      close: () => db.close(),
    };
    return { db: wrapped, fail: (error?: Error) => (failure = error) };
  }
  const post = (m: Merchant) =>
    m.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: `x${Date.now()}@away.example` },
    });

  it('answers 503 database_unavailable with Retry-After, not "starting up", while Postgres is unreachable', async () => {
    const store = await failingStore();
    const server = await startTestServer({ db: store.db, schemeClockIntervalMs: 0 });
    try {
      const m = await server.merchant();
      store.fail(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      for (const res of [await m.api.get('/blocks'), await post(m)]) {
        expect(res.status).toBe(503);
        expect(res.body.error.type).toBe('gocardless');
        expect(res.body.error.errors[0].reason).toBe('database_unavailable');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      store.fail(undefined);
      await server.close();
    }
  });

  it('logs a full disk once per episode, whoever meets it, and once more when writes succeed again', async () => {
    const lines: string[] = [];
    const store = await failingStore();
    const server = await startTestServer({
      db: store.db,
      schemeClockIntervalMs: 0,
      logger: createLogger('info', (l) => lines.push(l)),
    });
    const full = () =>
      Object.assign(new Error('could not extend file "base/5/16541": No space left on device'), { code: '53100' });
    const logged = (pattern: RegExp) => lines.filter((l) => pattern.test(JSON.parse(l).msg)).length;
    try {
      const m = await server.merchant();
      store.fail(full());
      for (let i = 0; i < 5; i++) {
        const res = await post(m);
        expect(res.status).toBe(503);
        expect(res.body.error.errors[0].reason).toBe('database_unavailable');
      }
      // A background job meeting the same full disk adds nothing to the episode's line.
      server.services.logger.error('webhook worker failed', { error: String(full()) });
      expect(logged(/^disk full \(ENOSPC\)/)).toBe(1);
      expect(lines.filter((l) => /No space left on device/.test(l))).toHaveLength(1);
      store.fail(undefined);
      expect((await post(m)).status).toBe(201);
      // Once no write has failed for the quiet time: a success between failures is not the space back.
      await expect.poll(() => logged(/^disk space back/), { timeout: DISK_FULL_QUIET_MS + 3_000 }).toBe(1);
      // A second episode is a second line.
      store.fail(full());
      expect((await post(m)).status).toBe(503);
      expect(logged(/^disk full \(ENOSPC\)/)).toBe(2);
    } finally {
      store.fail(undefined);
      await server.close();
    }
    // The quiet time (10 s) is waited out once.
  }, 60_000);
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

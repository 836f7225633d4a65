import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 17, "Operations" and defect 6 on the API side: the probes, the metrics and who may read
 * them, the request id on every answer, and the headers every API response carries.
 */
let server: TestServer;
let raw: PageClient;

beforeAll(async () => {
  server = await startTestServer();
  raw = new PageClient(server.url);
});
afterAll(() => server?.close());

describe('health probes', () => {
  it('GET /health/live answers 200 while the process runs', async () => {
    const res = await raw.get('/health/live');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.html)).toEqual({ status: 'ok' });
  });

  it('GET /health/ready answers 200 with each check passed once started', async () => {
    const res = await raw.get('/health/ready');
    expect(res.status).toBe(200);
    const body = JSON.parse(res.html);
    expect(body.status).toBe('ok');
    expect(body.checks).toMatchObject({ started: 'ok', database: 'ok', migrations: 'current' });
    // The test helper's database is not opened from DATA_DIR, so there is no lock to hold.
    expect(body.checks.data_directory).toBe('not_used');
  });

  it('GET /health/ready answers 503 with Retry-After while the server has not finished starting', async () => {
    let release!: () => void;
    const holdStartup = new Promise<void>((r) => (release = r));
    const starting = await startTestServer({ holdStartup });
    try {
      const res = await new PageClient(starting.url).get('/health/ready');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(JSON.parse(res.html).checks.started).toBe('starting');
      expect((await new PageClient(starting.url).get('/health/live')).status).toBe(200);
    } finally {
      release();
      await starting.ready;
      await starting.close();
    }
  });

  it('GET /health/ready answers 503 when the data directory is no longer held', async () => {
    let held = true;
    const { createTestDatabase } = await import('../support/database');
    const db = await createTestDatabase();
    const lockWatched = await startTestServer({ db: { ...db, dataDirHeld: () => held } });
    try {
      const client = new PageClient(lockWatched.url);
      expect(JSON.parse((await client.get('/health/ready')).html).checks.data_directory).toBe('held');
      held = false;
      const res = await client.get('/health/ready');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.html).checks.data_directory).toBe('lost');
    } finally {
      await lockWatched.close();
    }
  });
});

describe('request id', () => {
  it('every API answer carries X-Request-Id, the same id as an error body request_id', async () => {
    const res = await server.anonymous.get('/customers');
    expect(res.status).toBe(401);
    expect(res.headers['x-request-id']).toMatch(/^RQ/);
    expect(res.body.error.request_id).toBe(res.headers['x-request-id']);
  });

  it('non-API answers (probes, pages) carry one too', async () => {
    expect((await raw.get('/health/live')).headers['x-request-id']).toMatch(/^RQ/);
  });
});

describe('API response headers', () => {
  it('sends X-Content-Type-Options: nosniff and Strict-Transport-Security on API answers', async () => {
    const m = await server.merchant();
    for (const res of [await m.api.get('/customers'), await server.anonymous.get('/customers')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });
});

describe('metrics', () => {
  it('serves Prometheus metrics to loopback: requests by route template and status, latency, backlog, lags', async () => {
    const m = await server.merchant();
    await m.api.get('/customers');
    const res = await raw.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.html).toMatch(/bankflow_http_requests_total\{route="\/customers",method="GET",status="200"\} \d+/);
    expect(res.html).toMatch(/bankflow_http_request_duration_seconds_bucket\{le="0.5",route="\/customers"/);
    expect(res.html).toMatch(/^bankflow_webhook_backlog \d+/m);
    expect(res.html).toMatch(/^bankflow_webhook_delivery_lag_seconds [\d.]+/m);
    expect(res.html).toMatch(/^bankflow_scheme_clock_lag_seconds [\d.]+/m);
    expect(res.html).toMatch(/^bankflow_http_connections_open \d+/m);
    expect(res.html).toContain('bankflow_rate_limit_refusals_total');
    if (server.services.db.kind === 'postgres')
      expect(res.html).toMatch(/bankflow_db_pool_connections\{state="total"\} \d+/);
  });

  it('labels unknown API paths as one series, so a scan cannot grow the metrics', async () => {
    await server.anonymous.get('/no-such-thing-1');
    await server.anonymous.get('/no-such-thing-2');
    const res = await raw.get('/metrics');
    expect(res.html).not.toContain('no-such-thing');
    expect(res.html).toMatch(/route="unmatched"/);
  });

  it('refuses a scrape relayed by a proxy for an address outside METRICS_ALLOW', async () => {
    const res = await raw.get('/metrics', { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(403);
  });

  it('refuses every scrape when loopback is not in METRICS_ALLOW', async () => {
    const closed = await startTestServer({ env: { METRICS_ALLOW: '10.0.0.0/8' } });
    try {
      expect((await new PageClient(closed.url).get('/metrics')).status).toBe(403);
    } finally {
      await closed.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { prepareStore, spawnServer, type Spawned, type SpawnedStore } from '../support/spawned';

/**
 * The one edge (decision 0066) in a real server process over HTTPS: a caller's request id comes
 * back and is on the process's log line, one of ours replaces an invalid one, and the scrape
 * names probes by their own routes and counts refused connections as a `_total` counter.
 */
let store: SpawnedStore;
let server: Spawned;

beforeAll(async () => {
  store = await prepareStore();
  server = await spawnServer(store.env);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await store?.close();
});

const logLines = () =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; request_id?: string });

describe('the edge of a server process', () => {
  it('answers with the caller’s request id and logs it, on the API and a page', async () => {
    const client = new PageClient(server.url);
    const api = await client.get('/customers', { 'x-request-id': 'proxy-7f3a', accept: 'application/json' });
    expect(api.status).toBe(401);
    expect(api.headers['x-request-id']).toBe('proxy-7f3a');
    expect(JSON.parse(api.html).error.request_id).toBe('proxy-7f3a');
    const page = await client.get('/dashboard/sign-in', {
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    });
    expect(page.headers['x-request-id']).toBe('0af7651916cd43dd8448eb211c80319c');
    const invalid = await client.get('/customers', { 'x-request-id': 'x'.repeat(201), accept: 'application/json' });
    expect(invalid.headers['x-request-id']).toMatch(/^RQ[0-9A-Z]{26}$/);

    await expect
      .poll(() => logLines().some((l) => l.msg === 'api request' && l.request_id === 'proxy-7f3a'))
      .toBe(true);
    await expect
      .poll(() =>
        logLines().some((l) => l.msg === 'page request' && l.request_id === '0af7651916cd43dd8448eb211c80319c'),
      )
      .toBe(true);
  });

  it('labels probes by their route and counts refused connections as a counter', async () => {
    const client = new PageClient(server.url);
    expect((await client.get('/health/ready')).status).toBe(200);
    const text = (await client.get('/metrics')).html;
    expect(text).toMatch(/^bankflow_http_requests_total\{route="\/health\/ready",method="GET",status="200"\} [1-9]/m);
    expect(text).toContain('# TYPE bankflow_http_connections_refused_total counter');
    expect(text).toMatch(/^bankflow_build_info\{version="[^"]+",node_version="v[^"]+"\} 1$/m);
  });
});

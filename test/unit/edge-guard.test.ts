import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdge } from '../../server/http/edge';
import type { ApiHandler } from '../../server/api/pipeline';
import { createRouter } from '../../server/api/router';
import { apiRoutes } from '../../server/api/routes';
import { loadConfig } from '../../server/config';
import type { Services } from '../../server/container';

/**
 * The edge's last guard (decision 0055): when the answer itself cannot be written — here a header
 * value node refuses — the client gets a 500 and the process lives on, instead of an unhandled
 * rejection that would stop the server.
 */
let server: http.Server;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  const services = {
    ids: () => 'RQ00000000000000000000000000',
    // The edge runs each request as one the store serves (decision 0057); no store is needed here.
    db: { serving: <T>(work: () => T) => work() },
    logger: { debug() {}, info() {}, warn() {}, error: (msg: string) => logged.push(msg) },
  } as unknown as Services;
  const api: ApiHandler = async () => ({ status: 200, headers: { 'x-broken': 'a\nb' }, body: '{}' });
  const listener = createEdge({
    services,
    config: loadConfig({ DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent' }),
    api,
    router: createRouter(apiRoutes),
    web: () => new Response('Not found', { status: 404 }),
  });
  server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the edge writing an API answer', () => {
  it('answers 500 when node refuses the answer, logs it, and keeps serving', async () => {
    const first = await fetch(`${base}/blocks`);
    expect(first.status).toBe(500);
    expect(logged).toContain('could not write an API answer');
    const second = await fetch(`${base}/blocks`);
    expect(second.status).toBe(500);
    // A path the API does not serve still goes to the page app.
    const other = await fetch(`${base}/no_such_thing`);
    expect(other.status).toBe(404);
    expect(other.headers.get('x-request-id')).toBe('RQ00000000000000000000000000');
  });
});

import https from 'node:https';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

/**
 * The API answered straight on node's request and response (decision 0055): what Hono and undici
 * did for it before must still hold — repeated headers read as a web `Headers` reads them,
 * compression and `Vary` as hono/compress chose them, the security headers, and odd request
 * targets answered as a URL parser reads them.
 */
let server: TestServer;
let merchant: Merchant;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await server.merchant();
  port = Number(new URL(server.url).port);
  for (let i = 0; i < 12; i++) {
    const block = { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: `e${i}@example.com` };
    expect((await merchant.api.post('/blocks', { blocks: block })).status).toBe(201);
  }
});
afterAll(() => server?.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with headers given as node's raw list, so a header can be sent twice. */
function raw(method: string, path: string, rawHeaders: string[], body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: rawHeaders as unknown as Record<string, string>,
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const apiHeaders = () => [
  'Host',
  'localhost',
  'Authorization',
  `Bearer ${merchant.token}`,
  'Service-Version',
  '2015-07-06',
  'Accept',
  'application/json',
];
const reasonOf = (res: Raw) => JSON.parse(res.body.toString()).error.errors[0].reason;

describe('the API edge', () => {
  it('reads a repeated Authorization header as both values, so two tokens authenticate neither', async () => {
    const twice = await raw('GET', '/blocks', [...apiHeaders(), 'Authorization', `Bearer ${merchant.token}`]);
    expect(twice.status).toBe(401);
    expect(reasonOf(twice)).toBe('invalid_authorization_header');
  });

  it('reads header names in any case, as the version header is configured', async () => {
    const res = await raw('GET', '/blocks', [
      'host',
      'localhost',
      'AUTHORIZATION',
      `Bearer ${merchant.token}`,
      'service-VERSION',
      '2015-07-06',
      'ACCEPT',
      'application/json',
    ]);
    expect(res.status).toBe(200);
  });

  it('compresses a list of 1 KB or more with the encoding the client prefers, and says Vary', async () => {
    const plain = await raw('GET', '/blocks?limit=12', apiHeaders());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzip = await raw('GET', '/blocks?limit=12', [...apiHeaders(), 'Accept-Encoding', 'gzip, deflate, br']);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString()).blocks).toHaveLength(12);
    const deflate = await raw('GET', '/blocks?limit=12', [...apiHeaders(), 'Accept-Encoding', 'gzip;q=0.5, deflate']);
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(zlib.inflateSync(deflate.body).toString()).blocks).toHaveLength(12);
    const small = await raw('GET', '/blocks?limit=1', [...apiHeaders(), 'Accept-Encoding', 'gzip']);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
  });

  it('sends the security headers and the request id on every API answer', async () => {
    const res = await raw('GET', '/blocks', apiHeaders());
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+$/);
    expect(res.headers['x-request-id']).toMatch(/^RQ[0-9A-Z]{26}$/);
    const refused = await raw('GET', '/blocks/BLC0', apiHeaders());
    expect(refused.status).toBe(404);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['x-request-id']).toBe(JSON.parse(refused.body.toString()).error.request_id);
  });

  it('answers odd request targets as a URL parser reads them', async () => {
    const dots = await raw('GET', '/customers/../blocks?limit=1', apiHeaders());
    expect(dots.status).toBe(200);
    expect(JSON.parse(dots.body.toString()).blocks).toHaveLength(1);
    // A URL parser keeps percent-escapes in a path: `/%62locks` is not `/blocks`.
    const encoded = await raw('GET', '/%62locks?limit=1', apiHeaders());
    expect(encoded.status).toBe(404);
    expect(reasonOf(encoded)).toBe('path_not_found');
    const unknown = await raw('GET', '/no_such_resource', apiHeaders());
    expect(unknown.status).toBe(404);
    expect(reasonOf(unknown)).toBe('path_not_found');
  });
});

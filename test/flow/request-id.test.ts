import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Issue 40 point 6 and issue 35's one edge: the caller's `X-Request-Id` (bounded, id characters
 * only) or W3C `traceparent` trace id becomes the request's id on every handler behind the edge —
 * the API on node's objects, the API through the page app, a payer page, the dashboard, a probe —
 * in the answer's `X-Request-Id`, its log line and an API error's `request_id`. Anything else is
 * ignored and the edge makes an id of its own.
 */
const lines: string[] = [];
let server: TestServer;
let m: Merchant;
let flowPath: string;

beforeAll(async () => {
  server = await startPagesServer({ logger: createLogger('info', (line) => lines.push(line)) });
  m = await server.merchant();
  const br = (
    await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
  ).billing_requests;
  const flow = (
    await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
  ).billing_request_flows;
  flowPath = `/pay/${flow.id}`;
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  requestId: string;
  body: string;
}

/** One request with headers as node's raw list, so a header can be sent twice. */
function send(path: string, rawHeaders: string[]): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        headers: ['Host', 'localhost', 'Accept', 'application/json, text/html', ...rawHeaders] as unknown as Record<
          string,
          string
        >,
        rejectUnauthorized: false,
        agent: false,
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, requestId: String(res.headers['x-request-id']), body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The log line the request ended with (`api request` or `page request`). */
const loggedIds = (msg: string) =>
  lines.map((l) => JSON.parse(l) as { msg: string; request_id?: string }).filter((e) => e.msg === msg);

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const OURS = /^RQ[0-9A-Z]{26}$/;

const honoured: [string, string[], string][] = [
  ['a plain X-Request-Id', ['X-Request-Id', 'a1B2-c3_d4.e5:f6'], 'a1B2-c3_d4.e5:f6'],
  [
    'a base64 X-Request-Id of the longest length',
    ['X-Request-Id', `${'Ab+/'.repeat(49)}Ab==`],
    `${'Ab+/'.repeat(49)}Ab==`,
  ],
  ['a UUID', ['X-Request-Id', '0b9c2f0e-7d1a-4c3e-9f5b-2a6d8e1f3c4b'], '0b9c2f0e-7d1a-4c3e-9f5b-2a6d8e1f3c4b'],
  ['a traceparent', ['traceparent', TRACEPARENT], TRACE_ID],
  [
    'a later traceparent version with more fields',
    ['traceparent', `01-${TRACE_ID}-00f067aa0ba902b7-01-more`],
    TRACE_ID,
  ],
  ['X-Request-Id before traceparent', ['X-Request-Id', 'mine-1', 'traceparent', TRACEPARENT], 'mine-1'],
  ['traceparent when X-Request-Id is not valid', ['X-Request-Id', 'has space', 'traceparent', TRACEPARENT], TRACE_ID],
];

const ignored: [string, string[]][] = [
  ['no id at all', []],
  ['an X-Request-Id over 200 characters', ['X-Request-Id', 'a'.repeat(201)]],
  ['an empty X-Request-Id', ['X-Request-Id', '']],
  ['an X-Request-Id with a tab (a control character)', ['X-Request-Id', 'abc\tdef']],
  ['an X-Request-Id with a space', ['X-Request-Id', 'abc def']],
  ['an X-Request-Id with a non-ASCII byte', ['X-Request-Id', 'caf\xe9']],
  ['an X-Request-Id with markup', ['X-Request-Id', '<script>']],
  ['two X-Request-Id headers', ['X-Request-Id', 'one', 'X-Request-Id', 'two']],
  ['a traceparent of version ff', ['traceparent', `ff-${TRACE_ID}-00f067aa0ba902b7-01`]],
  ['a traceparent with an all-zero trace id', ['traceparent', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`]],
  ['a traceparent with an all-zero parent id', ['traceparent', `00-${TRACE_ID}-${'0'.repeat(16)}-01`]],
  ['a traceparent in upper case', ['traceparent', TRACEPARENT.toUpperCase()]],
  ['a version 00 traceparent with a fifth field', ['traceparent', `${TRACEPARENT}-extra`]],
  ['a traceparent with a short trace id', ['traceparent', `00-${TRACE_ID.slice(1)}-00f067aa0ba902b7-01`]],
];

/** Every kind of handler behind the edge, and what each answer's id must also appear in. */
const handlers = () => [
  { name: 'the API', path: '/customers', log: 'api request', envelope: true },
  { name: 'the API through the page app', path: '/blocks/../customers', log: 'api request', envelope: true },
  { name: 'a payer page', path: flowPath, log: 'page request', envelope: false },
  { name: 'the dashboard', path: '/dashboard/sign-in', log: 'page request', envelope: false },
  { name: 'a probe', path: '/health/live', log: undefined, envelope: false },
];

describe('the request id', () => {
  it.each(honoured)('is the caller’s with %s, on every handler', async (_, headers, expected) => {
    for (const handler of handlers()) {
      const answer = await send(handler.path, headers);
      expect(answer.status, handler.name).toBeLessThan(500);
      expect(answer.requestId, handler.name).toBe(expected);
      if (handler.envelope) {
        expect(answer.status, handler.name).toBe(401);
        expect(JSON.parse(answer.body).error.request_id, handler.name).toBe(expected);
      }
      if (handler.log) expect(loggedIds(handler.log).at(-1)?.request_id, handler.name).toBe(expected);
    }
  });

  it.each(ignored)('is one of ours with %s, on every handler', async (_, headers) => {
    for (const handler of handlers()) {
      const answer = await send(handler.path, headers);
      expect(answer.status, handler.name).toBeLessThan(500);
      expect(answer.requestId, handler.name).toMatch(OURS);
      if (handler.envelope) expect(JSON.parse(answer.body).error.request_id, handler.name).toBe(answer.requestId);
      if (handler.log) expect(loggedIds(handler.log).at(-1)?.request_id, handler.name).toBe(answer.requestId);
    }
  });

  it('is a new one for each request that brings none', async () => {
    const first = await send('/customers', []);
    const second = await send('/customers', []);
    expect(first.requestId).not.toBe(second.requestId);
  });
});

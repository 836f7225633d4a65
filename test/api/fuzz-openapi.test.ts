import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import {
  bodyOf,
  fuzzRuns,
  fuzzSeed,
  headerVariants,
  HOSTILE_STRINGS,
  hostileQueryPart,
  prototypesChangedSince,
  prototypesSnapshot,
  queryOf,
} from '../support/fuzz';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { rowCounts } from '../support/row-counts';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every operation in `/openapi.json`, fuzzed on each store: documented and wrong-shaped bodies
 * with hostile text, query strings, path ids of this organisation, another's and other prefixes,
 * varying headers. No answer is a 5xx; every answer matches the document (the test client checks
 * each against its wire schema, errors against the error envelope); a refused request writes no
 * row. CI runs a fixed seed and a few runs per operation; `npm run fuzz` runs long with a random
 * seed (FUZZ_SEED, FUZZ_RUNS) and fast-check prints the seed and path of any failure.
 */
let server: TestServer;
let m: Merchant;
let ids: string[] = [];
let operations: { method: string; path: string; op: any }[] = [];

/**
 * Tables written by background work whatever the request's answer: webhook delivery, and the request
 * log every request gets, refused or not, flushed in batches off the request path (decision 0086).
 */
const BACKGROUND_TABLES = [
  'webhook_outbox',
  'webhooks',
  'webhook_attempts',
  'notifications',
  'mailbox_messages',
  'request_logs',
];
const counts = async () => {
  const all = await rowCounts(server.services.db);
  for (const table of BACKGROUND_TABLES) delete all[table];
  return all;
};

let prototypesBefore: ReturnType<typeof prototypesSnapshot>;

beforeAll(async () => {
  prototypesBefore = prototypesSnapshot();
  server = await startTestServer({ schemeClockIntervalMs: 0, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  m = await server.merchant(undefined, { payoutAccounts: true });
  const other = await server.merchant();
  const { billingRequest, mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  const payment = await post(
    m.api,
    '/payments',
    { payments: { amount: 100, currency: 'GBP', links: { mandate: mandateId } } },
    201,
  );
  const otherCustomer = await post(
    other.api,
    '/customers',
    { customers: { given_name: 'O', family_name: 'Org' } },
    201,
  );
  ids = [
    billingRequest.id,
    mandateId,
    billingRequest.links.customer,
    billingRequest.links.customer_bank_account,
    payment.payments.id,
    m.creditorId,
    other.creditorId,
    otherCustomer.customers.id,
  ].filter(Boolean);
  const doc = (await server.anonymous.get('/openapi.json', { token: null })).body;
  operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}, 120_000);
afterAll(() => server?.close());

/** A path id: one of this organisation's or another's, of another prefix, or hostile text. */
const pathId = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.constantFrom('CU000', 'MD0000000000', 'PM', 'XX123', '0', 'index') },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 300)) },
  );

/** Every byte percent-encoded (a lone surrogate goes as UTF-8's replacement, as a browser sends it). */
const encodePathSegment = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function requestOf(method: string, template: string, op: any) {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!);
  const hasBody = method === 'POST' || method === 'PUT';
  const schema = op.requestBody?.content?.['application/json']?.schema;
  return fc.record({
    params: fc.tuple(...names.map(() => pathId())),
    query: queryOf(op.parameters ?? []),
    // Sometimes a part URLSearchParams would never write: a prototype key, escapes not UTF-8.
    rawQuery: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileQueryPart }),
    body: hasBody ? bodyOf(schema) : fc.constant(undefined),
    headers: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: headerVariants }),
    token: fc.constantFrom('rw', 'rw', 'rw', 'rw', 'ro', 'none'),
  });
}

describe('every operation of /openapi.json, fuzzed', () => {
  it('answers no 5xx, only documented bodies, and writes nothing when it refuses', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const started = Date.now();
    for (const { method, path: template, op } of operations) {
      await fc.assert(
        fc.asyncProperty(requestOf(method, template, op), async (req) => {
          let i = 0;
          const path = template.replace(/\{\w+\}/g, () => encodePathSegment(req.params[i++] ?? ''));
          const query = [req.query.toString(), req.rawQuery].filter(Boolean).join('&');
          const url = query ? `${path}?${query}` : path;
          const token = req.token === 'rw' ? m.token : req.token === 'ro' ? m.readOnlyToken : null;
          const before = await counts();
          const res = await m.api.request(method, url, req.body, { headers: req.headers, token });
          expect(res.status, `${method} ${url}: ${res.text.slice(0, 500)}`).toBeLessThan(500);
          if (res.status >= 400)
            expect(await counts(), `${method} ${url} answered ${res.status} but wrote`).toEqual(before);
        }),
        { seed: fuzzSeed, numRuns: fuzzRuns(40), endOnFailure: true },
      );
    }
    console.info(`fuzzed ${operations.length} operations in ${Date.now() - started} ms (seed ${fuzzSeed})`);
  }, 600_000);

  it('leaves the server process’s built-in prototypes as they were after the whole run (issue 40.1)', () => {
    expect(prototypesChangedSince(prototypesBefore)).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

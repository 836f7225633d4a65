import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS } from '../support/journeys';
import { rowCounts } from '../support/row-counts';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 40, defect 1: a query key written through `out['__proto__']` changed Object.prototype for
 * the whole process, so one GET answered 500 for every organisation afterwards. Each spelling is a
 * 422 naming the key, and the process's Object.prototype is the same before and after.
 */
let server: TestServer;
let m: Merchant;
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
let keysBefore: string[];

beforeAll(async () => {
  keysBefore = prototypeKeys();
  server = await startTestServer();
  m = await server.merchant();
});
afterAll(() => server?.close());

describe('prototype keys in a query string', () => {
  it.each([
    ['__proto__[a]=b', '__proto__'],
    ['created_at[__proto__]=x', 'created_at.__proto__'],
    ['constructor[a]=b', 'constructor'],
    ['constructor=x', 'constructor'],
    ['prototype=x', 'prototype'],
    ['created_at[constructor]=x', 'created_at.constructor'],
  ])('GET /creditors?%s answers 422 reserved_key and changes nothing', async (query, field) => {
    const res = await m.api.get(`/creditors?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(prototypeKeys()).toEqual(keysBefore);
  });

  it('leaves every later request of every organisation working', async () => {
    await m.api.get('/creditors?__proto__[a]=b');
    const other = await server.merchant();
    expect((await m.api.get('/creditors')).status).toBe(200);
    expect((await other.api.get('/customers?limit=1')).status).toBe(200);
    expect(prototypeKeys()).toEqual(keysBefore);
  });
});

/**
 * The same three keys in a JSON body, at any depth (issue 40.1): 422 validation_failed naming the
 * field inside the resource, nothing written. Raw text, since an object literal's `__proto__` is
 * its prototype and JSON.stringify would drop it.
 */
describe('prototype keys in a JSON body', () => {
  const customer = (inner: string) => `{"customers":{"given_name":"Jane","family_name":"Doe"${inner}}}`;

  it.each([
    ['POST', '/customers', customer(',"constructor":{"a":"b"}'), 'constructor'],
    ['POST', '/customers', customer(',"prototype":"x"'), 'prototype'],
    ['POST', '/customers', customer(',"__proto__":{"admin":true}'), '__proto__'],
    ['POST', '/customers', customer(',"metadata":{"constructor":"x"}'), 'metadata.constructor'],
    ['POST', '/customers', customer(',"metadata":{"a":{"prototype":{"b":"c"}}}'), 'metadata.a.prototype'],
    [
      'POST',
      '/billing_requests',
      '{"billing_requests":{"mandate_request":{"currency":"GBP","constructor":{"prototype":1}}}}',
      'mandate_request.constructor',
    ],
    [
      'POST',
      '/customers',
      '{"customers":{"given_name":"J","family_name":"D","x":[{"a":{"constructor":1}}]}}',
      'x.0.a.constructor',
    ],
  ])('%s %s with %s answers 422 reserved_key at the field and writes nothing', async (method, path, body, field) => {
    const before = await rowCounts(server.services.db);
    const res = await m.api.request(method, path, body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors).toEqual([expect.objectContaining({ field })]);
    expect(await rowCounts(server.services.db)).toEqual(before);
    expect(prototypeKeys()).toEqual(keysBefore);
  });

  it('refuses them in an action’s data and in the entries of both imports, writing nothing', async () => {
    const imported = await m.api.post('/mandate_imports', { mandate_imports: { scheme: 'bacs' } });
    expect(imported.status, imported.text).toBe(201);
    const importId = imported.body.mandate_imports.id as string;
    const account = JSON.stringify(SANDBOX_ACCOUNTS.GBP);
    const cases: [string, string, string][] = [
      [
        '/mandate_import_entries',
        `{"mandate_import_entries":{"record_identifier":"r1","customer":{"given_name":"J","family_name":"D","email":"j@example.com","constructor":"x"},"bank_account":${account},"links":{"mandate_import":"${importId}"}}}`,
        'customer.constructor',
      ],
      [
        '/outbound_payment_imports',
        '{"outbound_payment_imports":{"entry_items":[{"amount":1500,"scheme":"faster_payments","reference":"INV","metadata":{"__proto__":"x"}}]}}',
        'entry_items.0.metadata.__proto__',
      ],
      [`/mandate_imports/${importId}/actions/submit`, '{"data":{"prototype":{}}}', 'prototype'],
    ];
    for (const [path, body, field] of cases) {
      const before = await rowCounts(server.services.db);
      const res = await m.api.request('POST', path, body);
      expect(res.status, `${path}: ${res.text}`).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
      expect(res.body.error.errors).toEqual([expect.objectContaining({ field })]);
      expect(await rowCounts(server.services.db), path).toEqual(before);
    }
    expect(prototypeKeys()).toEqual(keysBefore);
  });
});

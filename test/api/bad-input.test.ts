import https from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/client';
import type { Merchant } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 17's bad input, on each store: text Postgres cannot store, dates past any sense, URLs with
 * CR or LF, blank names, another charset, broken UTF-8, a key given twice, reserved metadata keys.
 * Each is a clear 4xx in the spec's error format naming the field, and writes nothing.
 */
let server: TestServer;
let m: Merchant;
let before: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  m = await server.merchant();
});
afterAll(() => server?.close());
beforeEach(async () => {
  before = await rowCounts(server.services.db);
});

async function expectNothingWritten() {
  expect(await rowCounts(server.services.db)).toEqual(before);
}

function expectFieldError(res: ApiResponse, status: number, reason: string, field: string, pointer?: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.type).toBe(status === 400 || status === 415 ? 'invalid_api_usage' : 'validation_failed');
  const item = res.body.error.errors.find((e: { field?: string }) => e.field === field);
  expect(item, JSON.stringify(res.body.error.errors)).toBeDefined();
  if (reason !== 'validation_failed') expect(item.reason).toBe(reason);
  if (pointer) expect(item.request_pointer).toBe(pointer);
}

const customer = (fields: Record<string, unknown>) => ({
  customers: { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com', ...fields },
});

describe('defect 1: a NUL or a lone surrogate in any string', () => {
  it.each([
    ['a NUL in a name', { given_name: 'a\u0000b' }, 'given_name'],
    ['a lone high surrogate', { family_name: '\ud800' }, 'family_name'],
    ['a lone low surrogate after text', { city: 'x\udc00' }, 'city'],
    ['a NUL in a metadata value', { metadata: { key: 'v\u0000' } }, 'metadata.key'],
  ])('%s answers 400 invalid_type naming the field, and writes nothing', async (_, fields, field) => {
    const res = await m.api.post('/customers', customer(fields));
    expectFieldError(res, 400, 'invalid_type', field, `/customers/${field.split('.').join('/')}`);
    await expectNothingWritten();
  });

  it('refuses one in a metadata key and in a nested action body', async () => {
    const key = await m.api.post('/customers', customer({ metadata: { 'k\u0000': 'v' } }));
    expect(key.status).toBe(400);
    expect(key.body.error.errors[0].reason).toBe('invalid_type');
    const br = await m.api.post('/billing_requests', {
      billing_requests: { mandate_request: { currency: 'GBP', description: 'tea\ud83d' } },
    });
    expectFieldError(br, 400, 'invalid_type', 'mandate_request.description');
    await expectNothingWritten();
  });

  it('keeps a well-formed surrogate pair (an emoji) and right-to-left text', async () => {
    const res = await m.api.post('/customers', customer({ given_name: '😀 مرحبا' }));
    expect(res.status).toBe(201);
    expect(res.body.customers.given_name).toBe('😀 مرحبا');
  });

  it('refuses one in a query parameter (400 naming it) and in a path id (404)', async () => {
    const query = await m.api.get('/customers?after=a%00b');
    expectFieldError(query, 400, 'invalid_type', 'after');
    const path = await m.api.get('/customers/CU%00');
    expect(path.status).toBe(404);
    expect(path.body.error.errors[0].reason).toBe('path_not_found');
  });
});

describe('defect 2: dates have bounds', () => {
  it.each(['9999-12-31', '0000-01-01', '2100-01-01', '1899-12-31'])(
    'charge_date %s answers 422 naming the field, never 500',
    async (date) => {
      const res = await m.api.post('/payments', {
        payments: { amount: 100, currency: 'GBP', charge_date: date, links: { mandate: 'MD123' } },
      });
      expectFieldError(res, 422, 'validation_failed', 'charge_date', '/payments/charge_date');
      await expectNothingWritten();
    },
  );

  it('bounds every date field: subscriptions, mandate constraints, instalments and filters', async () => {
    const sub = await m.api.post('/subscriptions', {
      subscriptions: {
        amount: 100,
        currency: 'GBP',
        interval_unit: 'monthly',
        start_date: '9999-12-31',
        end_date: '9999-12-31',
        links: { mandate: 'MD123' },
      },
    });
    expectFieldError(sub, 422, 'validation_failed', 'start_date');
    expectFieldError(sub, 422, 'validation_failed', 'end_date');
    const br = await m.api.post('/billing_requests', {
      billing_requests: { mandate_request: { currency: 'GBP', constraints: { end_date: '9999-12-31' } } },
    });
    expectFieldError(br, 422, 'validation_failed', 'mandate_request.constraints.end_date');
    await expectNothingWritten();
    const filter = await m.api.get('/payments?charge_date[gt]=9999-12-31');
    expectFieldError(filter, 422, 'validation_failed', 'charge_date.gt');
    const created = await m.api.get('/customers?created_at[gt]=0000-01-01T00:00:00Z');
    expectFieldError(created, 422, 'validation_failed', 'created_at.gt');
  });
});

describe('defect 7: a URL with CR or LF', () => {
  async function billingRequestId() {
    const res = await m.api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } });
    expect(res.status).toBe(201);
    return res.body.billing_requests.id as string;
  }

  it.each([
    ['redirect_uri', 'https://example.com/\r\nSet-Cookie: x=1'],
    ['exit_uri', 'https://example.com/\nx'],
    ['redirect_uri', 'https://exa mple.com/'],
  ])('%s %j answers 422 naming the field, and stores nothing', async (field, value) => {
    const id = await billingRequestId();
    before = await rowCounts(server.services.db);
    const res = await m.api.post('/billing_request_flows', {
      billing_request_flows: { [field]: value, links: { billing_request: id } },
    });
    expectFieldError(res, 422, 'validation_failed', field, `/billing_request_flows/${field}`);
    await expectNothingWritten();
  });

  it('refuses one in the notify action and bank authorisations too', async () => {
    const id = await billingRequestId();
    before = await rowCounts(server.services.db);
    const notify = await m.api.post(`/billing_requests/${id}/actions/notify`, {
      data: { notification_type: 'email', redirect_uri: 'https://example.com/\r\n' },
    });
    expectFieldError(notify, 422, 'validation_failed', 'redirect_uri');
    const auth = await m.api.post('/bank_authorisations', {
      bank_authorisations: { redirect_uri: 'https://example.com/\n', links: { billing_request: id } },
    });
    expectFieldError(auth, 422, 'validation_failed', 'redirect_uri');
    await expectNothingWritten();
  });
});

/** Sends raw bytes, as a client with another idea of encodings would. */
function sendRaw(path: string, body: Buffer, contentType: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(path, server.url),
      {
        method: 'POST',
        rejectUnauthorized: false,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${m.token}`,
          'service-version': '2015-07-06',
          'content-type': contentType,
          'content-length': String(body.length),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('defect 9: quiet acceptance', () => {
  it.each([
    ['email', ''],
    ['given_name', ''],
    ['given_name', '   '],
  ])('a blank %s answers 422 blank on customers and on collect_customer_details', async (field, value) => {
    const res = await m.api.post('/customers', customer({ [field]: value }));
    expectFieldError(res, 422, 'validation_failed', field, `/customers/${field}`);
    const br = await m.api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } });
    before = await rowCounts(server.services.db);
    const collect = await m.api.post(
      `/billing_requests/${br.body.billing_requests.id}/actions/collect_customer_details`,
      {
        data: { customer: { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com', [field]: value } },
      },
    );
    expectFieldError(collect, 422, 'validation_failed', `customer.${field}`);
    await expectNothingWritten();
  });

  it.each([
    'application/json; charset=latin1',
    'application/json; charset=ISO-8859-1',
    'application/json;charset="utf-16"',
  ])('Content-Type %s answers 415 unsupported_media_type, and writes nothing', async (contentType) => {
    const res = await m.api.post('/customers', customer({}), { headers: { 'content-type': contentType } });
    expect(res.status).toBe(415);
    expect(res.body.error.errors[0].reason).toBe('unsupported_media_type');
    expect(res.body.error.message).toMatch(/UTF-8/);
    await expectNothingWritten();
  });

  it('accepts charset=utf-8 in any spelling', async () => {
    for (const contentType of [
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json;charset=utf8',
    ]) {
      const res = await m.api.post('/customers', customer({}), { headers: { 'content-type': contentType } });
      expect(res.status).toBe(201);
    }
  });

  it('refuses a body that is not valid UTF-8 (400 bad_request), never reading it as something else', async () => {
    const latin1 = Buffer.from('{"customers":{"given_name":"J\xe9r\xf4me","family_name":"Doe"}}', 'latin1');
    const res = await sendRaw('/customers', latin1, 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0].reason).toBe('bad_request');
    await expectNothingWritten();
  });

  it('refuses a key given twice (400 invalid_type naming it), at any depth', async () => {
    const top = await m.api.post('/customers', '{"customers":{"given_name":"A","family_name":"B","given_name":"C"}}');
    expectFieldError(top, 400, 'invalid_type', 'given_name', '/customers/given_name');
    const nested = await m.api.post(
      '/customers',
      '{"customers":{"given_name":"A","metadata":{"k":"1","\\u006b":"2"}}}',
    );
    expectFieldError(nested, 400, 'invalid_type', 'metadata.k');
    const wrapper = await m.api.post('/customers', '{"customers":{"given_name":"A"},"customers":{"given_name":"B"}}');
    expect(wrapper.status).toBe(400);
    await expectNothingWritten();
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses %s as a metadata key (422 naming it)', async (key) => {
    const res = await m.api.post('/customers', `{"customers":{"given_name":"A","metadata":{"${key}":"x"}}}`);
    expectFieldError(res, 422, 'validation_failed', `metadata.${key}`);
    await expectNothingWritten();
  });
});

describe('found by the fuzz', () => {
  it.each([null, ''])('PUT /creditors/:id with country_code %j answers 422 blank, not 500', async (value) => {
    const res = await m.api.put(`/creditors/${m.creditorId}`, { creditors: { country_code: value } });
    expectFieldError(res, 422, 'validation_failed', 'country_code', '/creditors/country_code');
    await expectNothingWritten();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

/**
 * The API pipeline, one check at a time, each hit with exactly one wrong thing over real HTTPS.
 * Order matters: an earlier check answers before a later one is consulted.
 */
let server: TestServer;
let merchant: Merchant;

const validBlock = {
  blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'a@example.com' },
};

beforeAll(async () => {
  server = await startTestServer({ env: { HTTP_PORT: '0' } });
  merchant = await server.merchant();
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body?.error?.errors?.[0]?.reason;

describe('TLS', () => {
  it('refuses API requests over plain HTTP with 426 tls_required', async () => {
    const plain = new ApiClient(server.httpUrl!, merchant.token);
    const res = await plain.get('/blocks');
    expect(res.status).toBe(426);
    expect(res.body.error.type).toBe('invalid_api_usage');
    expect(reasonOf(res)).toBe('tls_required');
  });

  it('redirects page requests over plain HTTP to the HTTPS address', async () => {
    const plain = new ApiClient(server.httpUrl!);
    const res = await plain.get('/pay/BRF123?x=1', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/pay/BRF123?x=1`);
  });

  it('ignores X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
    const plain = new ApiClient(server.httpUrl!, merchant.token);
    const res = await plain.get('/blocks', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(426);
  });

  it('trusts X-Forwarded-Proto: https behind a proxy when TRUST_PROXY is set', async () => {
    const proxied = await startTestServer({ env: { HTTP_PORT: '0', TRUST_PROXY: 'true' } });
    try {
      const m = await proxied.merchant();
      const plain = new ApiClient(proxied.httpUrl!, m.token);
      expect((await plain.get('/blocks', { headers: { 'x-forwarded-proto': 'https' } })).status).toBe(200);
      expect((await plain.get('/blocks', { headers: { 'x-forwarded-proto': 'http' } })).status).toBe(426);
    } finally {
      await proxied.close();
    }
  });
});

describe('routing', () => {
  it('answers an unknown path with 404 path_not_found', async () => {
    const res = await merchant.api.get('/no_such_things');
    expect(res.status).toBe(404);
    expect(reasonOf(res)).toBe('path_not_found');
  });

  it('answers an unknown id with 404 resource_not_found', async () => {
    const res = await merchant.api.get('/blocks/BLC00000000000000000000000000');
    expect(res.status).toBe(404);
    expect(reasonOf(res)).toBe('resource_not_found');
  });

  it('refuses PATCH with 405 method_not_allowed', async () => {
    const res = await merchant.api.request('PATCH', '/blocks', validBlock);
    expect(res.status).toBe(405);
    expect(reasonOf(res)).toBe('method_not_allowed');
  });

  it('applies X-HTTP-Method-Override on POST (PUT on a path without PUT is 405)', async () => {
    const res = await merchant.api.post('/blocks', validBlock, { headers: { 'x-http-method-override': 'PUT' } });
    expect(res.status).toBe(405);
    expect(reasonOf(res)).toBe('method_not_allowed');
  });

  it('applies X-HTTP-Method-Override: DELETE on POST', async () => {
    const customer = (
      await merchant.api.post('/customers', {
        customers: { email: 'gone@example.com', given_name: 'Gone', family_name: 'Soon' },
      })
    ).body.customers;
    const res = await merchant.api.post(`/customers/${customer.id}`, '', {
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.customers.id).toBe(customer.id);
    const after = await merchant.api.get(`/customers/${customer.id}`);
    expect(after.status).toBe(410);
    expect(reasonOf(after)).toBe('customer_data_removed');
  });

  it('refuses an override to anything but PUT or DELETE', async () => {
    const res = await merchant.api.post('/blocks', validBlock, { headers: { 'x-http-method-override': 'PATCH' } });
    expect(res.status).toBe(405);
    expect(res.body.error.errors[0].metadata).toEqual({ method: 'PATCH', allowed_methods: ['GET', 'POST'] });
    expect(res.headers.allow).toBe('GET, POST');
  });

  // Each 405 names the method that was sent and the ones its path allows, in the body and in `Allow`.
  it.each([
    ['PATCH', '/blocks', ['GET', 'POST']],
    ['DELETE', '/blocks', ['GET', 'POST']],
    ['PUT', '/blocks', ['GET', 'POST']],
    ['DELETE', '/payments/PM000000000000', ['GET', 'PUT']],
    ['POST', '/payments/PM000000000000', ['GET', 'PUT']],
    ['GET', '/payments/PM000000000000/actions/cancel', ['POST']],
    ['POST', '/customers/CU000000000000', ['DELETE', 'GET', 'PUT']],
  ])('answers %s %s with 405 naming the method and the allowed ones', async (method, path, allowed) => {
    const res = await merchant.api.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.status).toBe(405);
    expect(res.body.error.type).toBe('invalid_api_usage');
    expect(reasonOf(res)).toBe('method_not_allowed');
    expect(res.body.error.errors[0].metadata).toEqual({ method, allowed_methods: allowed });
    expect(res.headers.allow).toBe(allowed.join(', '));
  });
});

describe('Accept', () => {
  it('requires an Accept header', async () => {
    const res = await merchant.api.get('/blocks', { headers: { accept: null } });
    expect(res.status).toBe(406);
    expect(reasonOf(res)).toBe('not_acceptable');
  });

  it('refuses an Accept that allows no JSON', async () => {
    const res = await merchant.api.get('/blocks', { headers: { accept: 'text/html, application/json;q=0' } });
    expect(res.status).toBe(406);
  });

  it.each([
    'application/json',
    'application/vnd.api+json',
    '*/*',
    'application/*',
    'text/html, application/json;q=0.5',
  ])('accepts %s', async (accept) => {
    expect((await merchant.api.get('/blocks', { headers: { accept } })).status).toBe(200);
  });
});

describe('authentication', () => {
  it('needs an Authorization header: missing_authorization_header', async () => {
    const res = await server.anonymous.get('/blocks');
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('missing_authorization_header');
  });

  it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'token abc'])(
    'refuses a malformed header %j',
    async (value) => {
      const res = await server.anonymous.get('/blocks', { headers: { authorization: value } });
      expect(res.status).toBe(401);
      expect(reasonOf(res)).toBe('invalid_authorization_header');
    },
  );

  it('refuses an unknown token: access_token_not_found', async () => {
    const res = await server.anonymous.withToken('sandbox_thisTokenDoesNotExist0000000000000000').get('/blocks');
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('access_token_not_found');
  });

  it('refuses a disabled token (access_token_not_active) and accepts it again once enabled', async () => {
    const m = await server.merchant();
    await server.services.access.disableToken(server.services.db, m.tokenId);
    const res = await m.api.get('/blocks');
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('access_token_not_active');
    await server.services.access.enableToken(server.services.db, m.tokenId);
    expect((await m.api.get('/blocks')).status).toBe(200);
  });

  it('refuses a revoked token for good: access_token_revoked', async () => {
    const m = await server.merchant();
    await server.services.access.revokeToken(server.services.db, m.tokenId);
    const res = await m.api.get('/blocks');
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('access_token_revoked');
    await expect(server.services.access.enableToken(server.services.db, m.tokenId)).rejects.toMatchObject({
      reason: 'enable_failed',
    });
  });

  it('refuses tokens of a disabled organisation: unauthorized', async () => {
    const m = await server.merchant();
    await server.services.db.query('UPDATE organisations SET disabled_at = now() WHERE id = $1', [m.organisationId]);
    const res = await m.api.get('/blocks');
    expect(res.status).toBe(401);
    expect(reasonOf(res)).toBe('unauthorized');
  });

  it('stores tokens only as hashes', async () => {
    const { rows } = await server.services.db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toBe(merchant.token);
    }
  });

  it('lets a read_only token read but not write: 403 insufficient_permissions', async () => {
    expect((await merchant.readOnly.get('/blocks')).status).toBe(200);
    const res = await merchant.readOnly.post('/blocks', validBlock);
    expect(res.status).toBe(403);
    expect(reasonOf(res)).toBe('insufficient_permissions');
    const created = await merchant.api.post('/blocks', validBlock);
    const action = await merchant.readOnly.post(`/blocks/${created.body.blocks.id}/actions/disable`, { data: {} });
    expect(action.status).toBe(403);
  });
});

describe('versioning', () => {
  it('requires the version header: missing_version_header', async () => {
    const res = await merchant.api.get('/blocks', { headers: { 'service-version': null } });
    expect(res.status).toBe(400);
    expect(reasonOf(res)).toBe('missing_version_header');
  });

  it('refuses an unreleased version: version_not_found', async () => {
    const res = await merchant.api.get('/blocks', { headers: { 'service-version': '2020-01-01' } });
    expect(res.status).toBe(400);
    expect(reasonOf(res)).toBe('version_not_found');
  });

  it.each(['2015-07-06', '2015-04-29'])('accepts released version %s', async (version) => {
    expect((await merchant.api.get('/blocks', { headers: { 'service-version': version } })).status).toBe(200);
  });

  it('reads the header name from VERSION_HEADER so existing client libraries work unchanged', async () => {
    const custom = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' } });
    try {
      const m = await custom.merchant();
      const client = new ApiClient(custom.url, m.token, 'GoCardless-Version');
      expect((await client.get('/blocks')).status).toBe(200);
      const res = await client.get('/blocks', {
        headers: { 'gocardless-version': null, 'service-version': '2015-07-06' },
      });
      expect(res.status).toBe(400);
      expect(reasonOf(res)).toBe('missing_version_header');
    } finally {
      await custom.close();
    }
  });
});

describe('media types and bodies', () => {
  it('requires a Content-Type on POST: 415 invalid_content_type', async () => {
    const res = await merchant.api.post('/blocks', validBlock, { headers: { 'content-type': null } });
    expect(res.status).toBe(415);
    expect(reasonOf(res)).toBe('invalid_content_type');
  });

  it('refuses a non-JSON Content-Type: 415 unsupported_media_type', async () => {
    const res = await merchant.api.post('/blocks', validBlock, { headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(reasonOf(res)).toBe('unsupported_media_type');
  });

  it('accepts application/vnd.api+json with a charset', async () => {
    const res = await merchant.api.post('/blocks', validBlock, {
      headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });

  it('requires a Content-Length on POST: 411', async () => {
    const res = await merchant.api.post('/blocks', validBlock, { chunked: true });
    expect(res.status).toBe(411);
    expect(reasonOf(res)).toBe('length_required');
  });

  it('refuses bodies over 1 MiB: 413 request_entity_too_large', async () => {
    const big = { blocks: { ...validBlock.blocks, reason_description: 'x'.repeat(1024 * 1024) } };
    const res = await merchant.api.post('/blocks', big);
    expect(res.status).toBe(413);
    expect(reasonOf(res)).toBe('request_entity_too_large');
  });

  it('refuses malformed JSON: 400 bad_request', async () => {
    const res = await merchant.api.post('/blocks', '{"blocks": {"block_type": ');
    expect(res.status).toBe(400);
    expect(reasonOf(res)).toBe('bad_request');
  });

  it('refuses a body on GET: request_body_not_allowed', async () => {
    const res = await merchant.api.request('GET', '/blocks', '{"a":1}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(reasonOf(res)).toBe('request_body_not_allowed');
  });

  it('refuses parameters at the top level: invalid_document_structure', async () => {
    for (const body of [
      validBlock.blocks,
      { ...validBlock, extra: 1 },
      { blocks: 'x' },
      [validBlock],
      { data: validBlock.blocks },
    ]) {
      const res = await merchant.api.post('/blocks', body);
      expect(res.status).toBe(400);
      expect(reasonOf(res)).toBe('invalid_document_structure');
    }
  });

  it('refuses unknown parameters with invalid_type naming the field', async () => {
    const res = await merchant.api.post('/blocks', { blocks: { ...validBlock.blocks, colour: 'red' } });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_api_usage');
    expect(res.body.error.errors[0]).toMatchObject({ reason: 'invalid_type', field: 'colour' });
  });

  it('refuses wrong JSON types with invalid_type naming the field', async () => {
    for (const [field, value] of [
      ['active', 'yes'],
      ['resource_reference', 42],
      ['block_type', 7],
    ] as const) {
      const res = await merchant.api.post('/blocks', { blocks: { ...validBlock.blocks, [field]: value } });
      expect(res.status).toBe(400);
      expect(res.body.error.errors[0]).toMatchObject({ reason: 'invalid_type', field });
    }
  });

  it('answers business-rule failures with 422 validation_failed, field and request_pointer', async () => {
    const res = await merchant.api.post('/blocks', { blocks: { ...validBlock.blocks, block_type: 'phone' } });
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors[0]).toMatchObject({ field: 'block_type', request_pointer: '/blocks/block_type' });
    expect(typeof res.body.error.errors[0].message).toBe('string');
  });

  it('accepts action bodies under data, under the resource key, empty, or absent', async () => {
    const created = await merchant.api.post('/blocks', validBlock);
    const path = `/blocks/${created.body.blocks.id}/actions`;
    expect((await merchant.api.post(`${path}/disable`, { data: {} })).status).toBe(200);
    expect((await merchant.api.post(`${path}/enable`, { blocks: {} })).status).toBe(200);
    expect((await merchant.api.post(`${path}/disable`, {})).status).toBe(200);
    expect((await merchant.api.post(`${path}/enable`, '')).status).toBe(200);
    const wrong = await merchant.api.post(`${path}/disable`, { mandates: {} });
    expect(wrong.status).toBe(400);
    expect(reasonOf(wrong)).toBe('invalid_document_structure');
    const unknown = await merchant.api.post(`${path}/disable`, { data: { colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.errors[0]).toMatchObject({
      reason: 'invalid_type',
      field: 'colour',
      request_pointer: '/data/colour',
    });
  });

  it('refuses unknown query parameters with invalid_type', async () => {
    const res = await merchant.api.get('/blocks?colour=red');
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0]).toMatchObject({ reason: 'invalid_type', field: 'colour' });
  });
});

describe('error envelope', () => {
  it('has type, code, message, documentation_url, request_id and errors, and the request id as a header', async () => {
    const res = await merchant.api.get('/blocks/BLC00000000000000000000000000');
    const error = res.body.error;
    expect(Object.keys(error).sort()).toEqual(['code', 'documentation_url', 'errors', 'message', 'request_id', 'type']);
    expect(error.code).toBe(404);
    expect(error.request_id).toBe(res.headers['x-request-id']);
    expect(error.documentation_url).toBe(`${server.config.publicUrl}/docs/errors#resource_not_found`);
    expect(error.errors[0]).toEqual({ reason: 'resource_not_found', message: expect.any(String) });
  });

  it('gives every response a request id, successes too', async () => {
    const res = await merchant.api.get('/blocks');
    expect(res.headers['x-request-id']).toMatch(/^RQ[0-9A-Z]{26}$/);
  });

  it('answers in the Accept-Language language, English when absent', async () => {
    const plain = await merchant.api.get('/blocks/BLC00000000000000000000000000');
    expect(plain.headers['content-language']).toBe('en');
    const french = await merchant.api.get('/blocks/BLC00000000000000000000000000', {
      headers: { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' },
    });
    expect(french.headers['content-language']).toBe('fr');
    const unknown = await merchant.api.get('/blocks', { headers: { 'accept-language': 'ja' } });
    expect(unknown.headers['content-language']).toBe('en');
  });
});

describe('rate limit', () => {
  it('sends ratelimit headers on every response, with the spec limit of 1000 per minute', async () => {
    for (const res of [
      await merchant.api.get('/blocks'),
      await merchant.api.get('/nowhere'),
      await server.anonymous.get('/blocks'),
    ]) {
      expect(res.headers['ratelimit-limit']).toBe('1000');
      expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(1000);
      expect(new Date(String(res.headers['ratelimit-reset'])).getTime()).toBeGreaterThan(Date.now() - 1000);
    }
  });

  it('counts per organisation and refuses past the limit with 429 rate_limit_exceeded', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 5 });
    try {
      const a = await limited.merchant();
      const b = await limited.merchant();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await a.api.get('/blocks')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await a.api.get('/blocks');
      expect(refused.body.error.errors[0].reason).toBe('rate_limit_exceeded');
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another organisation has its own window.
      expect((await b.api.get('/blocks')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits requests that never authenticate by client address', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.anonymous.withToken('sandbox_guess' + i).get('/blocks')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { post, SANDBOX_ACCOUNTS } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import { rowCounts } from '../support/row-counts';
import type { TestServer } from '../support/server';

/**
 * Issue 41.1: a body whose objects nest 4,000 deep answered 500 (the duplicate-key check recursed
 * off the stack). Any JSON body nested deeper than 32 levels is now a 400 `bad_request` before any
 * parse or walk, on every route (imports and actions too); 32 levels are still read as before.
 */
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant();
});
afterAll(() => server?.close());

/** `{"a":{"a":…"x"…}}` with `levels` objects. */
const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{"a":"x"}${'}'.repeat(levels - 1)}`;
/** A customer whose metadata brings the whole body to `depth` levels (the wrapper and customer are two). */
const customerAt = (depth: number) =>
  `{"customers":{"given_name":"Jane","family_name":"Doe","metadata":${nested(depth - 2)}}}`;

async function expectTooDeep(method: string, path: string, body: string) {
  const before = await rowCounts(server.services.db);
  const res = await m.api.request(method, path, body);
  expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(400);
  expect(res.body.error.type).toBe('invalid_api_usage');
  expect(res.body.error.errors).toEqual([
    expect.objectContaining({ reason: 'bad_request', metadata: { max_depth: 32 } }),
  ]);
  expect(await rowCounts(server.services.db), `${path} wrote`).toEqual(before);
}

describe('JSON nested deeper than 32 levels', () => {
  it.each([33, 4_000, 100_000])('POST /customers nested %i deep answers 400 and writes nothing', async (depth) => {
    await expectTooDeep('POST', '/customers', customerAt(depth));
    // The process is whole: the next request is answered as usual.
    expect((await m.api.get('/customers?limit=1')).status).toBe(200);
  });

  it('reads a body of exactly 32 levels as before: the route’s own answer, not the depth limit', async () => {
    const res = await m.api.request('POST', '/customers', customerAt(32));
    // metadata's values must be strings: the schema's refusal, so the depth check let it through.
    expect(res.status).toBe(400);
    expect(res.body.error.errors[0]).toMatchObject({ reason: 'invalid_type', field: 'metadata.a' });
  });

  it('counts no bracket inside a string', async () => {
    const res = await m.api.request(
      'POST',
      '/customers',
      `{"customers":{"given_name":"${'['.repeat(100)}","family_name":"${'{\\"'.repeat(100)}"}}`,
    );
    expect(res.status, res.text).toBe(201);
  });

  it.each([33, 4_000, 100_000])('refuses arrays nested %i deep and every import and action alike', async (depth) => {
    const br = await post(
      m.api,
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'GBP' } } },
      201,
    );
    const imported = await post(m.api, '/mandate_imports', { mandate_imports: { scheme: 'bacs' } }, 201);
    const arrays = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    await expectTooDeep(
      'POST',
      '/customers',
      `{"customers":{"given_name":"J","family_name":"D","x":${arrays(depth - 2)}}}`,
    );
    await expectTooDeep(
      'POST',
      '/mandate_import_entries',
      `{"mandate_import_entries":{"record_identifier":"r","customer":{"given_name":"J","family_name":"D","metadata":${nested(depth - 3)}},"bank_account":${JSON.stringify(SANDBOX_ACCOUNTS.GBP)},"links":{"mandate_import":"${imported.mandate_imports.id}"}}}`,
    );
    await expectTooDeep(
      'POST',
      '/outbound_payment_imports',
      `{"outbound_payment_imports":{"entry_items":${arrays(depth - 1)}}}`,
    );
    await expectTooDeep(
      'POST',
      `/billing_requests/${br.billing_requests.id}/actions/collect_customer_details`,
      `{"data":{"customer":{"metadata":${nested(depth - 3)}}}}`,
    );
    await expectTooDeep(
      'PUT',
      `/customers/${br.billing_requests.links.customer}`,
      `{"customers":${nested(depth - 1)}}`,
    );
  });

  it('a payer step sent JSON 2,500 deep (its form limit is 16 KB), or a field holding such text, answers 400 and writes nothing', async () => {
    const br = await post(
      m.api,
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'GBP' } } },
      201,
    );
    const flow = await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, links: { billing_request: br.billing_requests.id } } },
      201,
    );
    const browser = new PageClient(server.url);
    const path = `/pay/${flow.billing_request_flows.id}/details`;
    const csrf = browser.csrfOf((await browser.open(path)).html);
    for (const [body, type] of [
      [nested(2_500), 'application/json'],
      [
        new URLSearchParams({ csrf, given_name: nested(500), family_name: 'Doe' }).toString(),
        'application/x-www-form-urlencoded',
      ],
    ] as const) {
      const before = await rowCounts(server.services.db);
      const res = await browser.postRaw(path, body, type);
      expect(res.status, `${type}: ${res.html.slice(0, 300)}`).toBe(400);
      expect(res.html).toMatch(/class="error-summary" role="alert"/);
      expect(await rowCounts(server.services.db)).toEqual(before);
    }
  });

  it('a dashboard form sent JSON 2,500 deep, or an amount holding such text, is refused (never a 500) and makes no link', async () => {
    // The pages read forms only (urlencoded, multipart): no JSON is parsed or walked there.
    const admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
    const csrf = await csrfAt(admin, '/dashboard/payment-links');
    const path = '/dashboard/payment-links?index';
    const before = await rowCounts(server.services.db);
    const json = await admin.postRaw(path, nested(2_500), 'application/json');
    // Not a form of ours: the expired-form page, as any form that did not arrive whole.
    expect(json.status, json.html.slice(0, 300)).toBe(403);
    const typed = new URLSearchParams({ csrf, description: 'Piano lessons', amount: nested(500), currency: 'GBP' });
    const form = await admin.postRaw(path, typed.toString(), 'application/x-www-form-urlencoded');
    expect(form.status, form.html.slice(0, 300)).toBe(400);
    expect(form.html).toContain('id="amount-error"');
    expect(await rowCounts(server.services.db)).toEqual(before);
  });
});

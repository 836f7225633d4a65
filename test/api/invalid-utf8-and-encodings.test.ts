import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { startPagesServer, UK_PAYER } from '../support/pages';
import { rowCounts } from '../support/row-counts';
import type { TestServer } from '../support/server';

/**
 * Issue 40.5, input: percent-escapes that are not UTF-8 (`%FF`, the surrogate `%ED%A0%80`) were
 * decoded to U+FFFD and used, and a Content-Encoding we do not decode was ignored (`br` with a plain
 * body created the resource). Now: the API answers 400 `invalid_type` naming the parameter, the
 * pages a 400 (the error page for an address, the step's error summary for a form), and any
 * encoding but `identity` is a 415; nothing is written.
 */
let server: TestServer;
let m: Merchant;
let adminEmail: string;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant();
  adminEmail = (await dashboardUser(server, m.organisationId, 'admin')).email;
});
afterAll(() => server?.close());

const INVALID = ['%FF', '%ED%A0%80', '%C3', '%80', '%F4%90%80%80'];

async function flowAt() {
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
  const path = `/pay/${flow.billing_request_flows.id}`;
  const csrf = browser.csrfOf((await browser.open(path)).html);
  return { browser, path, csrf };
}

describe('invalid UTF-8 in a query string', () => {
  it.each(INVALID)('GET /customers?after=%s answers 400 invalid_type naming the parameter', async (bytes) => {
    const res = await m.api.get(`/customers?limit=2&after=${bytes}`);
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_api_usage');
    expect(res.body.error.errors).toEqual([expect.objectContaining({ reason: 'invalid_type', field: 'after' })]);
  });

  it('names a parameter whose name is not UTF-8, and reads valid escapes as before', async () => {
    const bad = await m.api.get('/customers?%FF=1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors).toEqual([expect.objectContaining({ reason: 'invalid_type', field: '\ufffd' })]);
    expect((await m.api.get('/customers?limit=%31')).status).toBe(200);
    // `%` without two hex digits is itself, as URLSearchParams reads it: not an encoding error.
    const percent = await m.api.get('/customers?limit=%');
    expect(percent.body.error?.errors?.[0]?.field).toBe('limit');
  });

  it.each(INVALID)('a page’s address with %s is the 400 error page, not the page', async (bytes) => {
    const { browser, path } = await flowAt();
    for (const url of [`${path}?x=${bytes}`, `${path}/details?lang=${bytes}`, `/dashboard/sign-in?next=${bytes}`]) {
      const res = await browser.get(url);
      expect(res.status, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.html).toMatch(/<h1>[^<]+<\/h1>/);
      expect(res.html).not.toMatch(/name="csrf"/);
    }
  });
});

describe('invalid UTF-8 in a form', () => {
  it.each(INVALID)(
    'the payer’s details with %s in an input, or in the address, are refused and write nothing',
    async (bytes) => {
      const { browser, path, csrf } = await flowAt();
      const good = String(new URLSearchParams({ ...UK_PAYER, csrf }));
      for (const [url, body] of [
        [`${path}/details`, `${good.replace(/given_name=[^&]*/, `given_name=Ja${bytes}ne`)}`],
        [`${path}/details`, `${good}&x${bytes}=1`],
        [`${path}/details?x=${bytes}`, good],
      ] as const) {
        const before = await rowCounts(server.services.db);
        const res = await browser.postRaw(url, body, 'application/x-www-form-urlencoded');
        expect(res.status, `${url} ${body}`).toBe(400);
        expect(await rowCounts(server.services.db)).toEqual(before);
      }
      const res = await browser.postRaw(
        `${path}/details`,
        good.replace(/given_name=[^&]*/, `given_name=Ja${bytes}ne`),
        'application/x-www-form-urlencoded',
      );
      expect(res.html).toMatch(/class="error-summary" role="alert"/);
      // The same form in UTF-8 goes on.
      expect(
        (
          await browser.postRaw(
            `${path}/details`,
            good.replace(/given_name=[^&]*/, 'given_name=J%C3%A9ne'),
            'application/x-www-form-urlencoded',
          )
        ).status,
      ).toBe(303);
    },
  );

  it('a dashboard form with %FF makes no payment link', async () => {
    const admin = await signedInAs(server, adminEmail);
    const csrf = await csrfAt(admin, '/dashboard/payment-links');
    const form = String(new URLSearchParams({ csrf, description: 'Piano lessons', amount: '25.00', currency: 'GBP' }));
    const before = await rowCounts(server.services.db);
    const res = await admin.postRaw(
      '/dashboard/payment-links?index',
      form.replace('Piano', 'Pi%FFano'),
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await rowCounts(server.services.db)).toEqual(before);
    expect(
      (await admin.postRaw('/dashboard/payment-links?index', form, 'application/x-www-form-urlencoded')).status,
    ).toBe(303);
  });
});

describe('a Content-Encoding we do not decode', () => {
  const ENCODINGS = ['br', 'gzip', 'deflate', 'zstd', 'compress', 'x-gzip', 'identity, br', 'aes128gcm', 'nonsense'];

  it.each(ENCODINGS)(
    'POST /customers with Content-Encoding: %s and a plain body answers 415 and creates nothing',
    async (encoding) => {
      const before = await rowCounts(server.services.db);
      const res = await m.api.post(
        '/customers',
        { customers: { given_name: 'Jane', family_name: 'Doe' } },
        { headers: { 'content-encoding': encoding } },
      );
      expect(res.status).toBe(415);
      expect(res.body.error.type).toBe('invalid_api_usage');
      expect(res.body.error.errors).toEqual([expect.objectContaining({ reason: 'unsupported_media_type' })]);
      expect(await rowCounts(server.services.db)).toEqual(before);
    },
  );

  it('takes identity, which is no encoding', async () => {
    const res = await m.api.post(
      '/customers',
      { customers: { given_name: 'Jane', family_name: 'Doe' } },
      { headers: { 'content-encoding': 'identity' } },
    );
    expect(res.status).toBe(201);
  });

  it.each(ENCODINGS)('a payer form with Content-Encoding: %s answers 415 and writes nothing', async (encoding) => {
    const { browser, path, csrf } = await flowAt();
    const before = await rowCounts(server.services.db);
    const res = await browser.post(`${path}/details`, { ...UK_PAYER, csrf }, { 'content-encoding': encoding });
    expect(res.status).toBe(415);
    expect(await rowCounts(server.services.db)).toEqual(before);
  });
});

/**
 * Issue 40.5: collect_customer_details with nothing to collect answered 200 (writing an event and
 * undoing the payer's confirmation). Every other billing request action already refuses what it
 * requires (notify, choose_currency, select_institution, collect_bank_account: 422 at the field;
 * fulfil and confirm_payer_details: their state reasons) or takes `{}` by the spec (cancel).
 */
describe('an action that needs data, sent none', () => {
  it.each([
    '',
    '{}',
    '{"data":null}',
    '{"data":{}}',
    '{"data":{"customer":{}}}',
    '{"data":{"customer":null,"customer_billing_detail":{}}}',
  ])('collect_customer_details with %s answers 422 at customer and writes nothing', async (body) => {
    const br = await post(
      m.api,
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'GBP' } } },
      201,
    );
    const path = `/billing_requests/${br.billing_requests.id}/actions/collect_customer_details`;
    const before = await rowCounts(server.services.db);
    const res = await m.api.request('POST', path, body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors).toEqual([expect.objectContaining({ field: 'customer' })]);
    expect(await rowCounts(server.services.db)).toEqual(before);
  });

  it('still takes details given in either part', async () => {
    const br = await post(
      m.api,
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'GBP' } } },
      201,
    );
    const path = `/billing_requests/${br.billing_requests.id}/actions/collect_customer_details`;
    expect((await m.api.post(path, { data: { customer: { given_name: 'Jane' } } })).status).toBe(200);
    expect((await m.api.post(path, { data: { customer_billing_detail: { city: 'London' } } })).status).toBe(200);
  });

  const NOT_READY: Record<string, string> = {
    confirm_payer_details: 'action_requirements_not_met',
    fulfil: 'billing_request_must_be_ready_to_fulfil',
  };
  /** The bodies that carry no data: nothing, an empty object, a null `data`, an empty `data`. */
  const EMPTY_BODIES = ['', '{}', '{"data":null}', '{"data":{}}'];
  const REQUIRED: [string, string][] = [
    ['collect_bank_account', 'country_code'],
    ['notify', 'notification_type'],
    ['choose_currency', 'currency'],
    ['select_institution', 'institution'],
  ];
  it.each(REQUIRED.flatMap(([action, field]) => EMPTY_BODIES.map((body) => [action, body, field])))(
    '%s with %s is refused at %s and writes nothing',
    async (action, body, field) => {
      const br = await post(
        m.api,
        '/billing_requests',
        { billing_requests: { mandate_request: { currency: 'GBP' } } },
        201,
      );
      const id = br.billing_requests.id as string;
      const before = await rowCounts(server.services.db);
      const res = await m.api.request('POST', `/billing_requests/${id}/actions/${action}`, body);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
      expect(res.body.error.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, request_pointer: `/data/${field}` })]),
      );
      expect(await rowCounts(server.services.db)).toEqual(before);
      expect((await m.api.get(`/billing_requests/${id}`)).body).toEqual(br);
    },
  );

  /**
   * confirm_payer_details, fulfil and cancel take only options (`metadata`, the dual signature), so
   * no data is the action without them, as `{"data":{}}` is (the public client sends that). Before
   * the payer's details are in, the first two are refused as `{"data":{}}` is, and write nothing.
   */
  it.each(['confirm_payer_details', 'fulfil'].flatMap((action) => EMPTY_BODIES.map((body) => [action, body])))(
    '%s with %s before the details are in is refused as not ready and writes nothing',
    async (action, body) => {
      const br = await post(
        m.api,
        '/billing_requests',
        { billing_requests: { mandate_request: { currency: 'GBP' } } },
        201,
      );
      const id = br.billing_requests.id as string;
      const before = await rowCounts(server.services.db);
      const res = await m.api.request('POST', `/billing_requests/${id}/actions/${action}`, body);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.type).toBe('invalid_state');
      expect(res.body.error.errors[0].reason).toBe(NOT_READY[action]);
      expect(await rowCounts(server.services.db)).toEqual(before);
      expect((await m.api.get(`/billing_requests/${id}`)).body).toEqual(br);
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { translator } from '../../i18n/flow';

/**
 * Errors a payer understands, over real HTTPS as a browser without JavaScript: GOV.UK-style
 * messages linked from the error summary, sort codes typed with spaces or dashes, the bank named
 * for a recognised sort code or IBAN, and inputs that tell phones what keypad to show.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());
const en = translator('en');

beforeAll(async () => {
  server = await startPagesServer({
    clock,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

const UK = UK_PAYER;

async function atAccountStep(currency = 'GBP', language = 'en') {
  const br = (await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency } } }, 201))
    .billing_requests;
  const flow = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, language, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  const browser = new PageClient(server.url);
  const page = await browser.open(`/pay/${flow.id}`);
  const csrf = browser.csrfOf(page.html);
  return { brId: br.id as string, flowId: flow.id as string, browser, csrf, details: page };
}

const bankAccountOf = async (brId: string) =>
  (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests.resources.customer_bank_account;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe('the account step’s errors', () => {
  it('says "Enter your sort code" and "Sort code must be 6 digits", each linked from the summary', async () => {
    const { brId, flowId, browser, csrf } = await atAccountStep();
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    const missing = await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jane Doe',
      branch_code: '',
      account_number: '55779911',
      csrf,
    });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain(
      `<a href="#branch_code">${escapeHtml(en('error.required', { field: 'sort code' }))}</a>`,
    );
    expect(missing.html).toMatch(/id="branch_code"[^>]*aria-invalid="true"/);

    const short = await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jane Doe',
      branch_code: '20-00',
      account_number: '55779911',
      csrf,
    });
    expect(short.status).toBe(400);
    expect(short.html).toContain(`<a href="#branch_code">${escapeHtml(en('error.sort_code_format'))}</a>`);
    // What the payer typed comes back as typed.
    expect(short.html).toContain('value="20-00"');
    expect(await bankAccountOf(brId)).toBeNull();
  });

  it('refuses a sort code no bank has: "We can’t find this sort code", and keeps nothing', async () => {
    const { brId, flowId, browser, csrf } = await atAccountStep();
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    const unknown = await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jane Doe',
      branch_code: '99-99-99',
      account_number: '55779911',
      csrf,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain(`<a href="#branch_code">${escapeHtml(en('error.sort_code_not_found'))}</a>`);
    expect(await bankAccountOf(brId)).toBeNull();
  });

  it.each(['20-00-00', '20 00 00', ' 200000 '])('accepts the sort code typed as %j', async (sortCode) => {
    const { brId, flowId, browser, csrf } = await atAccountStep();
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    const res = await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jane Doe',
      branch_code: sortCode,
      account_number: '5577 9911',
      csrf,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/pay/${flowId}/confirm`);
    expect((await bankAccountOf(brId)).account_number_ending).toBe('11');
  });

  it('words an IBAN and an email address in the wrong format for a payer, in their language', async () => {
    const { flowId, browser, csrf, details } = await atAccountStep('EUR', 'fr');
    expect(details.html).toMatch(/id="email"[^>]*spellcheck="false"/);
    const fr = translator('fr');
    const email = await browser.post(`/pay/${flowId}/details`, {
      ...UK,
      email: 'jeanne@',
      country_code: 'FR',
      csrf,
    });
    expect(email.status).toBe(400);
    expect(email.html).toContain(`<a href="#email">${escapeHtml(fr('error.email_format'))}</a>`);
    await browser.post(`/pay/${flowId}/details`, { ...UK, country_code: 'FR', csrf });
    const iban = await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jeanne Dupont',
      iban: 'FR76 3000 6000 0112 3456 7890 188',
      csrf,
    });
    expect(iban.status).toBe(400);
    expect(iban.html).toContain(`<a href="#iban">${escapeHtml(fr('error.iban_format'))}</a>`);
  });

  it('marks up the account inputs for phones and assistive technology, with the live message’s line reserved', async () => {
    const { flowId, browser, csrf } = await atAccountStep();
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    const page = await browser.get(`/pay/${flowId}/account`);
    for (const name of ['branch_code', 'account_number']) {
      const input = new RegExp(`<input[^>]*id="${name}"[^>]*>`).exec(page.html)?.[0] ?? '';
      // HTML attribute names are case-insensitive (React writes inputMode, autoComplete).
      expect(input, name).toMatch(/inputmode="numeric"/i);
      expect(input, name).toMatch(/spellcheck="false"/i);
      expect(input, name).toMatch(/autocomplete="off"/i);
    }
    expect(page.html).toMatch(/id="branch_code-live" class="live-error" aria-live="polite"/);
    expect(page.html).toContain(`data-lookup="/pay/${flowId}/bank-name?branch_code="`);
  });
});

describe('the bank’s name', () => {
  it('names the bank of a recognised sort code or IBAN, and nothing for an unknown one', async () => {
    const gb = await atAccountStep();
    const lookup = async (browser: PageClient, flowId: string, query: string) => {
      const res = await browser.get(`/pay/${flowId}/bank-name?${query}`, { accept: 'application/json' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return JSON.parse(res.html).bank_name as string | null;
    };
    expect(await lookup(gb.browser, gb.flowId, 'branch_code=20-00-00')).toMatch(/barclays/i);
    expect(await lookup(gb.browser, gb.flowId, 'branch_code=12')).toBeNull();
    expect(await lookup(gb.browser, gb.flowId, `branch_code=${encodeURIComponent('<script>')}`)).toBeNull();
    expect(await lookup(gb.browser, gb.flowId, `branch_code=${'9'.repeat(5000)}`)).toBeNull();
    const eu = await atAccountStep('EUR');
    expect(await lookup(eu.browser, eu.flowId, 'iban=DE89370400440532013000')).toEqual(expect.any(String));
    expect(await lookup(eu.browser, eu.flowId, 'iban=DE00')).toBeNull();
    // Only for a payer on the flow.
    const stranger = await new PageClient(server.url).get(`/pay/${gb.flowId}/bank-name?branch_code=200000`);
    expect(stranger.status).toBe(303);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { apiMessage } from '../../i18n/api';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER, UK_ACCOUNT } from '../support/pages';
import { PageClient, type PageResponse } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { translator } from '../../i18n/flow';

/**
 * Every step with a form, over real HTTPS: a form that does not arrive whole (an input missing or
 * sent twice, a JSON body, no body) and a refusal by the domain both answer the step again (400)
 * with an error summary, never the error page, and change nothing.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());
/** The pages' own titles, from their catalogue: which page answered, not its wording. */
const t = translator('en');

beforeAll(async () => {
  server = await startPagesServer({
    clock,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

const UK = UK_PAYER;

async function newFlow(billingRequest: Record<string, unknown>, flow: Record<string, unknown> = {}) {
  const br = (await post(m.api, '/billing_requests', { billing_requests: billingRequest }, 201)).billing_requests;
  const created = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { ...flow, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  return { brId: br.id as string, flowId: created.id as string };
}

/** A payer with a session on the flow, and the form token its pages carry. */
async function payerOn(flowId: string) {
  const browser = new PageClient(server.url);
  const page = await browser.open(`/pay/${flowId}`);
  return { browser, csrf: browser.csrfOf(page.html), page };
}

const mandateFlow = () => newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
const paymentFlow = (extra: Record<string, unknown> = {}) =>
  newFlow({ payment_request: { amount: 500, currency: 'GBP', description: 'Tea' }, ...extra });

/** The step again, refused: 400, the same page (not the error page) with an error summary. */
function expectStepAgain(res: PageResponse, title: string) {
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.html).toContain(`<h1>${title}</h1>`);
  expect(res.html).toMatch(/class="error-summary" role="alert"/);
}

/** Posts a form that did not arrive whole in each way a client can send one. */
async function expectBadFormsRefused(
  browser: PageClient,
  path: string,
  title: string,
  incomplete: Record<string, string> | null,
) {
  if (incomplete) expectStepAgain(await browser.post(path, incomplete), title);
  expectStepAgain(await browser.postRaw(path, JSON.stringify({ intent: 'x' }), 'application/json'), title);
  expectStepAgain(await browser.postRaw(path, undefined), title);
  expectStepAgain(await browser.postRaw(path, '', 'application/x-www-form-urlencoded'), title);
}

async function requestOf(brId: string) {
  return (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
}

describe('details', () => {
  it('answers a form missing an input, a JSON body and no body with the step again, and keeps nothing', async () => {
    const { brId, flowId } = await mandateFlow();
    const { browser, csrf } = await payerOn(flowId);
    const { email: _email, ...withoutEmail } = UK;
    const missing = await browser.post(`/pay/${flowId}/details`, { ...withoutEmail, csrf });
    expectStepAgain(missing, t('details.title'));
    expect(missing.html).toMatch(/href="#email"/);
    await expectBadFormsRefused(browser, `/pay/${flowId}/details`, t('details.title'), null);
    expect((await requestOf(brId)).resources.customer.email).toBeNull();
  });

  it('refuses an input sent twice, or as a file, at that input', async () => {
    const { flowId } = await mandateFlow();
    const { browser, csrf } = await payerOn(flowId);
    const twice = `${new URLSearchParams({ ...UK, csrf })}&email=other%40example.com`;
    const duplicated = await browser.postRaw(`/pay/${flowId}/details`, twice, 'application/x-www-form-urlencoded');
    expectStepAgain(duplicated, t('details.title'));
    expect(duplicated.html).toMatch(/id="email"[^>]*aria-invalid="true"/);

    const boundary = 'bankflow-test-boundary';
    const parts = Object.entries({ ...UK, csrf })
      .filter(([name]) => name !== 'email')
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="email"; filename="e.txt"\r\nContent-Type: text/plain\r\n\r\njane@example.com\r\n`;
    const asFile = await browser.postRaw(
      `/pay/${flowId}/details`,
      `${parts.join('')}${file}--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expectStepAgain(asFile, t('details.title'));
    expect(asFile.html).toMatch(/href="#email"/);
  });

  it('shows a refused value with the payer’s message at its input, never the API’s wording', async () => {
    const { flowId } = await mandateFlow();
    const { browser, csrf } = await payerOn(flowId);
    const res = await browser.post(`/pay/${flowId}/details`, { ...UK, country_code: 'G1', csrf });
    expectStepAgain(res, t('details.title'));
    expect(res.html).toMatch(/id="country_code"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="country_code"/);
    expect(res.html).not.toContain(apiMessage('en', 'field.invalid_country_code'));
  });

  it('asks again for what the scheme still needs when an input is left blank', async () => {
    const { brId, flowId } = await mandateFlow();
    const { browser, csrf } = await payerOn(flowId);
    const res = await browser.post(`/pay/${flowId}/details`, { ...UK, city: ' ', csrf });
    expectStepAgain(res, t('details.title'));
    expect(res.html).toMatch(/href="#city"/);
    const br = await requestOf(brId);
    expect(br.actions.find((a: { type: string }) => a.type === 'collect_customer_details').status).toBe('pending');
  });
});

describe('account', () => {
  it('answers bad forms and a refused account with the step again, and keeps no account', async () => {
    const { brId, flowId } = await mandateFlow();
    const { browser, csrf } = await payerOn(flowId);
    expect((await browser.post(`/pay/${flowId}/details`, { ...UK, csrf })).location).toBe(`/pay/${flowId}/account`);
    const { account_number: _number, ...withoutNumber } = UK_ACCOUNT;
    await expectBadFormsRefused(browser, `/pay/${flowId}/account`, t('account.title'), { ...withoutNumber, csrf });
    const refused = await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, branch_code: '12', csrf });
    expectStepAgain(refused, t('account.title'));
    expect(refused.html).toMatch(/href="#branch_code"/);
    expect((await requestOf(brId)).links.customer_bank_account).toBeUndefined();
  });
});

describe('bank', () => {
  it('answers bad forms with the step again, and chooses no bank', async () => {
    const { brId, flowId } = await paymentFlow();
    const { browser, csrf } = await payerOn(flowId);
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    await expectBadFormsRefused(browser, `/pay/${flowId}/bank`, t('bank.title'), { country: 'GB', csrf });
    const withdrawn = await browser.post(`/pay/${flowId}/bank`, { institution: 'metro_bank', country: 'GB', csrf });
    expectStepAgain(withdrawn, t('bank.title'));
    expect(withdrawn.html).toMatch(/href="#banks"/);
    const br = await requestOf(brId);
    expect(br.actions.find((a: { type: string }) => a.type === 'select_institution').status).toBe('pending');
  });
});

describe('currency', () => {
  it('answers bad forms, and a currency the domain refuses, with the step again', async () => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency: 'GBP' } });
    const { browser, csrf, page } = await payerOn(flowId);
    expect(page.path).toBe(`/pay/${flowId}/currency`);
    const title = t('currency.title');
    await expectBadFormsRefused(browser, `/pay/${flowId}/currency`, title, { csrf });
    expectStepAgain(await browser.post(`/pay/${flowId}/currency`, { currency: 'XYZ', csrf }), title);
    // Another live flow of the same request locks the currency: the domain refuses the change.
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, links: { billing_request: brId } } },
      201,
    );
    const refused = await browser.post(`/pay/${flowId}/currency`, { currency: 'EUR', csrf });
    expectStepAgain(refused, title);
    expect((await requestOf(brId)).mandate_request.currency).toBe('GBP');
  });
});

describe('confirm', () => {
  it('answers a JSON body or no body with the step again, and confirms nothing', async () => {
    const { brId, flowId } = await mandateFlow();
    const { browser, csrf } = await payerOn(flowId);
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    expect((await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, csrf })).location).toBe(
      `/pay/${flowId}/confirm`,
    );
    await expectBadFormsRefused(browser, `/pay/${flowId}/confirm`, t('confirm.title'), null);
    expect((await requestOf(brId)).status).not.toBe('fulfilled');
    expect((await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'yes' })).status).toBe(303);
  });
});

describe('at the bank', () => {
  /** An instant payment up to the bank step, with the authorisation the page opened. */
  async function atTheBank(extra: Record<string, unknown> = {}) {
    const { brId, flowId } = await paymentFlow(extra);
    const { browser, csrf } = await payerOn(flowId);
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    await browser.post(`/pay/${flowId}/bank`, { institution: 'monzo', country: 'GB', csrf });
    const authorise = await browser.get(`/pay/${flowId}/authorise`);
    expect(authorise.status).toBe(200);
    const bankPath = /\/sandbox-bank\/[0-9A-Z]+/.exec(authorise.html)![0];
    return { brId, flowId, browser, csrf, bankPath };
  }

  it('answers bad forms on the authorise step with the step again', async () => {
    const { flowId, browser } = await atTheBank();
    await expectBadFormsRefused(browser, `/pay/${flowId}/authorise`, t('authorise.title'), null);
  });

  it('answers bad forms at the sandbox bank with its page again, and records no answer', async () => {
    const { brId, bankPath } = await atTheBank();
    const bank = new PageClient(server.url);
    const page = await bank.get(bankPath);
    const token = /name="token" value="([^"]+)"/.exec(page.html)![1]!;
    await expectBadFormsRefused(bank, bankPath, t('bankpage.title'), { token });
    expectStepAgain(await bank.post(bankPath, { token, decision: 'maybe' }), t('bankpage.title'));
    const br = await requestOf(brId);
    expect(br.actions.find((a: { type: string }) => a.type === 'bank_authorisation').status).toBe('pending');
  });

  it('answers bad forms, and a fallback the domain refuses, on the bank’s answer with that page again', async () => {
    const { brId, flowId, browser, csrf, bankPath } = await atTheBank();
    const bank = new PageClient(server.url);
    const token = /name="token" value="([^"]+)"/.exec((await bank.get(bankPath)).html)![1]!;
    expect((await bank.post(bankPath, { token, decision: 'deny' })).status).toBe(303);
    const title = t('authorise.title');
    await expectBadFormsRefused(browser, `/pay/${flowId}/bank-return`, title, { csrf });
    // The merchant did not enable the fallback: the domain refuses it.
    expectStepAgain(await browser.post(`/pay/${flowId}/bank-return`, { intent: 'fallback', csrf }), title);
    expect((await requestOf(brId)).fallback_occurred).toBe(false);
  });
});

describe('closed', () => {
  it('answers a JSON body or no body on a cancelled flow’s page with that page again', async () => {
    const { brId, flowId } = await mandateFlow();
    const { browser } = await payerOn(flowId);
    await post(m.api, `/billing_requests/${brId}/actions/cancel`, { data: {} });
    const page = await browser.open(`/pay/${flowId}`);
    expect(page.path).toBe(`/pay/${flowId}/closed`);
    await expectBadFormsRefused(browser, `/pay/${flowId}/closed`, t('cancelled.title'), null);
  });
});

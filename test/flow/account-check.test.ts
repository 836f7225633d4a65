import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../i18n/flow';
import { ManualClock } from '../../server/domain/shared/clock';
import { LANGUAGES } from '../../i18n/languages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER } from '../support/pages';

/**
 * Confirmation of payee in the hosted flow, over real HTTPS as a browser without JavaScript sends
 * it: a close match shows the name the bank holds and lets the payer go on or correct the details.
 */
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startPagesServer({
    clock: new ManualClock(new Date()),
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

const UK = UK_PAYER;
const account = (holder: string) => ({
  account_holder_name: holder,
  branch_code: '200000',
  account_number: '55779911',
});

/** A payer on a GBP mandate flow who has given their details and an account held under `holder`. */
async function payerWithAccount(holder: string, language = 'en') {
  const br = (
    await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
  ).billing_requests;
  const flow = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, language, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  const browser = new PageClient(server.url);
  const csrf = browser.csrfOf((await browser.open(`/pay/${flow.id}`)).html);
  await browser.post(`/pay/${flow.id}/details`, { ...UK, csrf });
  const collected = await browser.post(`/pay/${flow.id}/account`, { ...account(holder), csrf });
  return { flowId: flow.id as string, browser, csrf, collected };
}

describe('the account check (confirmation of payee)', () => {
  it('goes straight on to the confirmation when the name matches', async () => {
    const { flowId, collected } = await payerWithAccount('Jane Doe');
    expect(collected.status).toBe(303);
    expect(collected.location).toBe(`/pay/${flowId}/confirm`);
    const check = await new PageClient(server.url).get(`/pay/${flowId}/account-check`);
    expect(check.status).toBe(303);
  });

  it('shows the name the bank holds on a close match; the payer may correct the details', async () => {
    const { flowId, browser, csrf, collected } = await payerWithAccount('Partial Jane Doe');
    expect(collected.location).toBe(`/pay/${flowId}/account-check`);
    const page = await browser.get(`/pay/${flowId}/account-check`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${translator('en')('account_check.title')}</h1>`);
    expect(page.html).toContain('JANE DOE');
    const change = await browser.post(`/pay/${flowId}/account-check`, { choice: 'change', csrf });
    expect(change.location).toBe(`/pay/${flowId}/account`);
    expect((await browser.get(`/pay/${flowId}/account`)).status).toBe(200);
  });

  it('lets the payer go on with the account as it is', async () => {
    const { flowId, browser, csrf } = await payerWithAccount('Partial Jane Doe');
    const go = await browser.post(`/pay/${flowId}/account-check`, { choice: 'continue', csrf });
    expect(go.status).toBe(303);
    expect(go.location).toBe(`/pay/${flowId}/confirm`);
  });

  it('answers a choice it does not know, or no form token, without changing anything', async () => {
    const { flowId, browser, csrf } = await payerWithAccount('Partial Jane Doe');
    const odd = await browser.post(`/pay/${flowId}/account-check`, { choice: '<script>', csrf });
    expect(odd.status).toBe(400);
    expect(odd.html).toMatch(/class="error-summary" role="alert"/);
    expect((await browser.post(`/pay/${flowId}/account-check`, { choice: 'continue' })).status).toBe(403);
  });

  it.each(LANGUAGES)('speaks %s', async (language) => {
    const { flowId, browser } = await payerWithAccount('Partial Jane Doe', language);
    const page = await browser.get(`/pay/${flowId}/account-check`);
    const t = translator(language);
    expect(page.html).toContain(`<h1>${t('account_check.title')}</h1>`);
    expect(page.html).toContain(t('account_check.continue'));
    expect(page.html).toContain(t('account_check.change'));
  });
});

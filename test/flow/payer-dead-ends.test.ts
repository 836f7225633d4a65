import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER, UK_ACCOUNT } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { translator } from '../../i18n/flow';

/**
 * No dead ends, over real HTTPS as a browser without JavaScript: "my bank is not listed" explains
 * before anyone leaves, every step's "Cancel" asks and then really cancels the billing request,
 * and expired, cancelled and already-completed flows each have their page with the way back.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());
const t = translator('en');

beforeAll(async () => {
  server = await startPagesServer({
    clock,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

const UK = UK_PAYER;
const EXIT = 'https://merchant.example/exit';

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

async function payerOn(flowId: string, language = 'en') {
  const browser = new PageClient(server.url);
  const page = await browser.open(`/pay/${flowId}?lang=${language}`);
  return { browser, csrf: browser.csrfOf(page.html), page };
}

const requestOf = async (id: string) => (await m.api.get(`/billing_requests/${id}`)).body.billing_requests;
const eventsOf = async (id: string, action: string) =>
  (await m.api.get(`/events?billing_request=${id}&action=${action}`)).body.events as { action: string }[];
const h1 = (text: string) => `<h1>${text}</h1>`;

/** An instant GBP payment, the payer at the bank step. */
async function atBankStep(billingRequest: Record<string, unknown> = {}, flow: Record<string, unknown> = {}) {
  const ids = await newFlow(
    { payment_request: { amount: 500, currency: 'GBP', description: 'Tea' }, ...billingRequest },
    flow,
  );
  const payer = await payerOn(ids.flowId);
  const details = await payer.browser.post(`/pay/${ids.flowId}/details`, { ...UK, csrf: payer.csrf });
  expect(details.location).toBe(`/pay/${ids.flowId}/bank`);
  return { ...ids, ...payer };
}

describe('my bank is not listed', () => {
  it('explains the options first; leaving goes to the exit URI with outcome=failure and the request stays payable', async () => {
    const { brId, flowId, browser, csrf } = await atBankStep({}, { exit_uri: EXIT });
    const bank = await browser.get(`/pay/${flowId}/bank`);
    expect(bank.html).toContain(`href="/pay/${flowId}/not-listed"`);
    const explained = await browser.get(`/pay/${flowId}/not-listed`);
    expect(explained.status).toBe(200);
    expect(explained.html).toContain(h1(t('not_listed.title')));
    // Another bank is one of the options; Direct Debit is not, as the merchant did not enable it.
    expect(explained.html).toContain(`href="/pay/${flowId}/bank"`);
    expect(explained.html).not.toContain('value="fallback"');
    expect(await eventsOf(brId, 'flow_exited')).toHaveLength(0);

    const leave = await browser.post(`/pay/${flowId}/not-listed`, { intent: 'exit', csrf });
    expect(leave.status).toBe(303);
    expect(leave.location).toBe(`${EXIT}?outcome=failure&id=${flowId}`);
    expect(await eventsOf(brId, 'flow_exited')).toHaveLength(1);
    expect((await requestOf(brId)).status).toBe('pending');
  });

  it('offers Direct Debit where the merchant enabled the fallback, and takes it', async () => {
    const { brId, flowId, browser, csrf } = await atBankStep({ fallback_enabled: true });
    const explained = await browser.get(`/pay/${flowId}/not-listed`);
    expect(explained.html).toContain('value="fallback"');
    const fallback = await browser.post(`/pay/${flowId}/not-listed`, { intent: 'fallback', csrf });
    expect(fallback.status).toBe(303);
    expect((await requestOf(brId)).fallback_occurred).toBe(true);
  });

  it('still answers the old "not listed" button with the explanation, changing nothing', async () => {
    const { brId, flowId, browser, csrf } = await atBankStep({}, { exit_uri: EXIT });
    const res = await browser.post(`/pay/${flowId}/bank`, { intent: 'not_listed', csrf });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/pay/${flowId}/not-listed`);
    expect(await eventsOf(brId, 'flow_exited')).toHaveLength(0);
  });

  it('refuses a bad form (400, the page again) and a forged one (403), changing nothing', async () => {
    const { brId, flowId, browser, csrf } = await atBankStep({}, { exit_uri: EXIT });
    const bad = await browser.post(`/pay/${flowId}/not-listed`, { intent: '<script>', csrf });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain(h1(t('not_listed.title')));
    expect((await browser.post(`/pay/${flowId}/not-listed`, { intent: 'exit', csrf: 'forged' })).status).toBe(403);
    expect(await eventsOf(brId, 'flow_exited')).toHaveLength(0);
  });
});

describe('cancel', () => {
  it('is offered on every step, asks first, then cancels the request and returns with outcome=failure', async () => {
    const { brId, flowId } = await newFlow(
      { mandate_request: { currency: 'GBP' } },
      { lock_currency: true, exit_uri: EXIT },
    );
    const { browser, csrf, page } = await payerOn(flowId);
    expect(page.html).toContain(`href="/pay/${flowId}/cancel"`);
    expect((await browser.post(`/pay/${flowId}/details`, { ...UK, csrf })).status).toBe(303);
    const account = await browser.get(`/pay/${flowId}/account`);
    expect(account.html).toContain(`href="/pay/${flowId}/cancel"`);
    expect((await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, csrf })).status).toBe(303);
    const confirm = await browser.get(`/pay/${flowId}/confirm`);
    expect(confirm.html).toContain(`href="/pay/${flowId}/cancel"`);

    // The question, with the way back to the step the payer was on: nothing is cancelled yet.
    const ask = await browser.get(`/pay/${flowId}/cancel`);
    expect(ask.status).toBe(200);
    expect(ask.html).toContain(h1(t('cancel.title')));
    expect(ask.html).toContain(`href="/pay/${flowId}/confirm"`);
    expect((await requestOf(brId)).status).toBe('pending');

    const cancelled = await browser.post(`/pay/${flowId}/cancel`, { csrf });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${EXIT}?outcome=failure&id=${flowId}`);
    expect((await requestOf(brId)).status).toBe('cancelled');
    expect(await eventsOf(brId, 'cancelled')).toHaveLength(1);
    expect(await eventsOf(brId, 'flow_exited')).toHaveLength(1);
    // The link is spent: the payer sees the cancelled page, and cannot cancel twice.
    expect((await browser.open(`/pay/${flowId}`)).html).toContain(h1(t('cancelled.title')));
    const again = await browser.post(`/pay/${flowId}/cancel`, { csrf });
    expect(again.status).toBe(303);
    expect(again.location).toBe(`/pay/${flowId}/closed`);
    expect(await eventsOf(brId, 'cancelled')).toHaveLength(1);
  });

  it('without a merchant URI, ends on the cancelled page in the payer’s language', async () => {
    const { brId, flowId } = await newFlow({ payment_request: { amount: 500, currency: 'GBP' } });
    const { browser, csrf } = await payerOn(flowId, 'de');
    const res = await browser.post(`/pay/${flowId}/cancel`, { csrf });
    expect(res.location).toBe(`/pay/${flowId}/closed`);
    const page = await browser.open(res.location!);
    expect(page.html).toContain('<html lang="de"');
    expect(page.html).toContain(h1(translator('de')('cancelled.title')));
    expect((await requestOf(brId)).status).toBe('cancelled');
  });

  it('refuses a forged form (403) and another flow’s session, and cancels nothing', async () => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const { browser } = await payerOn(flowId);
    expect((await browser.post(`/pay/${flowId}/cancel`, { csrf: 'forged' })).status).toBe(403);
    expect((await new PageClient(server.url).post(`/pay/${flowId}/cancel`, { csrf: 'x' })).status).toBe(403);
    const noBody = await browser.postRaw(`/pay/${flowId}/cancel`, undefined);
    expect(noBody.status).toBe(400);
    expect(noBody.html).toContain(h1(t('cancel.title')));
    expect((await requestOf(brId)).status).toBe('pending');
    expect((await browser.get('/pay/BRF00000000000000000000000000/cancel')).status).toBe(404);
  });

  it('after a failed bank authorisation, "Cancel and return" cancels the request too', async () => {
    const { brId, flowId, browser, csrf } = await atBankStep({}, { exit_uri: EXIT });
    await browser.post(`/pay/${flowId}/bank`, { institution: 'monzo', country: 'GB', csrf });
    expect((await browser.get(`/pay/${flowId}/authorise`)).status).toBe(200);
    clock.advance(16 * 60_000);
    try {
      expect((await browser.get(`/pay/${flowId}/bank-return`)).status).toBe(200);
      const exit = await browser.post(`/pay/${flowId}/bank-return`, { intent: 'exit', csrf });
      expect(exit.location).toBe(`${EXIT}?outcome=timeout&id=${flowId}`);
      expect((await requestOf(brId)).status).toBe('cancelled');
    } finally {
      clock.advance(-16 * 60_000);
    }
  });
});

describe('flows that are over', () => {
  it('an expired flow has its own page and returns with outcome=timeout', async () => {
    const { brId, flowId } = await newFlow(
      { mandate_request: { currency: 'GBP' } },
      { exit_uri: EXIT, language: 'fr' },
    );
    clock.advance(8 * 86_400_000);
    try {
      const browser = new PageClient(server.url);
      const page = await browser.open(`/pay/${flowId}`);
      expect(page.path).toBe(`/pay/${flowId}/closed`);
      expect(page.html).toContain(h1(translator('fr')('expired.title')));
      expect(page.html).not.toContain(`href="/pay/${flowId}/cancel"`);
      const back = await browser.post(`/pay/${flowId}/closed`, { csrf: browser.csrfOf(page.html) });
      expect(back.location).toBe(`${EXIT}?outcome=timeout&id=${flowId}`);
      expect(await eventsOf(brId, 'flow_exited')).toHaveLength(1);
    } finally {
      clock.advance(-8 * 86_400_000);
    }
  });

  it('a completed flow opened again says so, with the way back; the success page always offers it', async () => {
    const back = 'https://merchant.example/done';
    const { flowId } = await newFlow(
      { mandate_request: { currency: 'GBP' } },
      { lock_currency: true, redirect_uri: back },
    );
    const { browser, csrf } = await payerOn(flowId);
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, csrf });
    const done = await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'yes' });
    expect(done.location).toBe(`/pay/${flowId}/success`);
    // No show_success_redirect_button: the way back is offered all the same, never taken by itself.
    const success = await browser.get(done.location!);
    expect(success.status).toBe(200);
    expect(success.html).toContain(`href="${back}?outcome=success&amp;id=${flowId}"`);
    expect(success.html).not.toContain(`href="/pay/${flowId}/cancel"`);

    const later = await new PageClient(server.url).open(`/pay/${flowId}`);
    expect(later.path).toBe(`/pay/${flowId}/completed`);
    expect(later.html).toContain(h1(t('completed.title')));
    expect(later.html).toContain(`href="${back}?outcome=success&amp;id=${flowId}"`);
    // The payer who completed it still sees their success page.
    expect((await browser.open(`/pay/${flowId}`)).path).toBe(`/pay/${flowId}/success`);
  });

  it('sends a payer who is not done away from the completed page', async () => {
    const { flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const { browser } = await payerOn(flowId);
    const res = await browser.get(`/pay/${flowId}/completed`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/pay/${flowId}/details`);
  });
});

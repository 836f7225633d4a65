import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER, UK_ACCOUNT } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { mandateFlow, post } from '../support/journeys';
import { translator } from '../../i18n/flow';
import { schemeIdentifierFor } from '../../server/domain/creditors/scheme-identifiers';

/**
 * The confirmation step as a payer reads it: one summary list per section with its Change link,
 * labels that say what each value is, countries named in the payer's language, the creditor's
 * identifier once, the order summary, and for Bacs the sole-signatory question.
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

async function atConfirm(billingRequest: Record<string, unknown>, language = 'en') {
  const br = (await post(m.api, '/billing_requests', { billing_requests: billingRequest }, 201)).billing_requests;
  const flow = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, language, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  const browser = new PageClient(server.url);
  const first = await browser.open(`/pay/${flow.id}`);
  const csrf = browser.csrfOf(first.html);
  return { brId: br.id as string, flowId: flow.id as string, browser, csrf, first };
}

const dt = (label: string) => `<dt>${label.replace(/'/g, '&#x27;')}</dt>`;
const statusOf = async (brId: string) => (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;

describe('the confirmation step', () => {
  it('labels each value, names the country, links each section to its step, and asks the Bacs question', async () => {
    const { brId, flowId, browser, csrf, first } = await atConfirm({
      mandate_request: { currency: 'GBP', description: 'Gym membership' },
    });
    // The order summary is on every step, from the first.
    expect(first.html).toContain('class="order-summary"');
    expect(first.html).toContain('Gym membership');
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, csrf });
    const page = await browser.get(`/pay/${flowId}/confirm`);
    expect(page.status).toBe(200);
    for (const label of ['confirm.name', 'field.email', 'confirm.address', 'field.account_holder_name', 'confirm.bank'])
      expect(page.html, label).toContain(dt(en(label)));
    expect(page.html).not.toContain(dt(en('field.given_name')));
    expect(page.html).toContain('United Kingdom');
    expect(page.html).not.toMatch(/<span class="summary-line">GB<\/span>/);
    expect(page.html).toContain(`href="/pay/${flowId}/details"`);
    expect(page.html).toContain(`href="/pay/${flowId}/account"`);
    expect(page.html).toContain(dt(en('summary.what')));

    // The Bacs question must be answered; "No" explains and confirms nothing.
    const unanswered = await browser.post(`/pay/${flowId}/confirm`, { csrf });
    expect(unanswered.status).toBe(400);
    expect(unanswered.html).toContain('<a href="#sole_signatory">');
    const joint = await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'no' });
    expect(joint.status).toBe(303);
    const explained = await browser.get(joint.location!);
    expect(explained.html).toContain(`<h1>${en('confirm.joint_title')}</h1>`);
    expect(explained.html).toContain(`href="/pay/${flowId}/cancel"`);
    expect((await statusOf(brId)).status).toBe('pending');
    const bad = await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'maybe' });
    expect(bad.status).toBe(400);

    const done = await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'yes' });
    expect(done.location).toBe(`/pay/${flowId}/success`);
    const success = await browser.get(done.location!);
    expect(success.html).toContain('class="order-summary"');
    expect(success.html).toContain(`<h2>${en('success.next')}</h2>`);
  });

  it('shows a SEPA creditor identifier once, and names the country in the payer’s language', async () => {
    const { flowId, browser, csrf } = await atConfirm({ mandate_request: { currency: 'EUR' } }, 'de');
    await browser.post(`/pay/${flowId}/details`, { ...UK, country_code: 'FR', csrf });
    await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jane Doe',
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
      csrf,
    });
    const page = await browser.get(`/pay/${flowId}/confirm`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Frankreich');
    const creditor = await server.services.creditors.get(server.services.db, m.actor, m.creditorId);
    const identifier = schemeIdentifierFor(creditor, 'sepa_core').reference;
    expect(identifier).toBeTruthy();
    expect(page.html.split(identifier!).length - 1).toBe(1);
    // No Bacs question outside Bacs.
    expect(page.html).not.toContain('name="sole_signatory"');
    expect((await browser.post(`/pay/${flowId}/confirm`, { csrf })).status).toBe(303);
  });

  it('shows the creditor’s active Bacs identifier once it has one, not the sandbox’s test number', async () => {
    const merchant = await server.merchant();
    const asked = (
      await post(merchant.api, '/scheme_identifiers', { scheme_identifiers: { name: 'Own SUN', scheme: 'bacs' } }, 201)
    ).scheme_identifiers;
    await server.schemeClock.runDue();
    const { flow } = await mandateFlow(merchant.api);
    const browser = new PageClient(server.url);
    const flowId = flow.id as string;
    const csrf = browser.csrfOf((await browser.open(`/pay/${flowId}`)).html);
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, csrf });
    const page = await browser.get(`/pay/${flowId}/confirm`);
    expect(page.status).toBe(200);
    expect(page.html.split(asked.reference).length - 1).toBe(1);
    const creditor = await server.services.creditors.get(server.services.db, merchant.actor, merchant.creditorId);
    expect(page.html).not.toContain(schemeIdentifierFor(creditor, 'bacs').reference);
  });
});

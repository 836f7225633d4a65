import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startPagesServer } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { translator } from '../../i18n/flow';

/**
 * An instant bank payment in the drop-in (docs/dropin.md): banks refuse to be framed, so the bank
 * step links to the bank in a tab of its own; the bank's return in that tab sends the payer back
 * to the merchant's page, where the framed step follows the bank's answer to success.
 */
let sandbox: TestServer;
let m: Merchant;
const MERCHANT_PAGE = 'http://127.0.0.1:3452';

beforeAll(async () => {
  sandbox = await startPagesServer();
  m = await sandbox.merchant();
});
afterAll(async () => {
  await sandbox?.close();
});

const frameAncestors = (res: { headers: Record<string, unknown> }) =>
  /frame-ancestors ([^;]+)/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1];
const dropinLink = (flowId: string, origin: string) =>
  `/pay/${flowId}?${new URLSearchParams({ dropin_origin: origin })}`;
const attribute = (html: string, name: string) =>
  new RegExp(`${name}="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('an instant bank payment in the drop-in', () => {
  async function toBankStep(browser: PageClient, link: string, flowId: string) {
    const details = await browser.open(link);
    const csrf = browser.csrfOf(details.html);
    await browser.post(`/pay/${flowId}/details`, {
      given_name: 'Jane',
      family_name: 'Doe',
      email: 'j@example.com',
      csrf,
    });
    await browser.post(`/pay/${flowId}/bank`, { institution: 'monzo', country: 'GB', csrf });
    return { csrf, authorise: await browser.get(`/pay/${flowId}/authorise`) };
  }
  async function newPaymentFlow() {
    const br = (
      await post(
        m.api,
        '/billing_requests',
        { billing_requests: { payment_request: { amount: 4200, currency: 'GBP' } } },
        201,
      )
    ).billing_requests;
    const flow = (
      await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
    ).billing_request_flows;
    return { brId: br.id as string, flowId: flow.id as string };
  }
  const authorisationOf = async (brId: string) => {
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    return (await m.api.get(`/bank_authorisations/${br.links.bank_authorisation}`)).body.bank_authorisations;
  };

  it('opens the bank in a tab of its own, which sends the payer back; the framed step follows the answer', async () => {
    const { brId, flowId } = await newPaymentFlow();
    const framed = new PageClient(sandbox.url);
    const { csrf, authorise } = await toBankStep(framed, dropinLink(flowId, MERCHANT_PAGE), flowId);
    expect(authorise.status).toBe(200);
    // A plain link (no JavaScript needed) to a new tab: the bank refuses to be framed.
    expect(authorise.html).toMatch(
      /<a class="button" href="[^"]+\/sandbox-bank\/[^"]+" target="_blank" rel="noopener">/,
    );
    const authorisation = await authorisationOf(brId);
    expect(new URL(authorisation.redirect_uri).pathname + new URL(authorisation.redirect_uri).search).toBe(
      `/pay/${flowId}/bank-return?dropin=1`,
    );

    // The bank's tab is top-level: the partitioned session is not there.
    const tab = new PageClient(sandbox.url);
    const bankPath = new URL(authorisation.url).pathname;
    const token = attribute((await tab.get(bankPath)).html.replace(/.*name="token"/s, ''), 'value')!;
    const answered = await tab.post(bankPath, { token, decision: 'authorise' });
    expect(answered.status).toBe(303);
    const back = await tab.get(new URL(answered.location!).pathname + new URL(answered.location!).search);
    expect(back.status).toBe(200);
    expect(back.html).toContain(
      translator('en')('dropin_bank.return_body', { creditor: 'CREDITOR' }).split('CREDITOR')[1],
    );
    expect(frameAncestors(back)).toBe("'none'");

    // Without JavaScript the framed step's button; with it, its poll reaches the same bank-return.
    const finished = await framed.post(`/pay/${flowId}/authorise`, { csrf });
    expect(finished.location).toBe(`/pay/${flowId}/bank-return`);
    const returned = await framed.get(finished.location!);
    expect(returned.location).toBe(`/pay/${flowId}/success`);
    const success = await framed.get(returned.location!);
    expect(JSON.parse(attribute(success.html, 'data-dropin-message')!).billingRequest.status).toBe('fulfilled');
  });

  it('outside the drop-in the bank opens in the same tab and returns into the flow', async () => {
    const { brId, flowId } = await newPaymentFlow();
    const { authorise } = await toBankStep(new PageClient(sandbox.url), `/pay/${flowId}`, flowId);
    expect(authorise.html).not.toContain('target="_blank"');
    expect(new URL((await authorisationOf(brId)).redirect_uri).search).toBe('');
  });
});

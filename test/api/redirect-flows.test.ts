import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { translator } from '../../i18n/flow';
import { PageClient } from '../support/browser';
import { download, pdfText } from '../support/pdf';
import type { Merchant } from '../support/factories';
import { finishRedirectFlow, startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Redirect flows (legacy API) through the real entry points: the API creates one, the payer fills
 * the hosted pages of its internal flow and is sent to success_redirect_url, and the merchant's
 * complete (same session token, within 30 minutes, once) makes customer, bank account and mandate.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = await startPagesServer({ clock });
  m = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const SUCCESS = 'https://merchant.example/done?plan=gold';

async function createFlow(merchant = m, extra: Record<string, unknown> = {}) {
  const res = await merchant.api.post('/redirect_flows', {
    redirect_flows: {
      session_token: 'SESS_abc123',
      success_redirect_url: SUCCESS,
      description: 'Gym membership',
      scheme: 'bacs',
      metadata: { crm: '42' },
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.redirect_flows;
}

/** The payer finishes the hosted pages: the same confirmation, with the Direct Debit Guarantee. */
async function payerFinishes(redirectUrl: string) {
  const finished = await finishRedirectFlow(server.url, redirectUrl);
  expect(finished.confirmHtml).toContain('Direct Debit Guarantee');
  expect(finished.status).toBe(303);
  return finished;
}

const complete = (id: string, token = 'SESS_abc123', merchant = m) =>
  merchant.api.post(`/redirect_flows/${id}/actions/complete`, { data: { session_token: token } });

const reasonOf = (res: { body: { error: { type: string; errors: { reason: string }[] } } }) => [
  res.body.error.type,
  res.body.error.errors[0]!.reason,
];

describe('redirect flows', () => {
  it('creates, hands the payer back with redirect_flow_id, and completes once with the same token', async () => {
    const rf = await createFlow();
    expect(rf.id).toMatch(/^RE[0-9A-Z]{26}$/);
    expect(rf).toMatchObject({
      session_token: 'SESS_abc123',
      success_redirect_url: SUCCESS,
      description: 'Gym membership',
      scheme: 'bacs',
      metadata: { crm: '42' },
      links: { creditor: m.creditorId },
    });
    expect(rf.redirect_url).toMatch(/\/pay\/BRF[0-9A-Z]{26}$/);
    expect(rf.links.mandate).toBeUndefined();

    // Before the payer is done: incomplete.
    expect(reasonOf(await complete(rf.id))).toEqual(['invalid_state', 'redirect_flow_incomplete']);

    const { browser, location, flowPath } = await payerFinishes(rf.redirect_url);
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}`).toBe('https://merchant.example/done');
    expect(back.searchParams.get('plan')).toBe('gold');
    expect(back.searchParams.get('redirect_flow_id')).toBe(rf.id);
    // Nothing is set up until the merchant completes; the payer's link leads back to the merchant.
    expect((await m.api.get(`/billing_requests/${rf.links.billing_request}`)).body.billing_requests.status).toBe(
      'ready_to_fulfil',
    );
    expect((await browser.get(flowPath)).location).toBe(location);

    const wrong = await complete(rf.id, 'SESS_other');
    expect(wrong.status).toBe(400);
    expect(reasonOf(wrong)).toEqual(['invalid_api_usage', 'session_token_mismatch']);

    const done = await complete(rf.id);
    expect(done.status, done.text).toBe(200);
    const completed = done.body.redirect_flows;
    expect(completed.links.customer).toMatch(/^CU/);
    expect(completed.links.customer_bank_account).toMatch(/^BA/);
    expect(completed.links.mandate).toMatch(/^MD/);
    expect(completed.mandate_reference).toBeTruthy();
    expect(completed.confirmation_url).toContain(`${flowPath}/success`);
    const mandate = (await m.api.get(`/mandates/${completed.links.mandate}`)).body.mandates;
    expect(mandate).toMatchObject({ scheme: 'bacs', links: { customer: completed.links.customer } });
    expect((await m.api.get(`/redirect_flows/${rf.id}`)).body.redirect_flows.links.mandate).toBe(
      completed.links.mandate,
    );
    // The events of the internal request and its mandate, as for any billing request.
    const events = (await m.api.get(`/events?billing_request=${rf.links.billing_request}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['created', 'fulfilled']));

    // The payer's success page (confirmation_url) offers the mandate as a PDF, and the link opens it.
    const success = await browser.get(`${flowPath}/success`);
    expect(success.status).toBe(200);
    expect(success.html).toContain(translator('en')('success.download.dd'));
    const href = /href="(\/mandate_pdfs\/files\/[^"]+)"/.exec(success.html)?.[1];
    expect(href).toBeTruthy();
    const file = await download(`${server.url}${href!.replace(/&amp;/g, '&')}`);
    expect(file.type).toBe('application/pdf');
    expect(await pdfText(file.body)).toContain('The Direct Debit Guarantee');

    const again = await complete(rf.id);
    expect(again.status).toBe(422);
    expect(reasonOf(again)).toEqual(['invalid_state', 'redirect_flow_already_completed']);
    // A whole payer journey and a mandate PDF rendered: 5-15 s alone, over 30 s on a loaded CI machine.
  }, 90_000);

  it('completes a flow whose internal billing request the merchant already fulfilled', async () => {
    const rf = await createFlow();
    await payerFinishes(rf.redirect_url);
    const fulfilled = await m.api.post(`/billing_requests/${rf.links.billing_request}/actions/fulfil`, { data: {} });
    expect(fulfilled.status, fulfilled.text).toBe(200);
    const done = await complete(rf.id);
    expect(done.status, done.text).toBe(200);
    expect(done.body.redirect_flows.links.mandate).toBe(fulfilled.body.billing_requests.links.mandate_request_mandate);
  });

  it('refuses a complete after 30 minutes, and the payer pages show the flow expired', async () => {
    const rf = await createFlow();
    const { location } = await payerFinishes(rf.redirect_url);
    expect(new URL(location).searchParams.get('redirect_flow_id')).toBe(rf.id);
    clock.advance(30 * 60_000 + 1);
    const late = await complete(rf.id);
    expect(late.status).toBe(422);
    expect(reasonOf(late)).toEqual(['invalid_state', 'redirect_flow_expired']);
    const fresh = await createFlow();
    clock.advance(30 * 60_000 + 1);
    const page = await new PageClient(server.url).open(new URL(fresh.redirect_url).pathname);
    expect(page.path).toMatch(/\/closed$/);
  });

  it('keeps organisations apart and refuses bad input without writing', async () => {
    const rf = await createFlow();
    expect((await other.api.get(`/redirect_flows/${rf.id}`)).status).toBe(404);
    expect((await complete(rf.id, 'SESS_abc123', other)).status).toBe(404);
    for (const body of [
      { success_redirect_url: SUCCESS },
      { session_token: 's' },
      { session_token: 's', success_redirect_url: 'javascript:alert(1)' },
      { session_token: 's', success_redirect_url: SUCCESS, scheme: 'faster_payments' },
      { session_token: 's', success_redirect_url: SUCCESS, links: { creditor: 'CR000' } },
    ]) {
      const before = (await m.api.get('/billing_requests?limit=500')).body.billing_requests.length;
      const res = await m.api.post('/redirect_flows', { redirect_flows: body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await m.api.get('/billing_requests?limit=500')).body.billing_requests.length).toBe(before);
    }
    expect((await complete(rf.id, '')).status).toBe(422);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficialClientShape } from '../support/official-client';
import { finishRedirectFlow, startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The official Node client's redirect flow, shaped as it sends it (`redirectFlows.create`, the
 * payer on the hosted pages, `redirectFlows.complete` with `{"data":{"session_token"}}`, `find`),
 * then `mandatePdfs.create` for the mandate it made; answers checked against /openapi.json.
 */
let server: TestServer;
let client: OfficialClientShape;

beforeAll(async () => {
  server = await startPagesServer({ env: { VERSION_HEADER: 'GoCardless-Version' } });
  const merchant = await server.merchant();
  client = new OfficialClientShape(server.url, merchant.token);
});
afterAll(() => server?.close());

describe('the official client’s redirect flow', () => {
  it('creates, the payer finishes, completes with the session token, and asks for the mandate PDF', async () => {
    const created = await client.create('redirect_flows', {
      description: 'Wine boxes',
      session_token: 'SESS_wSs0uGYMISxzqOBq',
      success_redirect_url: 'https://example.com/pay/confirm',
      prefilled_customer: { given_name: 'Frank', family_name: 'Osborne', email: 'frank.osborne@example.com' },
    });
    expect(created.status).toBe(201);
    const flow = created.body.redirect_flows;
    expect(flow.id).toMatch(/^RE/);

    const finished = await finishRedirectFlow(server.url, flow.redirect_url);
    expect(finished.location).toBe(`https://example.com/pay/confirm?redirect_flow_id=${flow.id}`);

    const completed = await client.action('redirect_flows', flow.id, 'complete', {
      session_token: 'SESS_wSs0uGYMISxzqOBq',
    });
    expect(completed.status).toBe(200);
    const links = completed.body.redirect_flows.links;
    expect(links).toMatchObject({ customer: expect.stringMatching(/^CU/), mandate: expect.stringMatching(/^MD/) });
    expect((await client.find('redirect_flows', flow.id)).body.redirect_flows.links.mandate).toBe(links.mandate);

    const pdf = await client.create('mandate_pdfs', { links: { mandate: links.mandate } });
    expect(pdf.status).toBe(200);
    expect(pdf.body.mandate_pdfs.url).toMatch(/\/mandate_pdfs\/files\//);
  });
});

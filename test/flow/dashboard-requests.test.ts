import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The dashboard's Requests page (decision 0086): the organisation's API requests with the API's
 * filters and cursor, one request whole beside the events and webhooks it caused, and a command
 * to send it again in the sandbox when nothing of it was masked.
 */
let server: TestServer;
let m: Merchant;
let viewer: PageClient;
let blockId: string;
let blockRequestId: string;

const rowLinks = (html: string) =>
  [...html.matchAll(/data-testid="row"><td><a href="\/dashboard\/developers\/requests\/(RL[A-Z0-9]+)"/g)].map(
    (x) => x[1]!,
  );

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Requests merchant');
  const block = await m.api.post(
    '/blocks',
    { blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'fraud@example.com' } },
    { headers: { 'idempotency-key': 'dash-block' } },
  );
  expect(block.status, block.text).toBe(201);
  blockId = block.body.blocks.id;
  blockRequestId = block.headers['x-request-id'] as string;
  expect((await m.api.get(`/blocks/${blockId}`)).status).toBe(200);
  expect((await m.api.get('/customers/CU01KBZ8Q6W4M2T0R9YV3XE5N7HJ')).status).toBe(404);
  await server.requestLogs.flush();
  viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
});
afterAll(() => server?.close());

describe('the Requests page', () => {
  it('lists the requests newest first and filters them as the API does', async () => {
    const all = await viewer.get('/dashboard/developers/requests');
    expect(all.status).toBe(200);
    expect(rowLinks(all.html)).toHaveLength(3);
    const notFound = await viewer.get('/dashboard/developers/requests?status=404');
    expect(rowLinks(notFound.html)).toHaveLength(1);
    expect(notFound.html).toContain('/customers/CU01KBZ8Q6W4M2T0R9YV3XE5N7HJ');
    expect(rowLinks((await viewer.get(`/dashboard/developers/requests?resource=${blockId}`)).html)).toHaveLength(2);
    expect(rowLinks((await viewer.get('/dashboard/developers/requests?path=/blocks')).html)).toHaveLength(1);
    const byId = await viewer.get(`/dashboard/developers/requests?request_id=${blockRequestId}`);
    expect(rowLinks(byId.html)).toHaveLength(1);
    const bad = await viewer.get('/dashboard/developers/requests?status=abc');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="filter-status-error"');
  });

  it('shows one request whole, masked, beside the events it recorded, with a re-send command in the sandbox', async () => {
    const list = await viewer.get(`/dashboard/developers/requests?request_id=${blockRequestId}`);
    const page = await viewer.get(`/dashboard/developers/requests/${rowLinks(list.html)[0]}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(blockRequestId);
    expect(page.html).toContain('dash-block');
    expect(page.html).not.toContain('fraud@example.com');
    expect(page.html).toContain('[masked]');
    expect(page.html).toMatch(/data-testid="event"><a href="\/dashboard\/developers\/events\/EV[A-Z0-9]+"/);
    // Its body was masked: sending it again would not be the same request.
    expect(page.html).not.toContain('data-testid="resend"');

    const get = await viewer.get(`/dashboard/developers/requests?path=/blocks/${blockId}`);
    const read = await viewer.get(`/dashboard/developers/requests/${rowLinks(get.html)[0]}`);
    const command = /data-testid="resend"[^>]*>([^<]*)</.exec(read.html)![1]!;
    expect(command).toContain(`-X GET &quot;$BASE&quot;&#x27;/blocks/${blockId}&#x27;`);
    expect(command).toContain('Bearer $TOKEN');
  });

  it("answers another organisation's request as not found", async () => {
    const other = await server.merchant();
    await other.api.get('/customers');
    await server.requestLogs.flush();
    const theirs = (await other.api.get('/request_logs')).body.request_logs[0].id;
    expect((await viewer.get(`/dashboard/developers/requests/${theirs}`)).status).toBe(404);
  });
});

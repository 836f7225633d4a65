import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The dashboard's Requests page (decision 0086): the organisation's API requests with the API's
 * filters and cursor, one request whole beside the events and webhooks it caused, and in the
 * sandbox, when nothing of it was masked, a command to send it again and a button that sends it
 * again through the API as the token that made it (decision 0094).
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

/** The request log of the request with this X-Request-Id, as the API lists it. */
async function logOf(merchant: Merchant, requestId: string) {
  await server.requestLogs.flush();
  const found = await merchant.api.get(`/request_logs?request_id=${requestId}`);
  expect(found.status, found.text).toBe(200);
  return found.body.request_logs[0] as { id: string; [field: string]: unknown };
}

const countLogs = async (merchant: Merchant) => {
  await server.requestLogs.flush();
  return (await merchant.api.get('/request_logs?limit=500')).body.request_logs.length as number;
};

describe('sending a sandbox request again from its page (decision 0094)', () => {
  it('replays it through the API as the same token, with a new idempotency key, and shows the new request', async () => {
    const merchant = await server.merchant('Re-send merchant');
    const admin = await signedInAs(server, (await dashboardUser(server, merchant.organisationId, 'admin')).email);
    const sent = await merchant.api.post(
      '/billing_requests',
      { billing_requests: { payment_request: { amount: 1250, currency: 'GBP', description: 'Re-send me' } } },
      { headers: { 'idempotency-key': 'first-send' } },
    );
    expect(sent.status, sent.text).toBe(201);
    const first = await logOf(merchant, sent.headers['x-request-id'] as string);
    const page = await admin.get(`/dashboard/developers/requests/${first.id}`);
    expect(page.html).toContain('data-testid="resend-now"');

    const resent = await admin.post(`/dashboard/developers/requests/${first.id}`, { csrf: admin.csrfOf(page.html) });
    expect(resent.status, resent.html).toBe(303);
    const newId = /^\/dashboard\/developers\/requests\/(RL[A-Z0-9]{26})\?resent_from=(RL[A-Z0-9]{26})$/.exec(
      resent.location ?? '',
    );
    expect(newId?.[2]).toBe(first.id);
    expect(newId![1]).not.toBe(first.id);
    const shown = await admin.get(resent.location!);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('data-testid="resent"');
    expect(shown.html).toContain(`/dashboard/developers/requests/${first.id}`);

    // The new request, as the API keeps it: the same method, path, body and token, a new key.
    const log = (await merchant.api.get(`/request_logs/${newId![1]}`)).body.request_logs;
    expect(log).toMatchObject({
      method: 'POST',
      path: '/billing_requests',
      status: 201,
      token_name: first.token_name,
      request_body: first.request_body,
    });
    expect(log.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.request_id).not.toBe(first.request_id);
    const made = (await merchant.api.get('/billing_requests')).body.billing_requests as { id: string }[];
    expect(made).toHaveLength(2);
    expect(made.map((b) => b.id)).toContain(log.response_body.billing_requests.id);
    expect(log.links.events.length).toBeGreaterThan(0);
    const events = (await merchant.api.get('/events?resource_type=billing_requests')).body.events as {
      id: string;
      links: { billing_request: string };
    }[];
    const madeByResend = log.response_body.billing_requests.id;
    expect(events.filter((e) => e.links.billing_request === madeByResend).map((e) => e.id)).toEqual(
      expect.arrayContaining(log.links.events),
    );
  });

  it('refuses a masked body, a request logged without its token and one its token can no longer make; nothing is sent', async () => {
    const merchant = await server.merchant('Re-send refusals');
    const admin = await signedInAs(server, (await dashboardUser(server, merchant.organisationId, 'admin')).email);
    const csrf = await csrfAt(admin);
    const block = await merchant.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'masked@example.com' },
    });
    expect(block.status, block.text).toBe(201);
    const masked = await logOf(merchant, block.headers['x-request-id'] as string);
    const read = await merchant.readOnly.get('/creditors');
    const unnamed = await logOf(merchant, read.headers['x-request-id'] as string);
    await server.services.db.query('UPDATE request_logs SET access_token_id = NULL WHERE id = $1', [unnamed.id]);
    const revoked = await logOf(
      merchant,
      (await merchant.readOnly.get('/customers')).headers['x-request-id'] as string,
    );
    const readOnlyToken = (await server.services.access.listTokens(server.services.db, merchant.organisationId)).find(
      (t) => t.scope === 'read_only',
    )!;
    await server.services.db.transaction((tx) => server.services.access.revokeToken(tx, readOnlyToken.id));

    const before = await countLogs(merchant);
    for (const [log, reason] of [
      [masked, 'masked'],
      [unnamed, 'no_token'],
      [revoked, 'unlogged'],
    ] as const) {
      // The page offers no button for what it can tell; a token revoked since is the API's to tell.
      const page = await admin.get(`/dashboard/developers/requests/${log.id}`);
      if (reason !== 'unlogged') expect(page.html, reason).not.toContain('data-testid="resend-now"');
      const refused = await admin.post(`/dashboard/developers/requests/${log.id}`, { csrf });
      expect(refused.status, reason).toBe(422);
      expect(refused.html).toContain(`data-reason="${reason}"`);
    }
    expect(await countLogs(merchant)).toBe(before);
    expect((await merchant.api.get('/blocks')).body.blocks).toHaveLength(1);
  });
});

describe('sending a request again in live', () => {
  it('offers no button, and refuses the form with its reason (422)', async () => {
    const live = await startPagesServer({ env: { ENVIRONMENT: 'live' } });
    try {
      const merchant = await live.merchant('Live re-send');
      const admin = await signedInAs(live, (await dashboardUser(live, merchant.organisationId, 'admin')).email);
      const read = await merchant.api.get('/creditors');
      await live.requestLogs.flush();
      const log = (await merchant.api.get(`/request_logs?request_id=${read.headers['x-request-id']}`)).body
        .request_logs[0];
      const page = await admin.get(`/dashboard/developers/requests/${log.id}`);
      expect(page.status).toBe(200);
      expect(page.html).not.toContain('data-testid="resend-now"');
      const refused = await admin.post(`/dashboard/developers/requests/${log.id}`, { csrf: admin.csrfOf(page.html) });
      expect(refused.status).toBe(422);
      expect(refused.html).toContain('data-reason="live"');
      await live.requestLogs.flush();
      expect((await merchant.api.get('/request_logs?path=/creditors')).body.request_logs).toHaveLength(1);
    } finally {
      await live.close();
    }
  });
});

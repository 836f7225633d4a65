import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { startPagesServer } from '../support/pages';
import { startReceiver, type Receiver } from '../support/receiver';
import type { TestServer } from '../support/server';

/**
 * A webhook delivery's own page and its retry, against a real receiver (HTTPS, in this process)
 * that answers the first request 500 and every later one 200: the page shows the request sent,
 * the latest answer and each attempt; a retry asked for on its confirmation page makes a new
 * delivery that succeeds; the service's refusals are shown (422) and make nothing; another
 * organisation's or another endpoint's delivery is 404; a viewer sees but cannot retry; the
 * endpoint's deliveries come a page at a time with no row twice.
 */
let server: TestServer;
let receiver: Receiver;
let m: Merchant;
let admin: PageClient;
let csrf: string;
let endpointId: string;

const HOSTILE = '<script>alert("x")</script>';

/** Text as the page shows it (React escapes `& < > " '`). */
const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const textOf = (html: string, testId: string) => {
  const found = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</`).exec(html)?.[1];
  return found === undefined ? undefined : unescape(found);
};
const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

const deliveryIds = async (merchant: Merchant) =>
  (
    await server.services.webhooks.list(
      server.services.db,
      { organisationId: merchant.organisationId, origin: 'api', source: { type: 'app', name: 'test' } },
      {},
      { limit: 500 },
    )
  ).items.map((d) => d.id);
const statusOf = async (id: string) => (await m.api.get(`/webhooks/${id}`)).body.webhooks as { successful: boolean };

let blocks = 0;
const block = (merchant: Merchant) =>
  merchant.api.post('/blocks', {
    blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: `d${++blocks}@example.com` },
  });

const newEndpoint = async (merchant: Merchant, url = receiver.url) =>
  (await server.services.webhookEndpoints.create(server.services.db, merchant.organisationId, url)).endpoint.id;
const testDelivery = (merchant: Merchant, endpoint: string) =>
  server.services.db.transaction((tx) =>
    server.services.webhooks.sendTest(tx, { organisationId: merchant.organisationId }, endpoint),
  );
const pageOf = (endpoint: string, delivery?: string) =>
  `/dashboard/developers/webhooks/${endpoint}${delivery ? `/deliveries/${delivery}` : ''}`;

beforeAll(async () => {
  receiver = await startReceiver();
  receiver.answer((_request, index) =>
    index === 0
      ? { status: 500, body: HOSTILE, headers: { 'x-receiver': 'first <try>' } }
      : { status: 200, body: '{"ok":true}' },
  );
  server = await startPagesServer({
    webhookDelivery: { intervalMs: 0, sender: receiver.sender(), timeoutMs: 2000 },
  });
  m = await server.merchant('Deliveries merchant');
  endpointId = await newEndpoint(m);
  admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
  csrf = await csrfAt(admin);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('a webhook delivery in the dashboard', () => {
  let failed: string;

  it('shows the request sent, the latest answer, every attempt and the events, escaped', async () => {
    expect((await block(m)).status).toBe(201);
    expect(await server.webhookWorker.runDue()).toBe(1);
    const sent = receiver.received[0]!;
    failed = sent.body.meta.webhook_id;

    const list = await admin.get(pageOf(endpointId));
    expect(list.html).toContain(`href="${pageOf(endpointId, failed)}"`);
    const page = await admin.get(pageOf(endpointId, failed));
    expect(page.status).toBe(200);
    expect(textOf(page.html, 'delivery-status')).toBe('retrying');
    expect(textOf(page.html, 'request-url')).toBe(receiver.url);
    // The headers as sent: the signature and the idempotency key the receiver got.
    expect(page.html).toContain(`<dd>${sent.headers['webhook-signature'] as string}</dd>`);
    expect(page.html).toContain(`<dd>${sent.headers['idempotency-key'] as string}</dd>`);
    expect(JSON.parse(textOf(page.html, 'request-body')!)).toEqual(sent.body);
    expect(textOf(page.html, 'request-body')).toContain('\n  "events": [');
    // The receiver's answer is shown as text, never as markup.
    expect(textOf(page.html, 'response-code')).toBe('500');
    expect(textOf(page.html, 'response-body')).toBe(HOSTILE);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).toContain('first &lt;try&gt;');
    expect(count(page.html, 'attempt')).toBe(1);
    expect(page.html).toMatch(/data-testid="attempt"><td>1<\/td><td>[^<]+<\/td><td>Failed<\/td><td>500<\/td>/);
    const eventId = sent.body.events[0]!.id;
    expect(page.html).toContain(`href="/dashboard/developers/events/${eventId}"`);
    expect(page.html).toContain(`href="${pageOf(endpointId, failed)}/retry"`);
  });

  it('retries it after asking: a new delivery, sent by the worker, that succeeds', async () => {
    const before = await deliveryIds(m);
    const asked = await admin.get(`${pageOf(endpointId, failed)}/retry`);
    expect(asked.status).toBe(200);
    expect(await deliveryIds(m)).toEqual(before);

    const done = await admin.post(`${pageOf(endpointId, failed)}/retry`, { csrf });
    expect(done.status).toBe(303);
    const retry = /\/deliveries\/(WB[0-9A-Z]{26})\?done=retry$/.exec(done.location ?? '')![1]!;
    expect(retry).not.toBe(failed);
    expect(await deliveryIds(m)).toEqual([retry, ...before]);

    // One round: the retry alone. (Its success brings the original's next attempt forward, which
    // a second round would send.)
    expect(await server.webhookWorker.runDue(1)).toBe(1);
    const again = receiver.received.at(-1)!;
    expect(again.body.meta.webhook_id).toBe(retry);
    expect(again.body.events).toEqual(receiver.received[0]!.body.events);
    expect(again.headers['idempotency-key']).not.toBe(receiver.received[0]!.headers['idempotency-key']);
    expect((await statusOf(retry)).successful).toBe(true);
    expect((await statusOf(failed)).successful).toBe(false);

    const page = await admin.get(done.location!);
    expect(page.status).toBe(200);
    expect(page.html).toContain('role="status"');
    expect(textOf(page.html, 'delivery-status')).toBe('succeeded');
    expect(textOf(page.html, 'response-code')).toBe('200');
    expect(page.html).toMatch(/data-testid="attempt"><td>1<\/td><td>[^<]+<\/td><td>Accepted<\/td><td>200<\/td>/);
    expect(page.html).toContain(`href="${pageOf(endpointId, failed)}"`);
  });

  it('shows what the service refuses (422) and makes nothing: not yet tried, endpoint disabled', async () => {
    const waiting = (await testDelivery(m, endpointId)).id;
    const page = await admin.get(pageOf(endpointId, waiting));
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(`${pageOf(endpointId, waiting)}/retry`);
    expect(page.html).toContain('data-testid="delivery-event"');
    const before = await deliveryIds(m);
    const early = await admin.post(`${pageOf(endpointId, waiting)}/retry`, { csrf });
    expect(early.status).toBe(422);
    expect(early.html).toMatch(/data-testid="refusal" data-reason="retry_failed" data-cause="webhook_not_attempted"/);
    expect(await deliveryIds(m)).toEqual(before);
    await server.webhookWorker.runDue();

    const disable = await admin.post(`${pageOf(endpointId)}/disable`, { csrf });
    expect(disable.status).toBe(303);
    expect((await admin.get(pageOf(endpointId, failed))).html).not.toContain(`${pageOf(endpointId, failed)}/retry"`);
    const refused = await admin.post(`${pageOf(endpointId, failed)}/retry`, { csrf });
    expect(refused.status).toBe(422);
    expect(refused.html).toMatch(/data-reason="retry_failed" data-cause="webhook_endpoint_disabled"/);
    expect(refused.html).toContain('<form method="post"');
    expect(await deliveryIds(m)).toEqual(before);
    expect((await admin.post(`${pageOf(endpointId)}/enable`, { csrf })).status).toBe(303);
  });

  it('answers 404 for another organisation’s delivery or endpoint and for a delivery under another endpoint', async () => {
    const other = await server.merchant('Another organisation');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    const strangerCsrf = await csrfAt(stranger);
    const before = await deliveryIds(m);
    expect((await stranger.get(pageOf(endpointId, failed))).status).toBe(404);
    expect((await stranger.get(`${pageOf(endpointId, failed)}/retry`)).status).toBe(404);
    expect((await stranger.post(`${pageOf(endpointId, failed)}/retry`, { csrf: strangerCsrf })).status).toBe(404);
    // Their own endpoint in the URL does not open this organisation's delivery either.
    const theirs = await newEndpoint(other);
    expect((await stranger.get(pageOf(theirs, failed))).status).toBe(404);
    expect((await stranger.post(`${pageOf(theirs, failed)}/retry`, { csrf: strangerCsrf })).status).toBe(404);

    const second = await newEndpoint(m, `${receiver.url}/second`);
    expect((await admin.get(pageOf(second, failed))).status).toBe(404);
    expect((await admin.get(`${pageOf(second, failed)}/retry`)).status).toBe(404);
    expect((await admin.post(`${pageOf(second, failed)}/retry`, { csrf })).status).toBe(404);
    expect((await admin.get(pageOf(endpointId, 'WB00000000000000000000000000'))).status).toBe(404);
    expect(await deliveryIds(m)).toEqual(before);
  });

  it('lets a viewer see a delivery but not retry it (403), and refuses a retry without the CSRF token', async () => {
    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const page = await viewer.get(pageOf(endpointId, failed));
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(`${pageOf(endpointId, failed)}/retry`);
    const before = await deliveryIds(m);
    const refused = await viewer.post(`${pageOf(endpointId, failed)}/retry`, { csrf: await csrfAt(viewer) });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('You cannot do this');
    expect((await admin.post(`${pageOf(endpointId, failed)}/retry`, {})).status).toBe(403);
    expect((await admin.post(`${pageOf(endpointId, failed)}/retry`, { csrf: 'forged' })).status).toBe(403);
    expect(await deliveryIds(m)).toEqual(before);
  });
});

describe('an endpoint’s deliveries', () => {
  it('come 25 a page, newest first, by cursor, with no row twice; filtered by status', async () => {
    const endpoint = await newEndpoint(m, `${receiver.url}/paged`);
    for (let i = 0; i < 30; i++) await testDelivery(m, endpoint);
    const made = (await deliveryIds(m)).slice(0, 30);
    // Another endpoint's deliveries are not its.
    await testDelivery(m, endpointId);

    const seen: string[] = [];
    let next: string | undefined = pageOf(endpoint);
    let pages = 0;
    while (next) {
      const page = await admin.get(next);
      expect(page.status).toBe(200);
      seen.push(
        ...[...page.html.matchAll(/data-testid="delivery"><td><a href="[^"]+\/deliveries\/(WB\w+)"/g)].map(
          (x) => x[1]!,
        ),
      );
      next = /<a href="([^"]+)">Older<\/a>/.exec(page.html)?.[1]?.replace(/&amp;/g, '&');
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(made);
    const back = await admin.get(`${pageOf(endpoint)}?before=${seen[25]}`);
    expect([...back.html.matchAll(/\/deliveries\/(WB\w+)"/g)].map((x) => x[1])).toEqual(seen.slice(0, 25));

    expect(count((await admin.get(`${pageOf(endpoint)}?status=pending`)).html, 'delivery')).toBe(25);
    const none = await admin.get(`${pageOf(endpoint)}?status=succeeded`);
    expect(none.status).toBe(200);
    expect(count(none.html, 'delivery')).toBe(0);
    const bad = await admin.get(`${pageOf(endpoint)}?status=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="filter-status-error"');
    expect(count(bad.html, 'delivery')).toBe(0);
    await server.webhookWorker.runDue();
    const sent = await admin.get(`${pageOf(endpoint)}?status=succeeded`);
    expect(count(sent.html, 'delivery')).toBe(25);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * An admin pauses and resumes a subscription from its page: each asks first, goes through the
 * subscriptions service (the API's pause and resume), and is written as an event whose source is
 * the user; what the service refuses is shown (422) and nothing changes; a viewer's POST is 403.
 */
let server: TestServer;
let m: Merchant;
let subscription: string;
let admin: PageClient;
let email: string;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Pausing merchant');
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  const run = await m.api.post('/scenario_simulators/mandate_activated/actions/run', {
    data: { links: { resource: mandateId } },
  });
  expect(run.status).toBe(200);
  const body = { amount: 1500, currency: 'GBP', interval_unit: 'monthly', name: 'Gym', links: { mandate: mandateId } };
  subscription = (await post(m.api, '/subscriptions', { subscriptions: body }, 201)).subscriptions.id;
  email = (await dashboardUser(server, m.organisationId, 'admin')).email;
  admin = await signedInAs(server, email);
});
afterAll(() => server?.close());

const statusOf = async () => (await m.api.get(`/subscriptions/${subscription}`)).body.subscriptions.status;
const sourcesOf = async (action: string) =>
  (await m.api.get(`/events?subscription=${subscription}&action=${action}`)).body.events.map(
    (e: { source: unknown }) => e.source,
  );

describe('pausing and resuming a subscription from the dashboard', () => {
  it('a viewer sees neither action and is refused (403) with nothing written', async () => {
    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const page = await viewer.get(`/dashboard/subscriptions/${subscription}`);
    expect(page.html).not.toContain('/pause"');
    const confirm = await viewer.get(`/dashboard/subscriptions/${subscription}/pause`);
    expect(confirm.status).toBe(200);
    const refused = await viewer.post(`/dashboard/subscriptions/${subscription}/pause`, {
      csrf: viewer.csrfOf(confirm.html),
    });
    expect(refused.status).toBe(403);
    expect(await statusOf()).toBe('active');
  });

  it('asks first, pauses with the user as the source, refuses a second pause, then resumes', async () => {
    const detail = await admin.get(`/dashboard/subscriptions/${subscription}`);
    expect(detail.html).toContain(`href="/dashboard/subscriptions/${subscription}/pause"`);
    expect(detail.html).not.toContain(`/${subscription}/resume"`);
    const confirm = await admin.get(`/dashboard/subscriptions/${subscription}/pause`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain(`action="/dashboard/subscriptions/${subscription}/pause"`);
    const csrf = admin.csrfOf(confirm.html);

    const paused = await admin.post(`/dashboard/subscriptions/${subscription}/pause`, { csrf });
    expect(paused.status).toBe(303);
    expect(paused.location).toBe(`/dashboard/subscriptions/${subscription}?done=pause`);
    expect(await statusOf()).toBe('paused');
    expect(await sourcesOf('paused')).toEqual([{ type: 'user', name: email }]);
    const after = await admin.get(`/dashboard/subscriptions/${subscription}?done=pause`);
    expect(after.html).toContain('It was paused.');
    expect(after.html).toContain(`href="/dashboard/subscriptions/${subscription}/resume"`);
    expect(after.html).not.toContain(`/${subscription}/pause"`);

    const again = await admin.post(`/dashboard/subscriptions/${subscription}/pause`, { csrf });
    expect(again.status).toBe(422);
    expect(again.html).toContain('data-testid="refusal"');
    expect(await sourcesOf('paused')).toHaveLength(1);

    const resumeConfirm = await admin.get(`/dashboard/subscriptions/${subscription}/resume`);
    expect(resumeConfirm.status).toBe(200);
    const resumed = await admin.post(`/dashboard/subscriptions/${subscription}/resume`, { csrf });
    expect(resumed.status).toBe(303);
    expect(resumed.location).toBe(`/dashboard/subscriptions/${subscription}?done=resume`);
    expect(await statusOf()).toBe('active');
    expect(await sourcesOf('resumed')).toEqual([{ type: 'user', name: email }]);
    expect((await admin.get(resumed.location!)).html).toContain('It was resumed.');

    const notPaused = await admin.post(`/dashboard/subscriptions/${subscription}/resume`, { csrf });
    expect(notPaused.status).toBe(422);
  });

  it('another organisation’s subscription is not found', async () => {
    const other = await server.merchant('Other merchant');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    const page = await stranger.get(`/dashboard/subscriptions/${subscription}/pause`);
    expect(page.status).toBe(404);
    const post = await stranger.post(`/dashboard/subscriptions/${subscription}/pause`, {
      csrf: stranger.csrfOf((await stranger.get('/dashboard')).html),
    });
    expect(post.status).toBe(404);
    expect(await statusOf()).toBe('active');
  });
});

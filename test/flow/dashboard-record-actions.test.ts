import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * An admin's actions from the dashboard: cancel and retry a payment, refund one, cancel a mandate.
 * Each asks first, each is written as an event whose source is the signed-in user, a viewer's is
 * refused with the 403 page and writes nothing, and what the services refuse changes nothing.
 */
let server: TestServer;
let m: Merchant;
let mandateId: string;
let adminEmail: string;

const run = (simulator: string, resource: string) =>
  m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });
const pay = async (amount = 1000) =>
  (await post(m.api, '/payments', { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } }, 201))
    .payments.id as string;
const statusOf = async (id: string) => (await m.api.get(`/payments/${id}`)).body.payments.status as string;
const eventsOf = async (key: 'payment' | 'mandate', id: string) =>
  (
    await server.services.events.list(
      server.services.db,
      { organisationId: m.organisationId, origin: 'api', source: { type: 'app', name: 'test' } },
      { link: { key, id } },
      { limit: 50 },
    )
  ).items;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Actions merchant', { payoutAccounts: true });
  mandateId = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
  expect((await run('mandate_activated', mandateId)).status).toBe(200);
  adminEmail = (await dashboardUser(server, m.organisationId, 'admin')).email;
});
afterAll(() => server?.close());

describe('dashboard actions on payments and mandates', () => {
  it('cancels a payment after asking, as an event whose source is the user', async () => {
    const id = await pay();
    const admin = await signedInAs(server, adminEmail);
    const confirm = await admin.get(`/dashboard/payments/${id}/cancel`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Cancel payment');
    const done = await admin.post(`/dashboard/payments/${id}/cancel`, { csrf: admin.csrfOf(confirm.html) });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/dashboard/payments/${id}?done=cancel`);
    expect(await statusOf(id)).toBe('cancelled');
    const [event] = await eventsOf('payment', id);
    expect(event).toMatchObject({ action: 'cancelled', source: { type: 'user', name: adminEmail } });
    expect((await admin.get(done.location!)).html).toContain('The payment was cancelled.');
  });

  it('retries a failed payment and refunds a confirmed one, each as the user', async () => {
    const failed = await pay();
    expect((await run('payment_failed', failed)).status).toBe(200);
    const paid = await pay(2000);
    expect((await run('payment_confirmed', paid)).status).toBe(200);
    const admin = await signedInAs(server, adminEmail);
    const csrf = await csrfAt(admin);
    expect((await admin.post(`/dashboard/payments/${failed}/retry`, { csrf })).status).toBe(303);
    expect(await statusOf(failed)).toBe('pending_submission');
    expect((await eventsOf('payment', failed))[0]).toMatchObject({
      action: 'resubmission_requested',
      source: { type: 'user' },
    });

    const form = await admin.get(`/dashboard/payments/${paid}/refund`);
    expect(form.html).toContain('value="20.00"');
    for (const amount of ['0', '20.01', 'lots', '-1']) {
      const refused = await admin.post(`/dashboard/payments/${paid}/refund`, { csrf, amount });
      expect(refused.status, amount).toBe(400);
      expect(refused.html).toContain('id="amount-error"');
      // What was typed comes back into the field, not the refundable amount (issue #41.4).
      expect(refused.html).toMatch(new RegExp(`id="amount"[^>]*value="${amount.replace('.', '\\.')}"`));
    }
    expect((await m.api.get(`/refunds?payment=${paid}`)).body.refunds).toEqual([]);
    expect((await admin.post(`/dashboard/payments/${paid}/refund`, { csrf, amount: '7.5' })).status).toBe(303);
    const refunds = (await m.api.get(`/refunds?payment=${paid}`)).body.refunds;
    expect(refunds).toMatchObject([{ amount: 750, currency: 'GBP' }]);
    const refundEvents = await eventsOf('payment', paid);
    expect(refundEvents.find((e) => e.resource_type === 'refunds')).toMatchObject({
      action: 'created',
      source: { type: 'user', name: adminEmail },
    });
  });

  it('answers what the services refuse on the confirmation page, changing nothing', async () => {
    const id = await pay();
    expect((await run('payment_confirmed', id)).status).toBe(200);
    const admin = await signedInAs(server, adminEmail);
    const csrf = await csrfAt(admin);
    const before = (await eventsOf('payment', id)).length;
    const refused = await admin.post(`/dashboard/payments/${id}/cancel`, { csrf });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('data-testid="refusal"');
    expect(await statusOf(id)).toBe('confirmed');
    expect(await eventsOf('payment', id)).toHaveLength(before);
    expect((await admin.get(`/dashboard/payments/${id}/everything`)).status).toBe(404);
  });

  it('refuses a viewer every action with the 403 page, writing nothing', async () => {
    const id = await pay();
    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const csrf = await csrfAt(viewer);
    expect((await viewer.get(`/dashboard/payments/${id}`)).html).not.toContain(`/dashboard/payments/${id}/cancel`);
    for (const path of [
      `/dashboard/payments/${id}/cancel`,
      `/dashboard/payments/${id}/retry`,
      `/dashboard/payments/${id}/refund`,
      `/dashboard/mandates/${mandateId}/cancel`,
    ]) {
      const answer = await viewer.post(path, { csrf, amount: '1.00' });
      expect(answer.status, path).toBe(403);
      expect(answer.html).toContain('You cannot do this');
    }
    expect(await statusOf(id)).toBe('pending_submission');
    expect((await eventsOf('payment', id)).map((e) => e.action)).toEqual(['created']);
    expect((await m.api.get(`/mandates/${mandateId}`)).body.mandates.status).toBe('active');
  });

  it('cancels a mandate after asking, its pending payments with it, as the user', async () => {
    const id = await pay();
    const admin = await signedInAs(server, adminEmail);
    const confirm = await admin.get(`/dashboard/mandates/${mandateId}/cancel`);
    expect(confirm.status).toBe(200);
    const forged = await admin.post(`/dashboard/mandates/${mandateId}/cancel`, { csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect((await m.api.get(`/mandates/${mandateId}`)).body.mandates.status).toBe('active');
    const done = await admin.post(`/dashboard/mandates/${mandateId}/cancel`, { csrf: admin.csrfOf(confirm.html) });
    expect(done.status).toBe(303);
    expect((await m.api.get(`/mandates/${mandateId}`)).body.mandates.status).toBe('cancelled');
    expect((await eventsOf('mandate', mandateId))[0]).toMatchObject({
      action: 'cancelled',
      source: { type: 'user', name: adminEmail },
    });
    expect(await statusOf(id)).toBe('cancelled');
    expect((await admin.get(done.location!)).html).toContain('The mandate was cancelled.');
  });
});

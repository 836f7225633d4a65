import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { mandateFlow, post, SANDBOX_ACCOUNTS } from '../support/journeys';
import { activeMandate } from '../support/money';
import { fund, recipient } from '../support/outbound';
import { startPagesServer, UK_ACCOUNT, UK_PAYER } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Every date a sandbox organisation with a test clock sees is on its clock (issue #39, decisions
 * 0079 and 0090): the payer pages, the dashboard and the import jobs are served by the services
 * built around the organisation's time, as its API requests are. The server's own clock stands
 * at REAL throughout; each test moves one organisation's clock and reads the date shown or stored.
 */
let server: TestServer;
const REAL = '2026-11-23T10:00:00.000Z'; // a Monday
const clock = new ManualClock(REAL);

beforeAll(async () => {
  server = await startPagesServer({ clock });
});
afterAll(() => server?.close());

/** A merchant whose clock is frozen and moved on to `to`; returns its time. */
async function clockedMerchant(to: string, options: { payoutAccounts?: boolean; withoutFees?: boolean } = {}) {
  const m = await server.merchant(undefined, options);
  expect((await m.api.post('/sandbox/clock/actions/freeze', {})).status).toBe(200);
  const moved = await m.api.post('/sandbox/clock/actions/advance', { data: { to } });
  expect(moved.status, moved.text).toBe(200);
  return { m, now: moved.body.sandbox_clocks.now as string };
}

const advance = async (m: Merchant, by: string) => {
  const res = await m.api.post('/sandbox/clock/actions/advance', { data: { by } });
  expect(res.status, res.text).toBe(200);
  return res.body.sandbox_clocks.now as string;
};

describe('the payer pages on the organisation clock', () => {
  const newFlow = async (m: Merchant) => {
    const { br, flow } = await mandateFlow(m.api);
    return { brId: br.id as string, flowId: flow.id as string };
  };

  it("write what the payer sets up at the organisation's time", async () => {
    const { m, now } = await clockedMerchant('2027-06-01T09:00:00Z');
    const { brId, flowId } = await newFlow(m);
    const browser = new PageClient(server.url);
    const first = await browser.open(`/pay/${flowId}`);
    expect(first.status).toBe(200);
    const csrf = browser.csrfOf(first.html);
    expect((await browser.post(`/pay/${flowId}/details`, { ...UK_PAYER, csrf })).status).toBe(303);
    expect((await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, csrf })).status).toBe(303);
    const done = await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'yes' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/pay/${flowId}/success`);
    expect((await browser.get(`/pay/${flowId}/success`)).status).toBe(200);

    const request = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(request.status).toBe('fulfilled');
    const mandate = (await m.api.get(`/mandates/${request.links.mandate_request_mandate}`)).body.mandates;
    expect(mandate.created_at).toBe(now);
    const events = (await m.api.get(`/events?billing_request=${brId}`)).body.events as {
      action: string;
      created_at: string;
    }[];
    expect(events.find((e) => e.action === 'fulfilled')?.created_at).toBe(now);
  });

  it("close a flow whose 7 days have passed on the organisation's clock, though not on the server's", async () => {
    const { m } = await clockedMerchant(REAL);
    const { flowId } = await newFlow(m);
    await advance(m, 'P8D');
    const page = await new PageClient(server.url).open(`/pay/${flowId}`);
    expect(page.path).toBe(`/pay/${flowId}/closed`);
    expect(page.html).toContain('This link has expired');
    // Another organisation's flow, on real time, is still open.
    const open = await newFlow(await server.merchant());
    expect((await new PageClient(server.url).open(`/pay/${open.flowId}`)).path).not.toContain('/closed');
  });
});

describe('the dashboard on the organisation clock', () => {
  it('shows the last 90 days up to the organisation’s today and its events at their times', async () => {
    const { m } = await clockedMerchant(REAL, { payoutAccounts: true });
    const mandate = await activeMandate(m);
    await post(m.api, '/payments', { payments: { amount: 2500, currency: 'GBP', links: { mandate } } }, 201);
    const now = await advance(m, 'P14D');
    const today = now.slice(0, 10);
    expect(today).not.toBe(REAL.slice(0, 10));

    const browser = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
    const home = await browser.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.html).toMatch(
      new RegExp(`aria-label="Money collected per day in GBP, \\d{4}-\\d{2}-\\d{2} to ${today}"`),
    );
    expect(home.html).toContain('£25.00');

    // A change made from the dashboard carries the organisation's time.
    const csrf = await csrfAt(browser, `/dashboard/mandates/${mandate}`);
    const cancelled = await browser.post(`/dashboard/mandates/${mandate}/cancel`, { csrf });
    expect(cancelled.status).toBe(303);
    const events = (await m.api.get('/events?resource_type=mandates&action=cancelled')).body.events as {
      created_at: string;
      links: { mandate: string };
    }[];
    expect(events.filter((e) => e.links.mandate === mandate).map((e) => e.created_at)).toEqual([now]);
  });
});

describe('imports on the organisation clock', () => {
  it('processes a mandate import on the organisation’s time: its mandates and processed_at', async () => {
    const { m } = await clockedMerchant('2027-03-01T09:00:00Z');
    const imp = (await post(m.api, '/mandate_imports', { mandate_imports: { scheme: 'bacs' } }, 201)).mandate_imports;
    expect(imp.created_at).toBe('2027-03-01T09:00:00.000Z');
    await post(
      m.api,
      '/mandate_import_entries',
      {
        mandate_import_entries: {
          record_identifier: 'row-1',
          customer: { ...UK_PAYER, email: 'import@example.com' },
          bank_account: { ...SANDBOX_ACCOUNTS.GBP },
          links: { mandate_import: imp.id },
        },
      },
      201,
    );
    expect((await m.api.post(`/mandate_imports/${imp.id}/actions/submit`, { data: {} })).status).toBe(200);
    // The import's processing starts on its scheme clock move (applied by the advance), then the job runs.
    const now = await advance(m, 'PT1M');
    await server.mandateImportWorker.runDue();
    expect((await m.api.get(`/mandate_imports/${imp.id}`)).body.mandate_imports.status).toBe('processed');
    const [entry] = (await m.api.get(`/mandate_import_entries?mandate_import=${imp.id}`)).body.mandate_import_entries;
    const mandate = (await m.api.get(`/mandates/${entry.links.mandate}`)).body.mandates;
    expect(mandate.created_at).toBe(now);
    const { rows } = await server.services.db.query<{ processed_at: Date }>(
      'SELECT processed_at FROM mandate_import_entries WHERE mandate_import_id = $1 AND organisation_id = $2',
      [imp.id, m.organisationId],
    );
    expect(new Date(rows[0]!.processed_at).toISOString()).toBe(now);
  });

  it('authorises and processes an outbound payment import on the organisation’s time', async () => {
    const { m } = await clockedMerchant(REAL, { withoutFees: true });
    await fund(m, 5000);
    const to = await recipient(m);
    const now = await advance(m, 'P3D');
    const imp = (
      await post(
        m.api,
        '/outbound_payment_imports',
        {
          outbound_payment_imports: {
            entry_items: [
              { amount: 1200, scheme: 'faster_payments', recipient_bank_account_id: to, reference: 'INV 1' },
            ],
          },
        },
        201,
      )
    ).outbound_payment_imports;
    expect(imp.created_at).toBe(now);
    const admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
    const path = new URL(imp.authorisation_url as string).pathname;
    const csrf = await csrfAt(admin, path);
    expect((await admin.post(path, { csrf, intent: 'authorise' })).status).toBe(303);
    await server.outboundPaymentImportWorker.runDue();
    const [entry] = (await m.api.get(`/outbound_payment_import_entries?outbound_payment_import=${imp.id}`)).body
      .outbound_payment_import_entries;
    expect(entry.processed_at).toBe(now);
    const payment = (await m.api.get(`/outbound_payments/${entry.links.outbound_payment}`)).body.outbound_payments;
    expect(payment.created_at).toBe(now);
    const events = (await m.api.get('/events?resource_type=outbound_payment_imports')).body.events as {
      action: string;
      created_at: string;
    }[];
    expect(events.filter((e) => e.action === 'authorised').map((e) => e.created_at)).toEqual([now]);
  });
});

import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { createMemoryMailer } from '../../server/domain/notifications/mailer';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post } from '../support/journeys';

let server: TestServer;
let m: Merchant;
const clock = new ManualClock('2026-11-23T10:00:00.000Z');
const mailer = createMemoryMailer();

beforeAll(async () => {
  server = await startTestServer({ clock, mailer, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;
const fieldsOf = (res: { body: any }) => res.body.error.errors.map((e: { field: string }) => e.field);
const actionOf = (br: any, type: string) => br.actions.find((a: { type: string }) => a.type === type);
const newRequest = async (body: Record<string, unknown>, merchant = m) =>
  (await post(merchant.api, '/billing_requests', { billing_requests: body }, 201)).billing_requests;
const payer = (organisationId: string) => ({
  organisationId,
  origin: 'payer' as const,
  source: { type: 'billing_request_flow' as const },
});

describe('billing request flows', () => {
  it('creates a flow with a 7-day authorisation URL under PUBLIC_URL and a flow_created event', async () => {
    const br = await newRequest({ mandate_request: { currency: 'GBP' } });
    const res = await m.api.post('/billing_request_flows', {
      billing_request_flows: {
        redirect_uri: 'https://merchant.example/done',
        exit_uri: 'https://merchant.example/exit',
        language: 'fr',
        prefilled_customer: { given_name: 'Jeanne', email: 'j@example.fr' },
        show_success_redirect_button: true,
        show_redirect_buttons: true,
        skip_success_screen: true,
        customer_details_captured: true,
        links: { billing_request: br.id },
      },
    });
    expect(res.status).toBe(201);
    const flow = res.body.billing_request_flows;
    expect(flow).toMatchObject({
      id: expect.stringMatching(/^BRF/),
      authorisation_url: `${server.config.publicUrl}/pay/${flow.id}`,
      auto_fulfil: true,
      language: 'fr',
      lock_customer_details: false,
      show_success_redirect_button: true,
      show_redirect_buttons: true,
      skip_success_screen: true,
      customer_details_captured: true,
      prefilled_customer: { given_name: 'Jeanne', email: 'j@example.fr' },
      links: { billing_request: br.id },
    });
    expect(new Date(flow.expires_at).getTime() - new Date(flow.created_at).getTime()).toBe(7 * 86_400_000);
    expect(flow.session_token).toBeNull();
    const events = (await m.api.get(`/events?billing_request=${br.id}&action=flow_created`)).body.events;
    expect(events[0].links.billing_request_flow).toBe(flow.id);
  });

  it.each([
    [{ auto_fulfil: false }, 'auto_fulfil'],
    [{ redirect_uri: 'javascript:alert(1)' }, 'redirect_uri'],
    [{ exit_uri: 'https://user:pw@evil.example' }, 'exit_uri'],
    [{ lock_customer_details: true }, 'lock_customer_details'],
    [{ lock_bank_account: true }, 'lock_bank_account'],
    [{ prefilled_customer: { company_name: 'Acme', given_name: 'A' } }, 'prefilled_customer.company_name'],
    [{ prefilled_bank_account: { account_type: 'checking' } }, 'prefilled_bank_account.account_type'],
  ])('refuses %j', async (fields, field) => {
    const br = await newRequest({ mandate_request: { currency: 'GBP' } });
    const res = await m.api.post('/billing_request_flows', {
      billing_request_flows: { ...fields, links: { billing_request: br.id } },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toContain(field);
  });

  it('locks details only once collected, and lock_currency only on a mandate-only request', async () => {
    const br = await newRequest({ mandate_request: { currency: 'GBP' } });
    await post(m.api, `/billing_requests/${br.id}/actions/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    await post(m.api, `/billing_requests/${br.id}/actions/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP });
    const locked = await m.api.post('/billing_request_flows', {
      billing_request_flows: {
        lock_customer_details: true,
        lock_bank_account: true,
        lock_currency: true,
        links: { billing_request: br.id },
      },
    });
    expect(locked.status).toBe(201);
    const instant = await newRequest({ payment_request: { amount: 500, currency: 'GBP' } });
    const res = await m.api.post('/billing_request_flows', {
      billing_request_flows: { lock_currency: true, links: { billing_request: instant.id } },
    });
    expect(fieldsOf(res)).toContain('lock_currency');
  });

  it('initialise answers a fresh session token each time, stored only as a hash', async () => {
    const br = await newRequest({ mandate_request: { currency: 'GBP' } });
    const flow = (
      await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
    ).billing_request_flows;
    const first = (await post(m.api, `/billing_request_flows/${flow.id}/actions/initialise`, { data: {} }))
      .billing_request_flows.session_token;
    const second = (await post(m.api, `/billing_request_flows/${flow.id}/actions/initialise`, { data: {} }))
      .billing_request_flows.session_token;
    expect(first).toMatch(/^sess_/);
    expect(second).not.toBe(first);
    const { rows } = await server.services.db.query<{ session_token_hash: string }>(
      'SELECT session_token_hash FROM billing_request_flows WHERE id = $1',
      [flow.id],
    );
    expect(rows[0]!.session_token_hash).toMatch(/^[0-9a-f]{64}$/);
    clock.advance(8 * 86_400_000);
    const expired = await m.api.post(`/billing_request_flows/${flow.id}/actions/initialise`, { data: {} });
    expect(reasonOf(expired)).toBe('billing_request_flow_expired');
    clock.advance(-8 * 86_400_000);
    const stranger = await server.merchant();
    expect((await stranger.api.post(`/billing_request_flows/${flow.id}/actions/initialise`, { data: {} })).status).toBe(
      404,
    );
  });

  it('refuses a flow for a fulfilled or cancelled request, and an unknown one with link_not_found', async () => {
    const br = await newRequest({ mandate_request: { currency: 'GBP' } });
    await post(m.api, `/billing_requests/${br.id}/actions/cancel`, { data: {} });
    expect(
      reasonOf(
        await m.api.post('/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }),
      ),
    ).toBe('billing_request_not_pending');
    expect(
      reasonOf(
        await m.api.post('/billing_request_flows', {
          billing_request_flows: { links: { billing_request: 'BRQ00000000000000000000000000' } },
        }),
      ),
    ).toBe('link_not_found');
  });
});

describe('institutions', () => {
  it('lists several banks per country with status, roles and icons, and searches for a billing request', async () => {
    const gb = (await m.api.get('/institutions?country_code=GB')).body;
    expect(gb.institutions.length).toBeGreaterThan(3);
    expect(gb.institutions[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      country_code: 'GB',
      roles: expect.any(Array),
    });
    expect(gb.institutions[0].icon_url).toMatch(
      new RegExp(`^${server.config.publicUrl}/assets/institutions/.+\\.svg$`),
    );
    expect(gb.institutions.some((i: { status: string }) => i.status !== 'enabled')).toBe(true);
    const br = await newRequest({ payment_request: { amount: 500, currency: 'GBP' } });
    const found = (await m.api.get(`/billing_requests/${br.id}/institutions?country_code=GB&search=mon`)).body
      .institutions;
    expect(found.map((i: { id: string }) => i.id)).toContain('monzo');
    expect((await m.api.get(`/billing_requests/${br.id}/institutions`)).status).toBe(422);
  });
});

describe('instant bank payments and bank authorisations', () => {
  it('collects details, selects the bank, authorises at the bank, and fulfils into a payment', async () => {
    const br = await newRequest({ payment_request: { amount: 2500, currency: 'GBP', description: 'Invoice 7' } });
    expect(br.actions.map((a: { type: string }) => a.type)).toEqual([
      'collect_customer_details',
      'select_institution',
      'bank_authorisation',
    ]);
    expect(actionOf(br, 'bank_authorisation')).toMatchObject({
      required: true,
      requires_actions: ['select_institution'],
      bank_authorisation: { adapter: 'open_banking_gateway_pis', authorisation_type: 'payment' },
    });
    const path = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${path}/collect_customer_details`, { data: { customer: CUSTOMER_DETAILS.GBP.customer } });
    const unknownBank = await m.api.post(`${path}/select_institution`, {
      data: { institution: 'nope', country_code: 'GB' },
    });
    expect(unknownBank.status).toBe(422);
    const selected = (
      await post(m.api, `${path}/select_institution`, { data: { institution: 'monzo', country_code: 'GB' } })
    ).billing_requests;
    expect(selected.resources.institution).toMatchObject({ id: 'monzo', country_code: 'GB' });
    expect(actionOf(selected, 'select_institution').status).toBe('completed');

    // Only the hosted flow creates bank authorisations.
    const byToken = await m.api.post('/bank_authorisations', {
      bank_authorisations: { links: { billing_request: br.id } },
    });
    expect(byToken.status).toBe(403);
    expect(reasonOf(byToken)).toBe('forbidden');

    const flow = (
      await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
    ).billing_request_flows;
    const auth = await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.createForFlow(tx, payer(m.organisationId), {
        billingRequestId: br.id,
        flowId: flow.id,
        redirectUri: `${server.config.publicUrl}/pay/${flow.id}/bank-return`,
      }),
    );
    const got = (await m.api.get(`/bank_authorisations/${auth.id}`)).body.bank_authorisations;
    expect(got).toMatchObject({
      id: auth.id,
      authorisation_type: 'payment',
      url: `${server.config.publicUrl}/sandbox-bank/${auth.id}`,
      qr_code_url: `${server.config.publicUrl}/qr/${auth.id}.png`,
      links: { billing_request: br.id, institution: 'monzo' },
    });
    expect(new Date(got.expires_at).getTime() - new Date(got.created_at).getTime()).toBe(15 * 60_000);
    expect(got.authorised_at).toBeNull();

    const png = await new Promise<Buffer>((resolve, reject) =>
      https
        .get(`${server.url}/qr/${auth.id}.png`, { rejectUnauthorized: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject),
    );
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // An id of the right shape that no authorisation has: no code.
    const unknown = await new Promise<number>((resolve, reject) =>
      https
        .get(`${server.url}/qr/BAU${'0'.repeat(26)}.png`, { rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject),
    );
    expect(unknown).toBe(404);

    await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.visit(tx, payer(m.organisationId), auth.id),
    );
    await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.complete(tx, payer(m.organisationId), auth.id, 'authorised'),
    );
    const after = (await m.api.get(`/bank_authorisations/${auth.id}`)).body.bank_authorisations;
    expect(after.authorised_at).toBeTruthy();
    expect(after.last_visited_at).toBeTruthy();
    const ready = (await m.api.get(`/billing_requests/${br.id}`)).body.billing_requests;
    expect(ready.status).toBe('ready_to_fulfil');
    expect(ready.links.bank_authorisation).toBe(auth.id);

    const fulfilled = (await post(m.api, `${path}/fulfil`, { data: {} })).billing_requests;
    const payment = (await m.api.get(`/payments/${fulfilled.links.payment_request_payment}`)).body.payments;
    expect(payment).toMatchObject({
      amount: 2500,
      currency: 'GBP',
      scheme: 'faster_payments',
      status: 'pending_submission',
      description: 'Invoice 7',
    });
    expect('mandate' in payment.links).toBe(false);
    await server.schemeClock.runDue();
    expect((await m.api.get(`/payments/${payment.id}`)).body.payments.status).toBe('paid_out');

    const actions = (await m.api.get(`/events?billing_request=${br.id}`)).body.events.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['bank_authorisation_visited', 'bank_authorisation_authorised', 'fulfilled']),
    );
  });

  it.each(['denied', 'failed'] as const)(
    'records a %s authorisation and keeps the request pending',
    async (outcome) => {
      const br = await newRequest({ payment_request: { amount: 100, currency: 'EUR' } });
      const dutchBank = (await m.api.get('/institutions?country_code=NL')).body.institutions.find(
        (i: { status: string }) => i.status === 'enabled',
      );
      await post(m.api, `/billing_requests/${br.id}/actions/select_institution`, {
        data: { institution: dutchBank.id, country_code: 'NL' },
      });
      const flow = (
        await post(
          m.api,
          '/billing_request_flows',
          { billing_request_flows: { links: { billing_request: br.id } } },
          201,
        )
      ).billing_request_flows;
      const auth = await server.services.db.transaction((tx) =>
        server.services.bankAuthorisations.createForFlow(tx, payer(m.organisationId), {
          billingRequestId: br.id,
          flowId: flow.id,
          redirectUri: 'https://x',
        }),
      );
      await server.services.db.transaction((tx) =>
        server.services.bankAuthorisations.complete(tx, payer(m.organisationId), auth.id, outcome),
      );
      const events = (await m.api.get(`/events?billing_request=${br.id}&action=bank_authorisation_${outcome}`)).body
        .events;
      expect(events).toHaveLength(1);
      expect((await m.api.get(`/billing_requests/${br.id}`)).body.billing_requests.status).toBe('pending');
      await expect(
        server.services.db.transaction((tx) =>
          server.services.bankAuthorisations.complete(tx, payer(m.organisationId), auth.id, 'authorised'),
        ),
      ).rejects.toMatchObject({ reason: 'bank_authorisation_not_pending' });
    },
  );

  it('expires an authorisation after 15 minutes with bank_authorisation_expired', async () => {
    const br = await newRequest({ payment_request: { amount: 100, currency: 'GBP' } });
    await post(m.api, `/billing_requests/${br.id}/actions/select_institution`, {
      data: { institution: 'monzo', country_code: 'GB' },
    });
    const flow = (
      await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
    ).billing_request_flows;
    const auth = await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.createForFlow(tx, payer(m.organisationId), {
        billingRequestId: br.id,
        flowId: flow.id,
        redirectUri: 'https://x',
      }),
    );
    clock.advance(16 * 60_000);
    const expiredEvents = async () =>
      (await m.api.get(`/events?billing_request=${br.id}&action=bank_authorisation_expired`)).body.events;
    const stored = async () =>
      (
        await server.services.db.query<{ status: string }>('SELECT status FROM bank_authorisations WHERE id = $1', [
          auth.id,
        ])
      ).rows[0]!.status;
    // A read shows it expired and writes nothing: the next write persists the move and its event.
    expect((await m.api.get(`/bank_authorisations/${auth.id}`)).status).toBe(200);
    const read = await server.services.bankAuthorisations.get(server.services.db, payer(m.organisationId), auth.id);
    expect(read.status).toBe('expired');
    expect(await stored()).toBe('pending');
    expect(await expiredEvents()).toHaveLength(0);
    // The bank's late answer is refused; the payer's step that carried it keeps the expiry it found.
    await expect(
      server.services.db.transaction((tx) =>
        server.services.bankAuthorisations.complete(tx, payer(m.organisationId), auth.id, 'authorised'),
      ),
    ).rejects.toMatchObject({ reason: 'bank_authorisation_expired' });
    const p = (await server.services.payerFlows.load(server.services.db, flow.id))!;
    const step = await server.services.db.transaction((tx) =>
      server.services.payerFlows.bankOutcome(tx, p, auth.id, 'authorised'),
    );
    expect(step.refused).toBe('bank_authorisation_expired');
    expect(await stored()).toBe('expired');
    expect(await expiredEvents()).toHaveLength(1);
  });

  it('expires an authorisation no one answers or writes to through the scheme clock, at the end of its lifetime', async () => {
    const br = await newRequest({ payment_request: { amount: 100, currency: 'GBP' } });
    await post(m.api, `/billing_requests/${br.id}/actions/select_institution`, {
      data: { institution: 'monzo', country_code: 'GB' },
    });
    const flow = (
      await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
    ).billing_request_flows;
    await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.createForFlow(tx, payer(m.organisationId), {
        billingRequestId: br.id,
        flowId: flow.id,
        redirectUri: 'https://x',
      }),
    );
    const expiredEvents = async () =>
      (await m.api.get(`/events?billing_request=${br.id}&action=bank_authorisation_expired`)).body.events;
    await server.schemeClock.runDue();
    expect(await expiredEvents()).toHaveLength(0);
    clock.advance(15 * 60_000);
    await server.schemeClock.runDue();
    const events = await expiredEvents();
    expect(events).toHaveLength(1);
    expect(events[0].details.origin).toBe('gocardless');
    await server.schemeClock.runDue();
    expect(await expiredEvents()).toHaveLength(1);
  });

  it('falls back to Direct Debit only when enabled, setting fallback_occurred and changing the actions', async () => {
    const off = await newRequest({ payment_request: { amount: 100, currency: 'GBP' } });
    expect(off).toMatchObject({ fallback_enabled: false, fallback_occurred: false });
    expect(reasonOf(await m.api.post(`/billing_requests/${off.id}/actions/fallback`, { data: {} }))).toBe(
      'fallback_not_enabled',
    );
    const on = await newRequest({ payment_request: { amount: 1000, currency: 'GBP' }, fallback_enabled: true });
    const after = (await post(m.api, `/billing_requests/${on.id}/actions/fallback`, { data: {} })).billing_requests;
    expect(after).toMatchObject({ fallback_enabled: true, fallback_occurred: true });
    expect(after.actions.map((a: { type: string }) => a.type)).toEqual([
      'collect_customer_details',
      'collect_bank_account',
      'confirm_payer_details',
    ]);
    const path = `/billing_requests/${on.id}/actions`;
    await post(m.api, `${path}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    await post(m.api, `${path}/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP });
    await post(m.api, `${path}/confirm_payer_details`, { data: {} });
    const done = (await post(m.api, `${path}/fulfil`, { data: {} })).billing_requests;
    const payment = (await m.api.get(`/payments/${done.links.payment_request_payment}`)).body.payments;
    expect(payment).toMatchObject({ scheme: 'bacs', links: { mandate: done.links.mandate_request_mandate } });
  });

  it('notify e-mails the payer a flow link (sent after commit), and needs an e-mail address', async () => {
    const br = await newRequest({ payment_request: { amount: 100, currency: 'GBP' } });
    const missing = await m.api.post(`/billing_requests/${br.id}/actions/notify`, {
      data: { notification_type: 'email' },
    });
    expect(missing.status).toBe(422);
    await post(m.api, `/billing_requests/${br.id}/actions/collect_customer_details`, {
      data: { customer: { ...CUSTOMER_DETAILS.GBP.customer, language: 'de' } },
    });
    const res = await m.api.post(`/billing_requests/${br.id}/actions/notify`, {
      data: { notification_type: 'email', redirect_uri: 'https://merchant.example/back' },
    });
    expect(res.status).toBe(200);
    // The edge hands the outbox to its delivery once the request committed; nothing else sends it.
    // The process's first notice also loads the mail renderer (server/container.ts), which under
    // vitest on a busy machine took over the default second once: the wait is for the send, not a speed.
    const mail = await vi.waitFor(
      () => {
        // Jane also receives the payer notices of earlier journeys: this is the one with the flow link.
        const sent = mailer.sent.find((x) => x.to === 'jane@example.com' && x.text.includes('/pay/BRF'));
        if (!sent) throw new Error('not sent yet');
        return sent;
      },
      { timeout: 15_000 },
    );
    expect(mail.language).toBe('de');
    expect(mail.text).toMatch(new RegExp(`${server.config.publicUrl}/pay/BRF[0-9A-Z]{26}`));
    await server.services.deliverNotifications();
    expect(mailer.sent.filter((x) => x.to === 'jane@example.com' && x.text.includes('/pay/BRF'))).toHaveLength(1);
    const bad = await m.api.post(`/billing_requests/${br.id}/actions/notify`, { data: { notification_type: 'sms' } });
    expect(bad.status).toBe(422);
    // A refused notify rolls back with its outbox row: there is nothing left to send.
    const bad2 = await m.api.post(`/billing_requests/${br.id}/actions/notify`, {
      data: { notification_type: 'email', redirect_uri: 'ftp://merchant.example' },
    });
    expect(bad2.status).toBe(422);
    const { rows } = await server.services.db.query('SELECT 1 FROM notifications WHERE billing_request_id = $1', [
      br.id,
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('mandates authorised at the bank', () => {
  const authorise = async (brId: string, account?: Record<string, string>) => {
    const flow = (
      await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: brId } } }, 201)
    ).billing_request_flows;
    const auth = await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.createForFlow(tx, payer(m.organisationId), {
        billingRequestId: brId,
        flowId: flow.id,
        redirectUri: 'https://x',
      }),
    );
    await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.complete(tx, payer(m.organisationId), auth.id, 'authorised', account),
    );
    return auth;
  };

  it('sets up a PayTo agreement from a PayID: no confirmation step, active as soon as it is authorised', async () => {
    const br = await newRequest({
      mandate_request: {
        scheme: 'pay_to',
        constraints: {
          max_amount_per_payment: 50000,
          periodic_limits: [{ period: 'month', max_total_amount: 100000 }],
        },
      },
    });
    expect(br.actions.map((a: { type: string }) => a.type)).toEqual([
      'collect_customer_details',
      'collect_bank_account',
      'bank_authorisation',
    ]);
    expect(actionOf(br, 'bank_authorisation').requires_actions).toEqual([
      'collect_customer_details',
      'collect_bank_account',
    ]);
    const path = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${path}/collect_customer_details`, { data: { customer: CUSTOMER_DETAILS.AUD.customer } });
    const wrong = await m.api.post(`${path}/collect_bank_account`, {
      data: { account_holder_name: 'Bruce', pay_id: 'bruce@example.com.au', account_number: '012345678' },
    });
    expect(wrong.status).toBe(422);
    const withPayId = (
      await post(m.api, `${path}/collect_bank_account`, {
        data: { account_holder_name: 'Bruce Smith', pay_id: 'bruce@example.com.au' },
      })
    ).billing_requests;
    expect(withPayId.resources.customer_bank_account).toMatchObject({
      currency: 'AUD',
      country_code: 'AU',
      account_number_ending: 'm.au',
    });
    await authorise(br.id);
    const done = (await post(m.api, `${path}/fulfil`, { data: {} })).billing_requests;
    const mandate = (await m.api.get(`/mandates/${done.links.mandate_request_mandate}`)).body.mandates;
    expect(mandate).toMatchObject({
      scheme: 'pay_to',
      status: 'active',
      mandate_type: 'recurring',
      consent_parameters: { max_amount_per_payment: 50000 },
    });
    expect(mandate.verified_at).toBeTruthy();
    const events = (await m.api.get(`/events?mandate=${mandate.id}`)).body.events.map(
      (e: { action: string }) => e.action,
    );
    expect(events).toEqual(['active', 'created']);
  });

  it('sets up a sweeping VRP mandate whose account the bank authorisation supplies', async () => {
    const br = await newRequest({
      mandate_request: { scheme: 'faster_payments', sweeping: true, constraints: { max_amount_per_payment: 10000 } },
    });
    expect(actionOf(br, 'bank_authorisation')).toMatchObject({
      completes_actions: ['collect_bank_account'],
      bank_authorisation: { authorisation_type: 'mandate' },
    });
    const path = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${path}/collect_customer_details`, { data: { customer: CUSTOMER_DETAILS.GBP.customer } });
    await post(m.api, `${path}/select_institution`, { data: { institution: 'monzo', country_code: 'GB' } });
    await authorise(br.id, SANDBOX_ACCOUNTS.GBP);
    const afterAuth = (await m.api.get(`/billing_requests/${br.id}`)).body.billing_requests;
    expect(actionOf(afterAuth, 'collect_bank_account').status).toBe('completed');
    await post(m.api, `${path}/confirm_payer_details`, { data: {} });
    const done = (await post(m.api, `${path}/fulfil`, { data: {} })).billing_requests;
    expect((await m.api.get(`/mandates/${done.links.mandate_request_mandate}`)).body.mandates).toMatchObject({
      scheme: 'faster_payments',
      status: 'active',
      mandate_type: 'vrp_sweeping',
    });
  });

  it('verifies a Direct Debit mandate at the bank when verify is always', async () => {
    const br = await newRequest({ mandate_request: { currency: 'GBP', verify: 'always' } });
    expect(actionOf(br, 'bank_authorisation')).toMatchObject({
      required: true,
      bank_authorisation: { adapter: 'open_banking_gateway_ais' },
    });
    const optional = await newRequest({ mandate_request: { currency: 'GBP', verify: 'when_available' } });
    expect(actionOf(optional, 'bank_authorisation').required).toBe(false);
    const minimum = await newRequest({ mandate_request: { currency: 'GBP', verify: 'minimum' } });
    expect(actionOf(minimum, 'bank_authorisation')).toBeUndefined();
    const path = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${path}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    await post(m.api, `${path}/select_institution`, { data: { institution: 'monzo', country_code: 'GB' } });
    await authorise(br.id, SANDBOX_ACCOUNTS.GBP);
    await post(m.api, `${path}/confirm_payer_details`, { data: {} });
    const done = (await post(m.api, `${path}/fulfil`, { data: {} })).billing_requests;
    const mandate = (await m.api.get(`/mandates/${done.links.mandate_request_mandate}`)).body.mandates;
    expect(mandate).toMatchObject({ scheme: 'bacs', status: 'pending_submission' });
    expect(mandate.verified_at).toBeTruthy();
  });
});

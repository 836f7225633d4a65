import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS } from '../support/journeys';
import { OfficialClientShape } from '../support/official-client';

/**
 * POST /billing_requests/create_with_actions: the request and its listed actions in one call and
 * one unit of work, so a refused action leaves nothing behind (no request, customer or event).
 */
let server: TestServer;
let merchant: Merchant;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' } });
  merchant = await server.merchant();
});
afterAll(() => server?.close());

const PATH = '/billing_requests/create_with_actions';
const GBP_DETAILS = CUSTOMER_DETAILS.GBP;
const client = () => new OfficialClientShape(server.url, merchant.token);
const send = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  client().request('POST', PATH, { billing_request_with_actions: body }, headers);
const actionStatus = (br: { actions: { type: string; status: string }[] }, type: string) =>
  br.actions.find((a) => a.type === type)?.status;

const counts = async () => {
  const row = await server.services.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM billing_requests WHERE organisation_id = $1) AS requests,
            (SELECT count(*)::int FROM customers WHERE organisation_id = $1) AS customers,
            (SELECT count(*)::int FROM customer_bank_accounts WHERE organisation_id = $1) AS accounts,
            (SELECT count(*)::int FROM bank_authorisations WHERE organisation_id = $1) AS authorisations,
            (SELECT count(*)::int FROM events WHERE organisation_id = $1) AS events`,
    [merchant.organisationId],
  );
  return row.rows[0]!;
};

describe('POST /billing_requests/create_with_actions (as the official client sends it)', () => {
  it('creates a Bacs mandate request with the customer, bank account and confirmation done: ready to fulfil', async () => {
    const res = await send({
      mandate_request: { scheme: 'bacs' },
      metadata: { order: 'W-1' },
      actions: {
        collect_customer_details: GBP_DETAILS,
        collect_bank_account: SANDBOX_ACCOUNTS.GBP,
        confirm_payer_details: { metadata: { confirmed_by: 'merchant' } },
      },
    });
    expect(res.status).toBe(201);
    const br = res.body.billing_request_with_actions.billing_requests;
    expect(res.headers.location).toBe(`${server.config.publicUrl}/billing_requests/${br.id}`);
    expect('bank_authorisations' in res.body.billing_request_with_actions).toBe(false);
    expect(br).toMatchObject({ status: 'ready_to_fulfil', metadata: { order: 'W-1' } });
    for (const type of ['collect_customer_details', 'collect_bank_account', 'confirm_payer_details'])
      expect(actionStatus(br, type)).toBe('completed');
    expect(br.links.customer_bank_account).toMatch(/^BA/);
    // What GET shows is what the call answered.
    const got = await client().find('billing_requests', br.id);
    expect(got.body.billing_requests).toEqual(br);
  });

  it('creates an instant payment request with the bank selected and answers its bank authorisation', async () => {
    const res = await send({
      payment_request: { amount: 2500, currency: 'GBP', description: 'Invoice 9' },
      actions: {
        collect_customer_details: GBP_DETAILS,
        select_institution: { institution: 'monzo', country_code: 'GB' },
        create_bank_authorisation: true,
        bank_authorisation_redirect_uri: 'https://merchant.example/bank-done',
      },
    });
    expect(res.status).toBe(201);
    const { billing_requests: br, bank_authorisations: auth } = res.body.billing_request_with_actions;
    expect(auth.id).toMatch(/^BAU[0-9A-Z]{26}$/);
    expect(auth).toMatchObject({
      authorisation_type: 'payment',
      redirect_uri: 'https://merchant.example/bank-done',
      links: { billing_request: br.id, institution: 'monzo' },
    });
    expect(br.links.bank_authorisation).toBe(auth.id);
    expect((await client().find('bank_authorisations', auth.id)).body.bank_authorisations).toEqual(auth);
  });

  it('rolls everything back when one action is refused: 422, and no request, customer, account or event', async () => {
    const before = await counts();
    const res = await send({
      mandate_request: { scheme: 'bacs' },
      actions: {
        collect_customer_details: GBP_DETAILS,
        // A modulus check the sandbox refuses: the last action fails after the others ran.
        collect_bank_account: { ...SANDBOX_ACCOUNTS.GBP, account_number: '55779910' },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(await counts()).toEqual(before);
  });

  it('refuses an action the request does not have (a bank authorisation on a Bacs mandate) and writes nothing', async () => {
    const before = await counts();
    const res = await send({
      mandate_request: { scheme: 'bacs' },
      actions: { create_bank_authorisation: true, bank_authorisation_redirect_uri: 'https://merchant.example/x' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0].reason).toBe('action_not_required');
    expect(await counts()).toEqual(before);
  });

  it('needs a redirect for the bank authorisation, and refuses unknown actions, before writing anything', async () => {
    const before = await counts();
    const noRedirect = await send({
      payment_request: { amount: 100, currency: 'GBP' },
      actions: { create_bank_authorisation: true },
    });
    expect(noRedirect.status).toBe(422);
    expect(noRedirect.body.error.errors[0].field).toBe('actions.bank_authorisation_redirect_uri');
    const unknown = await send({ mandate_request: { scheme: 'bacs' }, actions: { fulfil: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.type).toBe('invalid_api_usage');
    expect(await counts()).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key with 409 naming the billing request', async () => {
    const headers = { 'idempotency-key': 'with-actions-once' };
    const body = { mandate_request: { scheme: 'bacs' }, actions: { collect_customer_details: GBP_DETAILS } };
    const first = await send(body, headers);
    const second = await send(body, headers);
    expect(second.status).toBe(409);
    expect(second.body.error.errors[0].links.conflicting_resource_id).toBe(
      first.body.billing_request_with_actions.billing_requests.id,
    );
  });
});

describe('templates through the official client’s calls', () => {
  it('creates, lists by payment scheme, finds and updates a template', async () => {
    const created = await client().create('billing_request_templates', {
      name: 'Deposit',
      payment_request_amount: 5000,
      payment_request_currency: 'GBP',
      payment_request_scheme: 'faster_payments',
    });
    expect(created.status).toBe(201);
    const t = created.body.billing_request_templates;
    const listed = await client().list('billing_request_templates', { payment_request_scheme: 'faster_payments' });
    expect(listed.body.billing_request_templates.map((x: { id: string }) => x.id)).toContain(t.id);
    expect((await client().find('billing_request_templates', t.id)).body.billing_request_templates).toEqual(t);
    const updated = await client().update('billing_request_templates', t.id, {
      name: 'Deposit (new)',
      payment_request_amount: 6000,
      payment_request_currency: 'GBP',
    });
    expect(updated.body.billing_request_templates).toMatchObject({
      name: 'Deposit (new)',
      payment_request_amount: '60.00',
    });
  });
});

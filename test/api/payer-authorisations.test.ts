import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS } from '../support/journeys';

let server: TestServer;
let merchant: Merchant;
let other: Merchant;
let closed: Merchant;

const open = (m: Merchant) =>
  server.services.db.transaction((tx) => server.services.payerAuthorisations.access.open(tx, m.organisationId));

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  merchant = await server.merchant();
  other = await server.merchant();
  closed = await server.merchant();
  await open(merchant);
  await open(other);
});
afterAll(() => server?.close());

const complete = () => ({
  customer: {
    given_name: 'Jane',
    family_name: 'Doe',
    email: 'jane@example.com',
    address_line1: '1 High St',
    city: 'London',
    postal_code: 'E1 6AN',
    country_code: 'GB',
    locale: 'en-GB',
    metadata: { crm: '1' },
  },
  bank_account: { ...SANDBOX_ACCOUNTS.GBP, metadata: { kind: 'main' } },
  mandate: { scheme: 'bacs', metadata: { plan: 'gold' } },
});
const create = async (payload: Record<string, unknown> = complete()) => {
  const res = await merchant.api.post('/payer_authorisations', { payer_authorisations: payload });
  expect(res.status, res.text).toBe(201);
  return res.body.payer_authorisations;
};
const fieldsOf = (pa: { incomplete_fields: { field: string }[] }) => pa.incomplete_fields.map((f) => f.field).sort();

describe('closed to organisations the operator has not opened', () => {
  it('answers 403 feature_disabled on every route and writes nothing', async () => {
    const created = await closed.api.post('/payer_authorisations', { payer_authorisations: complete() });
    expect(created.status).toBe(403);
    expect(created.body.error.errors[0].reason).toBe('feature_disabled');
    const pa = await create();
    for (const res of [
      await closed.api.get(`/payer_authorisations/${pa.id}`),
      await closed.api.put(`/payer_authorisations/${pa.id}`, { payer_authorisations: {} }),
      await closed.api.post(`/payer_authorisations/${pa.id}/actions/submit`, { data: {} }),
      await closed.api.post(`/payer_authorisations/${pa.id}/actions/confirm`, { data: {} }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.errors[0].reason).toBe('feature_disabled');
    }
  });
});

describe('POST /payer_authorisations', () => {
  it('saves an incomplete authorisation with what is missing, and a complete one with an empty list', async () => {
    const empty = await create({});
    expect(empty).toMatchObject({ status: 'created', customer: { metadata: {} }, links: {} });
    expect(empty.id).toMatch(/^PA[0-9A-Z]{26}$/);
    expect(fieldsOf(empty)).toEqual(
      expect.arrayContaining(['bank_account.account_holder_name', 'bank_account.country_code', 'mandate.scheme']),
    );
    expect(empty.incomplete_fields[0].request_pointer).toMatch(/^\/payer_authorisations\//);
    const full = await create();
    expect(full.incomplete_fields).toEqual([]);
    // The account number is never sent back: its ending stands for it.
    expect(full.bank_account).toMatchObject({ account_number_ending: '11', metadata: { kind: 'main' } });
    expect(JSON.stringify(full)).not.toContain(SANDBOX_ACCOUNTS.GBP.account_number);
  });

  it('refuses wrong types, unknown and oversized fields, read_only tokens; honours Idempotency-Key', async () => {
    const wrongType = await merchant.api.post('/payer_authorisations', {
      payer_authorisations: { customer: { email: 7 } },
    });
    expect(wrongType.body.error.type).toBe('invalid_api_usage');
    const unknown = await merchant.api.post('/payer_authorisations', { payer_authorisations: { payer: {} } });
    expect(unknown.body.error.type).toBe('invalid_api_usage');
    const oversized = await merchant.api.post('/payer_authorisations', {
      payer_authorisations: { customer: { given_name: 'x'.repeat(256) } },
    });
    expect(oversized.status).toBe(422);
    expect(oversized.body.error.errors[0].request_pointer).toBe('/payer_authorisations/customer/given_name');
    expect((await merchant.readOnly.post('/payer_authorisations', { payer_authorisations: {} })).status).toBe(403);
    const headers = { headers: { 'idempotency-key': `pa-${Date.now()}` } };
    const first = await merchant.api.post('/payer_authorisations', { payer_authorisations: {} }, headers);
    const again = await merchant.api.post('/payer_authorisations', { payer_authorisations: {} }, headers);
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0].links.conflicting_resource_id).toBe(first.body.payer_authorisations.id);
  });
});

describe('GET and PUT /payer_authorisations/:id', () => {
  it('changes only the fields sent, replaces metadata whole, and keeps it editable', async () => {
    const pa = await create({ customer: { given_name: 'Jane', metadata: { a: '1', b: '2' } } });
    const res = await merchant.api.put(`/payer_authorisations/${pa.id}`, {
      payer_authorisations: { customer: { family_name: 'Doe', metadata: { c: '3' } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.payer_authorisations.customer).toMatchObject({
      given_name: 'Jane',
      family_name: 'Doe',
      metadata: { c: '3' },
    });
    expect(res.body.payer_authorisations.status).toBe('created');
    const got = await merchant.api.get(`/payer_authorisations/${pa.id}`);
    expect(got.body.payer_authorisations.customer.metadata).toEqual({ c: '3' });
  });

  it('answers 404 for unknown ids and another organisation’s; read_only cannot PUT', async () => {
    const pa = await create();
    expect((await merchant.api.get('/payer_authorisations/PA00000000000000000000000000')).status).toBe(404);
    expect((await other.api.get(`/payer_authorisations/${pa.id}`)).status).toBe(404);
    expect(
      (await other.api.put(`/payer_authorisations/${pa.id}`, { payer_authorisations: { mandate: { scheme: 'x' } } }))
        .status,
    ).toBe(404);
    expect((await merchant.readOnly.put(`/payer_authorisations/${pa.id}`, { payer_authorisations: {} })).status).toBe(
      403,
    );
    expect((await merchant.api.get(`/payer_authorisations/${pa.id}`)).body.payer_authorisations.mandate.scheme).toBe(
      'bacs',
    );
  });
});

describe('submit and confirm', () => {
  it('refuses to submit invalid data with 422 and its fields, changing nothing', async () => {
    const pa = await create({ ...complete(), bank_account: { ...SANDBOX_ACCOUNTS.GBP, account_number: '12345678' } });
    const res = await merchant.api.post(`/payer_authorisations/${pa.id}/actions/submit`, { data: {} });
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors[0].field).toMatch(/^bank_account\./);
    expect((await merchant.api.get(`/payer_authorisations/${pa.id}`)).body.payer_authorisations.status).toBe('created');
  });

  it('refuses confirm before submit, then freezes the data once submitted', async () => {
    const pa = await create();
    const early = await merchant.api.post(`/payer_authorisations/${pa.id}/actions/confirm`, { data: {} });
    expect(early.status).toBe(422);
    expect(early.body.error.errors[0].reason).toBe('payer_authorisation_not_submitted');
    const submitted = await merchant.api.post(`/payer_authorisations/${pa.id}/actions/submit`, { data: {} });
    expect(submitted.status).toBe(200);
    expect(submitted.body.payer_authorisations.status).toBe('submitted');
    const edit = await merchant.api.put(`/payer_authorisations/${pa.id}`, {
      payer_authorisations: { customer: { given_name: 'Changed' } },
    });
    expect(edit.status).toBe(422);
    expect(edit.body.error.errors[0].reason).toBe('payer_authorisation_not_editable');
    const again = await merchant.api.post(`/payer_authorisations/${pa.id}/actions/submit`, { data: {} });
    expect(again.body.error.errors[0].reason).toBe('payer_authorisation_not_editable');
    expect(
      (await merchant.api.get(`/payer_authorisations/${pa.id}`)).body.payer_authorisations.customer.given_name,
    ).toBe('Jane');
    for (const action of ['submit', 'confirm'])
      expect((await other.api.post(`/payer_authorisations/${pa.id}/actions/${action}`, { data: {} })).status).toBe(404);
  });

  it('confirmed, it makes the customer, bank account and an active-or-pending mandate, with the completed event', async () => {
    const pa = await create();
    await merchant.api.post(`/payer_authorisations/${pa.id}/actions/submit`, { data: {} });
    const confirmed = await merchant.api.post(`/payer_authorisations/${pa.id}/actions/confirm`, { data: {} });
    expect(confirmed.body.payer_authorisations.status).toBe('confirmed');
    await server.schemeClock.runDue();
    const done = (await merchant.api.get(`/payer_authorisations/${pa.id}`)).body.payer_authorisations;
    expect(done.status).toBe('completed');
    const mandate = (await merchant.api.get(`/mandates/${done.links.mandate}`)).body.mandates;
    expect(mandate).toMatchObject({
      scheme: 'bacs',
      metadata: { plan: 'gold' },
      links: { customer: done.links.customer, customer_bank_account: done.links.bank_account },
    });
    const customer = (await merchant.api.get(`/customers/${done.links.customer}`)).body.customers;
    expect(customer).toMatchObject({ email: 'jane@example.com', language: 'en', metadata: { crm: '1' } });
    const events = (await merchant.api.get(`/events?payer_authorisation=${pa.id}`)).body.events;
    expect(events.map((e: { action: string; resource_type: string }) => [e.resource_type, e.action])).toEqual([
      ['payer_authorisations', 'completed'],
    ]);
    expect(events[0].links).toMatchObject({ mandate: done.links.mandate, customer: done.links.customer });
  });

  it('fails with its event when the mandate cannot be made (a block on the payer’s email)', async () => {
    const details = complete();
    details.customer.email = 'blocked-payer@example.com';
    const pa = await create(details);
    await merchant.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'blocked-payer@example.com' },
    });
    await merchant.api.post(`/payer_authorisations/${pa.id}/actions/submit`, { data: {} });
    await merchant.api.post(`/payer_authorisations/${pa.id}/actions/confirm`, { data: {} });
    await server.schemeClock.runDue();
    const failed = (await merchant.api.get(`/payer_authorisations/${pa.id}`)).body.payer_authorisations;
    expect(failed.status).toBe('failed');
    expect(failed.links).toEqual({});
    const events = (await merchant.api.get(`/events?payer_authorisation=${pa.id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['failed']);
  });
});

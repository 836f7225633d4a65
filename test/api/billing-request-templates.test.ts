import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

let server: TestServer;
let merchant: Merchant;
let other: Merchant;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const PAYMENT = {
  name: 'Yoga class',
  // The real API's type: a decimal string in major units.
  payment_request_amount: '15.00',
  payment_request_currency: 'GBP',
  payment_request_description: 'One class',
  payment_request_metadata: { kind: 'class' },
  redirect_uri: 'https://merchant.example/done',
  metadata: { shop: 'north' },
};
const MANDATE = {
  name: 'Membership',
  mandate_request_scheme: 'bacs',
  mandate_request_description: 'Monthly membership',
  mandate_request_metadata: { plan: 'gold' },
  mandate_request_constraints: { max_amount_per_payment: 5000 },
};
const create = (m: Merchant, fields: Record<string, unknown>, headers?: Record<string, string>) =>
  m.api.post('/billing_request_templates', { billing_request_templates: fields }, { headers });
const reasonOf = (res: { body: { error: { errors: { reason: string }[] } } }) => res.body.error.errors[0]?.reason;
const fieldsOf = (res: { body: { error: { errors: { field: string }[] } } }) =>
  res.body.error.errors.map((e) => e.field).sort();
const count = async (m: Merchant) =>
  (
    await server.services.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM billing_request_templates WHERE organisation_id = $1',
      [m.organisationId],
    )
  ).rows[0]!.n;

describe('POST /billing_request_templates', () => {
  it('creates a template: 201, Location, a BRT id and its permanent link', async () => {
    const res = await create(merchant, PAYMENT);
    expect(res.status).toBe(201);
    const t = res.body.billing_request_templates;
    expect(t.id).toMatch(/^BRT[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/billing_request_templates/${t.id}`);
    expect(t).toMatchObject({ ...PAYMENT, authorisation_url: `${server.config.publicUrl}/pay/templates/${t.id}` });
    expect(t.mandate_request_currency).toBeNull();
  });

  it('reads a mandate template’s currency from its scheme and keeps its constraints', async () => {
    const t = (await create(merchant, MANDATE)).body.billing_request_templates;
    expect(t).toMatchObject({ ...MANDATE, mandate_request_constraints: { max_amount_per_payment: 5000 } });
  });

  it.each([
    ['nothing to ask for', { name: 'Empty' }, ['payment_request_amount']],
    ['a payment without a currency', { payment_request_amount: 100 }, ['payment_request_currency']],
    ['a mandate without currency or scheme', { mandate_request_description: 'x' }, ['mandate_request_currency']],
    [
      'a scheme of another currency',
      { mandate_request_scheme: 'sepa_core', mandate_request_currency: 'GBP' },
      ['mandate_request_currency'],
    ],
    ['a redirect that is not a URL', { ...PAYMENT, redirect_uri: 'javascript:alert(1)' }, ['redirect_uri']],
  ])('refuses %s with 422 validation_failed and writes nothing', async (_name, fields, expected) => {
    const before = await count(merchant);
    const res = await create(merchant, fields);
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(fieldsOf(res)).toEqual(expected);
    expect(await count(merchant)).toBe(before);
  });

  it('refuses wrong types and unknown fields with a 4xx invalid_api_usage, writing nothing', async () => {
    const before = await count(merchant);
    for (const fields of [
      { ...PAYMENT, payment_request_amount: 1.5 },
      { ...PAYMENT, colour: 'red' },
    ]) {
      const res = await create(merchant, fields);
      expect(res.status).toBe(400);
      expect(res.body.error.type).toBe('invalid_api_usage');
    }
    expect(await count(merchant)).toBe(before);
  });

  it('answers a second create with the same Idempotency-Key with 409 naming the first', async () => {
    const headers = { 'idempotency-key': 'brt-once' };
    const first = await create(merchant, PAYMENT, headers);
    const second = await create(merchant, PAYMENT, headers);
    expect(second.status).toBe(409);
    expect(reasonOf(second)).toBe('idempotent_creation_conflict');
    expect(second.body.error.errors[0].links.conflicting_resource_id).toBe(first.body.billing_request_templates.id);
  });

  it('refuses another organisation’s creditor as link_not_found', async () => {
    const res = await create(merchant, { ...PAYMENT, links: { creditor: other.creditorId } });
    expect(res.status).toBe(404);
    expect(reasonOf(res)).toBe('link_not_found');
  });
});

describe('GET and PUT /billing_request_templates/:id', () => {
  it('gets a template, and PUT changes only the fields it names', async () => {
    const t = (await create(merchant, PAYMENT)).body.billing_request_templates;
    expect((await merchant.api.get(`/billing_request_templates/${t.id}`)).body.billing_request_templates).toEqual(t);
    // The reference's own update: a name and a decimal amount, nothing else.
    const res = await merchant.api.put(`/billing_request_templates/${t.id}`, {
      billing_request_templates: { name: '12 Month Silver Plan', payment_request_amount: '49.99' },
    });
    expect(res.status).toBe(200);
    const updated = res.body.billing_request_templates;
    expect(updated).toEqual({
      ...t,
      name: '12 Month Silver Plan',
      payment_request_amount: '49.99',
      updated_at: updated.updated_at,
    });
    const renamed = await merchant.api.put(`/billing_request_templates/${t.id}`, {
      billing_request_templates: { name: 'Only the name' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.billing_request_templates).toMatchObject({
      name: 'Only the name',
      payment_request_amount: '49.99',
      payment_request_description: 'One class',
      metadata: { shop: 'north' },
    });
  });

  it('reads a JSON integer amount as minor units and a decimal string as major units', async () => {
    const t = (await create(merchant, { ...PAYMENT, payment_request_amount: 2800 })).body.billing_request_templates;
    expect(t.payment_request_amount).toBe('28.00');
    const res = await merchant.api.put(`/billing_request_templates/${t.id}`, {
      billing_request_templates: { payment_request_amount: '69.9' },
    });
    expect(res.body.billing_request_templates.payment_request_amount).toBe('69.90');
    for (const wrong of ['69.999', '1e3', '-1.00', ' 5']) {
      const refused = await merchant.api.put(`/billing_request_templates/${t.id}`, {
        billing_request_templates: { payment_request_amount: wrong },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.type).toBe('invalid_api_usage');
    }
  });

  it('null clears a field; a PUT that leaves the template broken is refused with 422 and keeps it as it was', async () => {
    const t = (await create(merchant, PAYMENT)).body.billing_request_templates;
    const cleared = await merchant.api.put(`/billing_request_templates/${t.id}`, {
      billing_request_templates: { payment_request_description: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.billing_request_templates.payment_request_description).toBeNull();
    const res = await merchant.api.put(`/billing_request_templates/${t.id}`, {
      billing_request_templates: { payment_request_currency: null },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(['payment_request_currency']);
    expect((await merchant.api.get(`/billing_request_templates/${t.id}`)).body.billing_request_templates).toEqual(
      cleared.body.billing_request_templates,
    );
  });

  it('answers 404 for another organisation’s template, on GET and PUT, and changes nothing', async () => {
    const t = (await create(merchant, PAYMENT)).body.billing_request_templates;
    const got = await other.api.get(`/billing_request_templates/${t.id}`);
    expect(got.status).toBe(404);
    expect(reasonOf(got)).toBe('resource_not_found');
    const put = await other.api.put(`/billing_request_templates/${t.id}`, {
      billing_request_templates: { payment_request_amount: '0.01', payment_request_currency: 'GBP' },
    });
    expect(put.status).toBe(404);
    expect((await merchant.api.get(`/billing_request_templates/${t.id}`)).body.billing_request_templates).toEqual(t);
  });
});

describe('GET /billing_request_templates', () => {
  it('lists the organisation’s own templates newest first, by cursor, filtered by payment scheme', async () => {
    const lister = await server.merchant();
    const ids: string[] = [];
    for (const scheme of [null, 'faster_payments', null, 'faster_payments']) {
      const fields = { ...PAYMENT, ...(scheme ? { payment_request_scheme: scheme } : {}) };
      ids.push((await create(lister, fields)).body.billing_request_templates.id);
    }
    await create(other, PAYMENT);
    const first = await lister.api.get('/billing_request_templates?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.billing_request_templates.map((t: { id: string }) => t.id)).toEqual(ids.slice(1).reverse());
    expect(first.body.meta).toMatchObject({ limit: 3, cursors: { before: null, after: ids[1] } });
    const rest = await lister.api.get(`/billing_request_templates?limit=3&after=${first.body.meta.cursors.after}`);
    expect(rest.body.billing_request_templates.map((t: { id: string }) => t.id)).toEqual([ids[0]]);
    const fps = await lister.api.get('/billing_request_templates?payment_request_scheme=faster_payments');
    expect(fps.body.billing_request_templates.map((t: { id: string }) => t.id)).toEqual([ids[3], ids[1]]);
    const bad = await lister.api.get('/billing_request_templates?payment_request_scheme=bacs');
    expect(bad.status).toBe(422);
  });
});

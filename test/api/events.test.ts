import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let m: Merchant;

beforeAll(async () => {
  clock = new ManualClock('2026-03-01T09:00:00.000Z');
  // The scheme clock only runs when a test asks: a mandate must not move between two reads.
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
});
afterAll(() => server?.close());

const createBlock = async (merchant: Merchant, email: string) =>
  (
    await merchant.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: email },
    })
  ).body.blocks as { id: string };

describe('events', () => {
  it('records a change with its event: shape, links, details, source', async () => {
    const block = await createBlock(m, 'shape@example.com');
    const list = await m.api.get(`/events?block=${block.id}`);
    expect(list.status).toBe(200);
    const [event] = list.body.events;
    expect(event).toEqual({
      id: expect.stringMatching(/^EV[0-9A-Z]{26}$/),
      created_at: '2026-03-01T09:00:00.000Z',
      resource_type: 'blocks',
      action: 'created',
      links: { block: block.id },
      details: { origin: 'api', cause: 'block_created', description: expect.any(String) },
      metadata: {},
      resource_metadata: {},
      source: { type: 'access_token', name: 'test read_write' },
      customer_notifications: null,
    });
    const one = await m.api.get(`/events/${event.id}`);
    expect(one.body.events).toEqual(event);
  });

  it('writes the change and its event in one transaction: if the event cannot be written, nothing is', async () => {
    const other = await server.merchant();
    await server.services.db.query(
      "ALTER TABLE events ADD CONSTRAINT refuse_blocks CHECK (resource_type <> 'blocks') NOT VALID",
    );
    try {
      const res = await other.api.post('/blocks', {
        blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'atomic@example.com' },
      });
      expect(res.status).toBe(500);
      expect(res.body.error).toMatchObject({ type: 'gocardless', code: 500 });
      expect(res.body.error.errors[0].reason).toBe('internal_server_error');
      expect(res.text).not.toMatch(/constraint|refuse_blocks|INSERT/i);
    } finally {
      await server.services.db.query('ALTER TABLE events DROP CONSTRAINT refuse_blocks');
    }
    const { rows } = await server.services.db.query('SELECT id FROM blocks WHERE organisation_id = $1', [
      other.organisationId,
    ]);
    expect(rows).toEqual([]);
  });

  it('filters by resource_type, action, a resource id and created_at', async () => {
    const merchant = await server.merchant();
    const a = await createBlock(merchant, 'a@example.com');
    clock.advance(60_000);
    const b = await createBlock(merchant, 'b@example.com');
    await merchant.api.post(`/blocks/${b.id}/actions/disable`, { data: {} });

    const all = (await merchant.api.get('/events')).body.events;
    expect(all.map((e: { action: string }) => e.action)).toEqual(['disabled', 'created', 'created']);
    expect((await merchant.api.get('/events?resource_type=blocks')).body.events).toHaveLength(3);
    expect((await merchant.api.get('/events?resource_type=mandates')).body.events).toHaveLength(0);
    expect((await merchant.api.get('/events?action=disabled')).body.events).toHaveLength(1);
    expect((await merchant.api.get(`/events?block=${a.id}`)).body.events).toHaveLength(1);
    const since = encodeURIComponent(new Date(clock.now().getTime() - 1000).toISOString());
    expect((await merchant.api.get(`/events?created_at[gte]=${since}`)).body.events).toHaveLength(2);
  });

  it('refuses disallowed filter combinations with invalid_filters', async () => {
    for (const query of ['block=BLC1&mandate=MD1', 'resource_type=blocks&block=BLC1']) {
      const res = await m.api.get(`/events?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.errors[0].reason).toBe('invalid_filters');
    }
    const bad = await m.api.get('/events?resource_type=widgets');
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors[0].field).toBe('resource_type');
  });

  it('paginates with cursors', async () => {
    const merchant = await server.merchant();
    for (let i = 0; i < 5; i++) await createBlock(merchant, `p${i}@example.com`);
    const page1 = await merchant.api.get('/events?limit=2');
    expect(page1.body.events).toHaveLength(2);
    const page2 = await merchant.api.get(`/events?limit=2&after=${page1.body.meta.cursors.after}`);
    const page3 = await merchant.api.get(`/events?limit=2&after=${page2.body.meta.cursors.after}`);
    expect(page3.body.events).toHaveLength(1);
    expect(page3.body.meta.cursors.after).toBeNull();
    const ids = [...page1.body.events, ...page2.body.events, ...page3.body.events].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(5);
  });

  it('no longer lists events older than 18 months, also when filtering by resource', async () => {
    const merchant = await server.merchant();
    const old = await createBlock(merchant, 'old@example.com');
    const oldEvent = (await merchant.api.get(`/events?block=${old.id}`)).body.events[0];
    clock.advance(17 * 31 * 86_400_000);
    expect((await merchant.api.get(`/events?block=${old.id}`)).body.events).toHaveLength(1);
    clock.advance(2 * 31 * 86_400_000);
    expect((await merchant.api.get('/events')).body.events).toHaveLength(0);
    expect((await merchant.api.get(`/events?block=${old.id}`)).body.events).toHaveLength(0);
    // Still retrievable by id: the limit is on the list.
    expect((await merchant.api.get(`/events/${oldEvent.id}`)).status).toBe(200);
  });

  it("answers 404 for another organisation's event and never lists it", async () => {
    const mine = await createBlock(m, 'mine@example.com');
    const event = (await m.api.get(`/events?block=${mine.id}`)).body.events[0];
    const stranger = await server.merchant();
    expect((await stranger.api.get(`/events/${event.id}`)).status).toBe(404);
    expect((await stranger.api.get(`/events?block=${mine.id}`)).body.events).toEqual([]);
  });
});

describe('events: full records, include and resource filters', () => {
  it('records scheme-bound changes with their scheme, links and resource metadata, and filters by resource id', async () => {
    const merchant = await server.merchant();
    const { billingRequest, mandateId } = await createMandateViaBillingRequest(merchant, {
      currency: 'GBP',
      mandate_request: { metadata: { order: '42' } },
    });
    const mandateEvents = (await merchant.api.get(`/events?mandate=${mandateId}`)).body.events;
    const created = mandateEvents.find((e: { action: string }) => e.action === 'created');
    expect(created).toMatchObject({
      resource_type: 'mandates',
      links: { mandate: mandateId },
      details: { origin: 'api', cause: 'mandate_created', scheme: 'bacs', description: expect.any(String) },
      metadata: {},
    });
    expect(created.id).toMatch(/^EV[0-9A-Z]{26}$/);
    expect(created.resource_metadata).toEqual(
      (await merchant.api.get(`/mandates/${mandateId}`)).body.mandates.metadata,
    );
    const requestEvents = (await merchant.api.get(`/events?billing_request=${billingRequest.id}`)).body.events;
    expect(requestEvents.map((e: { action: string }) => e.action)).toContain('fulfilled');
    expect(
      requestEvents.every((e: { links: { billing_request: string } }) => e.links.billing_request === billingRequest.id),
    ).toBe(true);
  });

  it('answers include with the linked resources, once each, as their own GET shows them', async () => {
    const merchant = await server.merchant();
    const { billingRequest, mandateId } = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    const res = await merchant.api.get('/events?resource_type=mandates&include=mandate');
    expect(res.status).toBe(200);
    expect(res.body.events.length).toBeGreaterThan(0);
    expect(res.body.linked).toEqual({ mandates: [(await merchant.api.get(`/mandates/${mandateId}`)).body.mandates] });

    const customers = await merchant.api.get('/events?resource_type=billing_requests&include=customer');
    expect(customers.body.linked.customers.map((c: { id: string }) => c.id)).toEqual([billingRequest.links.customer]);
    // Resources this service does not hold: nothing can link one, so the list is empty.
    expect((await merchant.api.get('/events?resource_type=payouts&include=payout')).body.linked).toEqual({
      payouts: [],
    });
    // Without include there is no `linked` at all.
    expect('linked' in (await merchant.api.get('/events?resource_type=mandates')).body).toBe(false);
  });

  it('links the event that caused another under parent_event, and filters by it', async () => {
    const merchant = await server.merchant();
    const record = (parentEvent?: string) =>
      server.services.db.transaction((tx) =>
        server.services.events.record(tx, {
          organisationId: merchant.organisationId,
          resourceType: 'blocks',
          action: 'created',
          links: { block: 'BLC1' },
          details: { origin: 'api', cause: 'block_created', description: 'x' },
          parentEvent,
        }),
      );
    const parent = await record();
    const child = await record(parent.id);
    const res = await merchant.api.get(`/events?parent_event=${parent.id}`);
    expect(res.body.events.map((e: { id: string }) => e.id)).toEqual([child.id]);
    expect(res.body.events[0].links).toEqual({ block: 'BLC1', parent_event: parent.id });
  });

  it('refuses include without resource_type, and with an id filter, as invalid_filters', async () => {
    for (const query of [
      'include=mandate',
      'include=mandate&mandate=MD1',
      'include=mandate&resource_type=mandates&mandate=MD1',
      'payment=PM1&subscription=SB1',
    ]) {
      const res = await m.api.get(`/events?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.type).toBe('invalid_api_usage');
      expect(res.body.error.errors[0].reason).toBe('invalid_filters');
    }
    const bad = await m.api.get('/events?resource_type=mandates&include=widget');
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors[0].field).toBe('include');
  });
});

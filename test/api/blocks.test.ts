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

const block = (overrides: Record<string, unknown> = {}) => ({
  blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'fraud@example.com', ...overrides },
});
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /blocks', () => {
  it('creates an active block: 201, Location, resource key, millisecond timestamps, unset fields null', async () => {
    const res = await merchant.api.post('/blocks', block());
    expect(res.status).toBe(201);
    const b = res.body.blocks;
    expect(b.id).toMatch(/^BLC[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/blocks/${b.id}`);
    expect(b).toMatchObject({
      block_type: 'email',
      reason_type: 'identity_fraud',
      resource_reference: 'fraud@example.com',
      active: true,
    });
    expect(b.created_at).toMatch(TIMESTAMP);
    expect(b.updated_at).toMatch(TIMESTAMP);
    expect(b.reason_description).toBeNull();
  });

  it('creates a disabled block when active is false', async () => {
    const res = await merchant.api.post('/blocks', block({ active: false }));
    expect(res.status).toBe(201);
    expect(res.body.blocks.active).toBe(false);
  });

  it('normalises emails and email domains', async () => {
    const email = await merchant.api.post('/blocks', block({ resource_reference: '  Someone@Example.COM ' }));
    expect(email.body.blocks.resource_reference).toBe('someone@example.com');
    const domain = await merchant.api.post(
      '/blocks',
      block({ block_type: 'email_domain', resource_reference: '@Spam.Example' }),
    );
    expect(domain.status).toBe(201);
    expect(domain.body.blocks.resource_reference).toBe('spam.example');
  });

  it('requires block_type, reason_type and resource_reference', async () => {
    const res = await merchant.api.post('/blocks', { blocks: {} });
    expect(res.status).toBe(422);
    const fields = res.body.error.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['block_type', 'reason_type', 'resource_reference']);
  });

  it('requires reason_description when reason_type is other', async () => {
    const res = await merchant.api.post('/blocks', block({ reason_type: 'other' }));
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0]).toMatchObject({
      field: 'reason_description',
      request_pointer: '/blocks/reason_description',
    });
    const ok = await merchant.api.post(
      '/blocks',
      block({ reason_type: 'other', reason_description: 'Chargeback pattern' }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.blocks.reason_description).toBe('Chargeback pattern');
  });

  it.each([
    ['email', 'not-an-email'],
    ['email_domain', 'no spaces.example'],
    ['email_domain', 'localhost'],
  ])('refuses an invalid %s reference', async (type, reference) => {
    const res = await merchant.api.post('/blocks', block({ block_type: type, resource_reference: reference }));
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0].field).toBe('resource_reference');
  });

  it.each(['bank_account', 'bank_name'])('refuses a %s block naming no existing bank account', async (type) => {
    const res = await merchant.api.post(
      '/blocks',
      block({ block_type: type, resource_reference: 'BA00000000000000000000000000' }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0].field).toBe('resource_reference');
  });

  it('leaves nothing behind when refused', async () => {
    const m = await server.merchant();
    await m.api.post('/blocks', block({ reason_type: 'other' }));
    await m.api.post('/blocks', { blocks: { ...block().blocks, extra: true } });
    expect((await m.api.get('/blocks')).body.blocks).toEqual([]);
    expect((await m.api.get('/events')).body.events).toEqual([]);
  });
});

describe('GET /blocks/{id}', () => {
  it('returns the block', async () => {
    const created = (await merchant.api.post('/blocks', block())).body.blocks;
    const res = await merchant.api.get(`/blocks/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.blocks).toEqual(created);
  });

  it("answers 404 for another organisation's block, never revealing it", async () => {
    const created = (await merchant.api.post('/blocks', block())).body.blocks;
    for (const res of [
      await other.api.get(`/blocks/${created.id}`),
      await other.api.post(`/blocks/${created.id}/actions/disable`, { data: {} }),
      await other.api.post(`/blocks/${created.id}/actions/enable`, { data: {} }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.errors[0].reason).toBe('resource_not_found');
      expect(res.text).not.toContain('fraud@example.com');
    }
    expect((await other.api.get('/blocks')).body.blocks.map((b: { id: string }) => b.id)).not.toContain(created.id);
  });
});

describe('disable and enable', () => {
  it('moves active → disabled → active, writing one event per move', async () => {
    const id = (await merchant.api.post('/blocks', block())).body.blocks.id;
    const disabled = await merchant.api.post(`/blocks/${id}/actions/disable`, { data: {} });
    expect(disabled.status).toBe(200);
    expect(disabled.body.blocks.active).toBe(false);
    expect((await merchant.api.get(`/blocks/${id}`)).body.blocks.active).toBe(false);
    const enabled = await merchant.api.post(`/blocks/${id}/actions/enable`, { data: {} });
    expect(enabled.body.blocks.active).toBe(true);
    expect(new Date(enabled.body.blocks.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(disabled.body.blocks.updated_at).getTime(),
    );
    const events = (await merchant.api.get(`/events?block=${id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['enabled', 'disabled', 'created']);
  });

  it('answers a repeated move with the block unchanged and no new event (safe to retry)', async () => {
    const id = (await merchant.api.post('/blocks', block())).body.blocks.id;
    await merchant.api.post(`/blocks/${id}/actions/disable`, { data: {} });
    const again = await merchant.api.post(`/blocks/${id}/actions/disable`, { data: {} });
    expect(again.status).toBe(200);
    expect(again.body.blocks.active).toBe(false);
    const events = (await merchant.api.get(`/events?block=${id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['disabled', 'created']);
  });

  it('lets exactly one of several concurrent disables change the block', async () => {
    const id = (await merchant.api.post('/blocks', block())).body.blocks.id;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => merchant.api.post(`/blocks/${id}/actions/disable`, { data: {} })),
    );
    expect(results.every((r) => r.status === 200 && r.body.blocks.active === false)).toBe(true);
    const events = (await merchant.api.get(`/events?block=${id}`)).body.events;
    expect(events.filter((e: { action: string }) => e.action === 'disabled')).toHaveLength(1);
  });
});

describe('GET /blocks', () => {
  it('filters by block_type, reason_type and created_at', async () => {
    const m = await server.merchant();
    const before = new Date().toISOString();
    await m.api.post('/blocks', block());
    await m.api.post(
      '/blocks',
      block({ block_type: 'email_domain', resource_reference: 'x.example', reason_type: 'no_intent_to_pay' }),
    );
    const byType = (await m.api.get('/blocks?block_type=email_domain')).body.blocks;
    expect(byType.map((b: { block_type: string }) => b.block_type)).toEqual(['email_domain']);
    const byReason = (await m.api.get('/blocks?reason_type=identity_fraud')).body.blocks;
    expect(byReason).toHaveLength(1);
    expect((await m.api.get(`/blocks?created_at[gte]=${encodeURIComponent(before)}`)).body.blocks).toHaveLength(2);
    expect((await m.api.get(`/blocks?created_at[lt]=${encodeURIComponent(before)}`)).body.blocks).toHaveLength(0);
    const bad = await m.api.get('/blocks?block_type=phone');
    expect(bad.status).toBe(422);
    const badDate = await m.api.get('/blocks?created_at[gt]=yesterday');
    expect(badDate.status).toBe(422);
    expect(badDate.body.error.errors[0].field).toBe('created_at.gt');
  });
});

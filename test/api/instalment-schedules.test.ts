import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let m: Merchant;
let other: Merchant;
let mandateId: string;

beforeAll(async () => {
  // Monday 2 March 2026, 10:00 in New York: ACH's next possible charge date is Monday 9 March.
  server = await startTestServer({ clock: new ManualClock('2026-03-02T15:00:00.000Z'), schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
  mandateId = (await createMandateViaBillingRequest(m, { currency: 'USD' })).mandateId;
});
afterAll(() => server?.close());

const withDates = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sofa',
  currency: 'USD',
  total_amount: 3500,
  instalments: [
    { amount: 1000, charge_date: null },
    { amount: 1000, charge_date: '2026-04-10', description: 'Second part' },
    { amount: 1500, charge_date: '2026-05-10' },
  ],
  metadata: { order: 'S-1' },
  links: { mandate: mandateId },
  ...overrides,
});

const withSchedule = (overrides: Record<string, unknown> = {}) => ({
  name: 'Piano lessons',
  currency: 'USD',
  total_amount: 6000,
  instalments: { amounts: [2000, 2000, 2000], interval: 1, interval_unit: 'monthly', start_date: '2026-03-31' },
  links: { mandate: mandateId },
  ...overrides,
});

const create = (path: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  m.api.post(path, { instalment_schedules: body }, headers ? { headers } : undefined);
const paymentsOf = async (id: string) =>
  (await m.api.get(`/payments?instalment_schedule=${id}`)).body.payments as any[];
const errorOf = (res: { body: any }) => res.body.error;

describe('POST /instalment_schedules', () => {
  it('creates a schedule with dated instalments and all its payments (null: earliest date; weekends roll forward)', async () => {
    const res = await create('/instalment_schedules', withDates());
    expect(res.status).toBe(201);
    const schedule = res.body.instalment_schedules;
    expect(schedule.id).toMatch(/^IS[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/instalment_schedules/${schedule.id}`);
    const customer = (await m.api.get(`/mandates/${mandateId}`)).body.mandates.links.customer;
    expect(schedule).toMatchObject({
      name: 'Sofa',
      currency: 'USD',
      total_amount: 3500,
      status: 'active',
      metadata: { order: 'S-1' },
      payment_errors: {},
      links: { customer, mandate: mandateId },
    });
    expect(schedule.links.payments).toHaveLength(3);

    const payments = await paymentsOf(schedule.id);
    expect(payments.map((p) => p.id).sort()).toEqual([...schedule.links.payments].sort());
    // Newest first; 10 May 2026 is a Sunday.
    expect(payments.map((p) => [p.amount, p.charge_date, p.description])).toEqual([
      [1500, '2026-05-11', null],
      [1000, '2026-04-10', 'Second part'],
      [1000, '2026-03-09', null],
    ]);
    const events = (await m.api.get(`/events?instalment_schedule=${schedule.id}`)).body.events.filter(
      (e: { resource_type: string }) => e.resource_type === 'instalment_schedules',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'created',
      links: { instalment_schedule: schedule.id, mandate: mandateId },
      details: { cause: 'instalment_schedule_created', origin: 'api' },
      resource_metadata: { order: 'S-1' },
    });
  });

  it('creates a schedule from an interval: the name goes on each payment, month ends held, weekends rolled', async () => {
    const res = await create('/instalment_schedules', withSchedule());
    expect(res.status).toBe(201);
    const schedule = res.body.instalment_schedules;
    const payments = await paymentsOf(schedule.id);
    // 31 May 2026 is a Sunday.
    expect(payments.map((p) => [p.amount, p.charge_date, p.description])).toEqual([
      [2000, '2026-06-01', 'Piano lessons'],
      [2000, '2026-04-30', 'Piano lessons'],
      [2000, '2026-03-31', 'Piano lessons'],
    ]);
    expect(schedule.links.payments).toEqual(payments.map((p) => p.id).reverse());
  });

  it.each([
    ['/instalment_schedules/with_dates', withDates],
    ['/instalment_schedules/create_with_dates', withDates],
    ['/instalment_schedules/with_schedule', withSchedule],
    ['/instalment_schedules/create_with_schedule', withSchedule],
  ])('serves %s', async (path, body) => {
    const res = await create(path, body());
    expect(res.status).toBe(201);
    expect(res.body.instalment_schedules.links.payments).toHaveLength(3);
  });

  it.each([
    ['/instalment_schedules/with_dates', withSchedule, 'array'],
    ['/instalment_schedules/create_with_dates', withSchedule, 'array'],
    ['/instalment_schedules/with_schedule', withDates, 'object'],
    ['/instalment_schedules/create_with_schedule', withDates, 'object'],
  ])('refuses the other form on %s (422 on instalments)', async (path, body, expected) => {
    const res = await create(path, body());
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({ type: 'validation_failed' });
    expect(errorOf(res).errors).toEqual([
      expect.objectContaining({
        field: 'instalments',
        request_pointer: '/instalment_schedules/instalments',
        message: `must be of type ${expected}`,
      }),
    ]);
  });

  it('reports problems inside either form on their own fields', async () => {
    const badDate = await create(
      '/instalment_schedules',
      withDates({
        instalments: [
          { amount: 1000, charge_date: null },
          { amount: 2500, charge_date: '2026-04-31' },
        ],
      }),
    );
    expect(badDate.status).toBe(422);
    expect(errorOf(badDate).errors).toEqual([
      expect.objectContaining({
        field: 'instalments.1.charge_date',
        request_pointer: '/instalment_schedules/instalments/1/charge_date',
        message: 'must be a date in the form YYYY-MM-DD',
      }),
    ]);
    const wrongType = await create(
      '/instalment_schedules',
      withDates({ instalments: [{ amount: 1000, charge_date: 20260410 }] }),
    );
    expect(wrongType.status).toBe(400);
    expect(errorOf(wrongType).errors[0]).toMatchObject({ reason: 'invalid_type', field: 'instalments.0.charge_date' });
    const unit = await create(
      '/instalment_schedules',
      withSchedule({ instalments: { amounts: [1000], interval: 1, interval_unit: 'daily' } }),
    );
    expect(unit.status).toBe(422);
    expect(errorOf(unit).errors[0].field).toBe('instalments.interval_unit');
    expect(
      (await create('/instalment_schedules', withDates({ instalments: undefined }))).body.error.errors[0],
    ).toMatchObject({
      field: 'instalments',
      message: 'is required',
    });
  });

  it('refuses a total_amount that is not the sum of the instalments', async () => {
    const res = await create('/instalment_schedules', withDates({ total_amount: 3000 }));
    expect(res.status).toBe(422);
    expect(errorOf(res).errors).toEqual([
      expect.objectContaining({ field: 'total_amount', message: 'must equal the sum of the instalments (3500)' }),
    ]);
  });

  it('refuses a name over 100 characters', async () => {
    const res = await create('/instalment_schedules', withDates({ name: 'x'.repeat(101) }));
    expect(res.status).toBe(422);
    expect(errorOf(res).errors[0]).toMatchObject({ field: 'name', request_pointer: '/instalment_schedules/name' });
  });

  it('refuses charge dates before the mandate can be charged, on the instalment they belong to, and creates nothing', async () => {
    const before = (await m.api.get(`/payments?mandate=${mandateId}&limit=500`)).body.payments.length;
    const dated = withDates({
      instalments: [
        { amount: 1000, charge_date: '2026-04-10' },
        { amount: 1000, charge_date: '2026-05-11' },
        { amount: 1500, charge_date: '2026-03-03' },
      ],
    });
    const res = await create('/instalment_schedules', dated);
    expect(res.status).toBe(422);
    expect(errorOf(res).errors).toEqual([
      expect.objectContaining({ field: 'instalments.2.charge_date', message: expect.stringContaining('2026-03-09') }),
    ]);
    const interval = await create(
      '/instalment_schedules/with_schedule',
      withSchedule({
        instalments: { amounts: [2000, 2000, 2000], interval: 1, interval_unit: 'weekly', start_date: '2026-03-02' },
      }),
    );
    expect(errorOf(interval).errors).toEqual([expect.objectContaining({ field: 'instalments.start_date' })]);
    expect((await m.api.get(`/payments?mandate=${mandateId}&limit=500`)).body.payments.length).toBe(before);
  });

  it('refuses a mandate that is not the organisation’s (404 link_not_found) or cannot collect (mandate_is_inactive)', async () => {
    const unknown = await other.api.post('/instalment_schedules', { instalment_schedules: withDates() });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).errors[0]).toMatchObject({ reason: 'link_not_found', field: 'links.mandate' });

    const cancelledMandate = (await createMandateViaBillingRequest(m, { currency: 'USD' })).mandateId;
    await post(m.api, `/mandates/${cancelledMandate}/actions/cancel`, { data: {} });
    const inactive = await create('/instalment_schedules', withDates({ links: { mandate: cancelledMandate } }));
    expect(inactive.status).toBe(422);
    expect(errorOf(inactive).errors[0].reason).toBe('mandate_is_inactive');
  });

  it('creates once per Idempotency-Key: the same key again is a 409 naming the first schedule', async () => {
    const first = await create('/instalment_schedules', withDates(), { 'idempotency-key': 'sofa-1' });
    expect(first.status).toBe(201);
    const again = await create('/instalment_schedules/with_dates', withDates(), { 'idempotency-key': 'sofa-1' });
    expect(again.status).toBe(409);
    expect(errorOf(again).errors[0]).toMatchObject({
      reason: 'idempotent_creation_conflict',
      links: { conflicting_resource_id: first.body.instalment_schedules.id },
    });
  });
});

describe('fulfilment with an instalment_schedule_request', () => {
  it('creates the schedule and its payments on the new mandate', async () => {
    const { billingRequest, mandateId: mandate } = await createMandateViaBillingRequest(m, {
      currency: 'USD',
      instalment_schedule_request: {
        currency: 'USD',
        name: 'Course',
        total_amount: 2000,
        instalments_with_schedule: { amounts: [1000, 1000], interval: 2, interval_unit: 'weekly' },
      },
    });
    const id =
      billingRequest.instalment_schedule_request.links.instalment_schedule ??
      billingRequest.links.instalment_schedule_request_instalment_schedule;
    const schedule = (await m.api.get(`/instalment_schedules/${id}`)).body.instalment_schedules;
    expect(schedule).toMatchObject({ name: 'Course', status: 'active', total_amount: 2000, links: { mandate } });
    expect((await paymentsOf(id)).map((p) => p.charge_date)).toEqual(['2026-03-23', '2026-03-09']);
  });
});

describe('reading, updating and cancelling', () => {
  it('lists with filters and payment links, and hides other organisations’ schedules', async () => {
    const a = (await create('/instalment_schedules', withDates())).body.instalment_schedules;
    const b = (await create('/instalment_schedules', withSchedule())).body.instalment_schedules;
    const list = await m.api.get('/instalment_schedules?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.instalment_schedules.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(list.body.instalment_schedules[1].links.payments).toEqual(a.links.payments);
    expect(list.body.meta).toMatchObject({ limit: 2, cursors: { before: null, after: a.id } });

    const byMandate = (await m.api.get(`/instalment_schedules?mandate=${mandateId}&limit=500`)).body
      .instalment_schedules;
    expect(byMandate.every((s: { links: { mandate: string } }) => s.links.mandate === mandateId)).toBe(true);
    const byCustomer = (await m.api.get(`/instalment_schedules?customer=${a.links.customer}&limit=500`)).body
      .instalment_schedules;
    expect(byCustomer.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await m.api.get('/instalment_schedules?status=cancelled,completed')).body.instalment_schedules).toEqual([]);
    expect(
      (await m.api.get('/instalment_schedules?status=active')).body.instalment_schedules.length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      (await m.api.get(`/instalment_schedules?created_at[gt]=${encodeURIComponent('2026-03-02T15:00:00.000Z')}`)).body
        .instalment_schedules,
    ).toEqual([]);

    expect((await other.api.get('/instalment_schedules')).body.instalment_schedules).toEqual([]);
    expect((await other.api.get(`/instalment_schedules/${a.id}`)).status).toBe(404);
    expect(
      (await other.api.put(`/instalment_schedules/${a.id}`, { instalment_schedules: { metadata: {} } })).status,
    ).toBe(404);
  });

  it('updates metadata only', async () => {
    const { id } = (await create('/instalment_schedules', withDates())).body.instalment_schedules;
    const res = await m.api.put(`/instalment_schedules/${id}`, {
      instalment_schedules: { metadata: { order: 'S-2' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.instalment_schedules.metadata).toEqual({ order: 'S-2' });
    expect((await m.api.put(`/instalment_schedules/${id}`, { instalment_schedules: { name: 'Other' } })).status).toBe(
      400,
    );
  });

  it('cancels the schedule and its pending payments; cancelling again fails', async () => {
    const { id } = (await create('/instalment_schedules', withDates())).body.instalment_schedules;
    const res = await m.api.post(`/instalment_schedules/${id}/actions/cancel`, { data: {} });
    expect(res.status).toBe(200);
    expect(res.body.instalment_schedules).toMatchObject({ status: 'cancelled' });
    expect(res.body.instalment_schedules.links.payments).toHaveLength(3);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const events = (await m.api.get(`/events?instalment_schedule=${id}&action=cancelled`)).body.events;
    expect(events.find((e: { resource_type: string }) => e.resource_type === 'instalment_schedules')).toMatchObject({
      details: { cause: 'instalment_schedule_cancelled' },
    });

    const again = await m.api.post(`/instalment_schedules/${id}/actions/cancel`, { data: {} });
    expect(again.status).toBe(422);
    expect(errorOf(again).errors[0].reason).toBe('cancellation_failed');
  });

  it('cancelling the mandate cancels its schedules', async () => {
    const mandate = (await createMandateViaBillingRequest(m, { currency: 'USD' })).mandateId;
    const { id } = (await create('/instalment_schedules', withDates({ links: { mandate } }))).body.instalment_schedules;
    await post(m.api, `/mandates/${mandate}/actions/cancel`, { data: {} });
    expect((await m.api.get(`/instalment_schedules/${id}`)).body.instalment_schedules.status).toBe('cancelled');
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });
});

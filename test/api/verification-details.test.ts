import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';

/**
 * Verification details (issue 22): a creditor's company and directors, submitted and listed; a
 * submission puts the creditor in review, the sandbox's creditor simulators give the outcome.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const DIRECTOR = {
  given_name: 'Ada',
  family_name: 'Lovelace',
  date_of_birth: '1980-12-10',
  street: '12 St James’s Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country_code: 'GB',
};
const details = (creditor: string, overrides: Record<string, unknown> = {}) => ({
  verification_details: {
    name: 'Acme Trading Ltd',
    company_number: '01234567',
    description: 'Gym memberships',
    address_line1: '1 High St',
    city: 'London',
    postal_code: 'E1 6AN',
    directors: [DIRECTOR],
    links: { creditor },
    ...overrides,
  },
});
const reasonOf = (res: { body: any }) => res.body?.error?.errors?.[0]?.reason;
const statusOf = async (merchant: Merchant) =>
  (await merchant.api.get(`/creditors/${merchant.creditorId}`)).body.creditors.verification_status;
const countOf = async (merchant: Merchant) =>
  (await merchant.api.get(`/verification_details?creditor=${merchant.creditorId}`)).body.verification_details.length;
const simulate = (merchant: Merchant, status: string) =>
  post(merchant.api, `/scenario_simulators/creditor_verification_status_${status}/actions/run`, {
    data: { links: { resource: merchant.creditorId } },
  });

describe('verification details and the creditor’s verification_status', () => {
  it('the simulators set the status; a submission puts the creditor in review; the simulator verifies it', async () => {
    await simulate(m, 'action_required');
    expect(await statusOf(m)).toBe('action_required');
    const res = await m.api.post('/verification_details', details(m.creditorId));
    expect(res.status, res.text).toBe(201);
    expect(res.body.verification_details).toMatchObject({
      name: 'Acme Trading Ltd',
      company_number: '01234567',
      directors: [DIRECTOR],
      links: { creditor: m.creditorId },
    });
    expect(await statusOf(m)).toBe('in_review');
    await simulate(m, 'successful');
    expect(await statusOf(m)).toBe('successful');
    const events = (await m.api.get(`/events?creditor=${m.creditorId}`)).body.events;
    expect(events.filter((e: any) => e.details.property === 'verification_status').map((e: any) => e.action)).toEqual([
      'updated',
      'updated',
      'updated',
    ]);
    await simulate(m, 'in_review');
    expect(await statusOf(m)).toBe('in_review');
  });

  it('lists a creditor’s submissions newest first by cursor; the creditor is required', async () => {
    const merchant = await server.merchant();
    for (const name of ['First Ltd', 'Second Ltd', 'Third Ltd']) {
      await post(merchant.api, '/verification_details', details(merchant.creditorId, { name }), 201);
    }
    const first = (await merchant.readOnly.get(`/verification_details?creditor=${merchant.creditorId}&limit=2`)).body;
    expect(first.verification_details.map((d: { name: string }) => d.name)).toEqual(['Third Ltd', 'Second Ltd']);
    const rest = (
      await merchant.api.get(`/verification_details?creditor=${merchant.creditorId}&after=${first.meta.cursors.after}`)
    ).body;
    expect(rest.verification_details.map((d: { name: string }) => d.name)).toEqual(['First Ltd']);
    expect((await merchant.api.get('/verification_details')).status).toBe(422);
  });

  it('keeps organisations apart: another’s creditor is not found, as a link and as a filter', async () => {
    const asLink = await other.api.post('/verification_details', details(m.creditorId));
    expect(asLink.status).toBe(404);
    expect(reasonOf(asLink)).toBe('link_not_found');
    const asFilter = await other.api.get(`/verification_details?creditor=${m.creditorId}`);
    expect(asFilter.status).toBe(404);
    expect(reasonOf(asFilter)).toBe('resource_not_found');
    const simulated = await other.api.post('/scenario_simulators/creditor_verification_status_successful/actions/run', {
      data: { links: { resource: m.creditorId } },
    });
    expect(simulated.status).toBe(404);
  });

  it('refuses a read-only token (403) and writes nothing', async () => {
    const merchant = await server.merchant();
    const res = await merchant.readOnly.post('/verification_details', details(merchant.creditorId));
    expect(res.status).toBe(403);
    expect(reasonOf(res)).toBe('insufficient_permissions');
    expect(await countOf(merchant)).toBe(0);
  });

  it.each<Record<string, unknown>>([
    { name: undefined },
    { name: '   ' },
    { company_number: 42 },
    { directors: [] },
    { directors: [{ ...DIRECTOR, date_of_birth: '2999-01-01' }] },
    { directors: [{ ...DIRECTOR, date_of_birth: '10/12/1980' }] },
    { directors: [{ ...DIRECTOR, country_code: 'gb' }] },
    { directors: [{ ...DIRECTOR, street: ' ' }] },
    { directors: [{ ...DIRECTOR, surprise: true }] },
    { description: 'A\u0000B' },
    { city: 'A\ud800' },
    { description: 'x'.repeat(100_000) },
    { links: {} },
    { unknown: 'field' },
  ])('refuses %j with a 4xx and writes nothing', async (overrides) => {
    const merchant = await server.merchant();
    const res = await merchant.api.post('/verification_details', details(merchant.creditorId, overrides));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await countOf(merchant)).toBe(0);
    expect(await statusOf(merchant)).toBe('successful');
  });
});

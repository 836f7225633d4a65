import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { mandateFlow, post } from '../support/journeys';
import type { TestServer } from '../support/server';
import { startPagesServer } from '../support/pages';

/**
 * Each payer step is one unit of work. A step that completes the request fulfils it automatically
 * (auto_fulfil); when that fulfilment is refused, only the fulfilment is undone: the payer's step
 * stays done, and the request is left ready to fulfil, not half-fulfilled.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = await startPagesServer({
    clock,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

const UK = {
  given_name: 'Jane',
  family_name: 'Doe',
  address_line1: '1 High St',
  city: 'London',
  postal_code: 'E1 6AN',
  country_code: 'GB',
};

/** A mandate request with its flow, walked through the pages up to the confirmation step. */
async function atConfirmation(email: string) {
  const { br, flow } = await mandateFlow(m.api);
  const browser = new PageClient(server.url);
  const csrf = browser.csrfOf((await browser.open(`/pay/${flow.id}`)).html);
  expect((await browser.post(`/pay/${flow.id}/details`, { ...UK, email, csrf })).status).toBe(303);
  const account = await browser.post(`/pay/${flow.id}/account`, {
    account_holder_name: 'Jane Doe',
    branch_code: '200000',
    account_number: '55779911',
    csrf,
  });
  expect(account.status).toBe(303);
  return { brId: br.id as string, flowId: flow.id as string, browser, csrf };
}

const actionsOf = async (brId: string) =>
  (await m.api.get(`/events?billing_request=${brId}`)).body.events.map((e: { action: string }) => e.action);

describe('a payer step that fulfils automatically', () => {
  it('keeps the confirmation when fulfilment is refused (a block), and leaves nothing of the fulfilment', async () => {
    const email = 'blocked.payer@example.com';
    await post(
      m.api,
      '/blocks',
      { blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: email } },
      201,
    );
    const { brId, flowId, browser, csrf } = await atConfirmation(email);
    const confirmed = await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'yes' });
    expect(confirmed.status).toBe(303);

    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    // The fulfilment's claim (ready_to_fulfil → fulfilling) was rolled back with it.
    expect(br.status).toBe('ready_to_fulfil');
    expect(br.actions.find((a: { type: string }) => a.type === 'confirm_payer_details').status).toBe('completed');
    expect(br.links.mandate_request_mandate).toBeUndefined();
    const mandates = (await m.api.get(`/mandates?customer=${br.links.customer}`)).body.mandates;
    expect(mandates).toEqual([]);
    const actions = await actionsOf(brId);
    expect(actions).toContain('payer_details_confirmed');
    expect(actions).not.toContain('fulfilled');
  });

  it('fulfils in the same unit of work as the step when nothing refuses', async () => {
    const { brId, flowId, browser, csrf } = await atConfirmation('fine.payer@example.com');
    expect((await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'yes' })).status).toBe(303);
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(br.status).toBe('fulfilled');
    expect(await actionsOf(brId)).toEqual(expect.arrayContaining(['payer_details_confirmed', 'fulfilled']));
  });
});

import { compactDecrypt, exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Transferred mandates (issue 22): the `mandate_transferred` simulator moves a Bacs mandate to
 * another of the payer's accounts; GET /transferred_mandates/{mandate} answers the new details,
 * encrypted to the organisation's registered key as bank account details are.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let privateKey: CryptoKey;
let publicJwk: JWK;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
  const pair = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'merchant-key-7', use: 'enc', alg: 'RSA-OAEP-256' };
  await server.services.db.transaction((tx) =>
    server.services.bankAccountDetails.registerJwks(tx, m.organisationId, { keys: [publicJwk] }, 'test'),
  );
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body?.error?.errors?.[0]?.reason;
const transfer = (merchant: Merchant, mandate: string) =>
  merchant.api.post('/scenario_simulators/mandate_transferred/actions/run', { data: { links: { resource: mandate } } });

describe('GET /transferred_mandates/:mandate', () => {
  it('answers the new account’s details encrypted to the registered key, after the bank moved the mandate', async () => {
    const { mandateId, billingRequest } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const before = await m.readOnly.get(`/transferred_mandates/${mandateId}`);
    expect(before.status).toBe(404);
    expect(reasonOf(before)).toBe('resource_not_found');

    const run = await transfer(m, mandateId);
    expect(run.status, run.text).toBe(200);
    const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
    expect(mandate.links.customer_bank_account).not.toBe(billingRequest.links.customer_bank_account);
    const events = (await m.api.get(`/events?mandate=${mandateId}&action=transferred`)).body.events;
    expect(events).toHaveLength(1);
    expect(events[0].links).toMatchObject({
      previous_customer_bank_account: billingRequest.links.customer_bank_account,
      new_customer_bank_account: mandate.links.customer_bank_account,
    });

    const res = await m.readOnly.get(`/transferred_mandates/${mandateId}`);
    expect(res.status, res.text).toBe(200);
    const body = res.body.transferred_mandates;
    expect(body.public_key_id).toBe('merchant-key-7');
    expect(body.links).toEqual({ mandate: mandateId, customer_bank_account: mandate.links.customer_bank_account });
    expect(body.encrypted_customer_bank_details.split('.')[1]).toBe(body.encrypted_decryption_key);
    const { plaintext } = await compactDecrypt(body.encrypted_customer_bank_details, privateKey);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toMatchObject({
      branch_code: '089999',
      account_number: '66374958',
      country_code: 'GB',
    });
  });

  it('is 404 for another organisation’s mandate, and 403 without a registered key', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    await post(m.api, '/scenario_simulators/mandate_transferred/actions/run', {
      data: { links: { resource: mandateId } },
    });
    const theirs = await other.api.get(`/transferred_mandates/${mandateId}`);
    expect(theirs.status).toBe(404);
    expect(reasonOf(theirs)).toBe('resource_not_found');
    expect((await transfer(other, mandateId)).status).toBe(404);

    const { mandateId: own } = await createMandateViaBillingRequest(other, { currency: 'GBP' });
    await post(other.api, '/scenario_simulators/mandate_transferred/actions/run', {
      data: { links: { resource: own } },
    });
    const noKey = await other.api.get(`/transferred_mandates/${own}`);
    expect(noKey.status).toBe(403);
    expect(reasonOf(noKey)).toBe('forbidden');
  });

  it('transfers Bacs mandates only (scenario_simulator_not_applicable), and refuses writes with 405', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const res = await transfer(m, mandateId);
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('scenario_simulator_not_applicable');
    expect((await m.api.get(`/transferred_mandates/${mandateId}`)).status).toBe(404);
    const put = await m.api.put(`/transferred_mandates/${mandateId}`, { transferred_mandates: {} });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET');
  });
});

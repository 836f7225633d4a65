import https from 'node:https';
import { exportJWK, generateKeyPair } from 'jose';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The real official Node client (gocardless-nodejs, unchanged) calling each method of issue 22's
 * small resources once: scheme identifiers, tax rates, currency exchange rates, funds
 * availability, transferred mandates and verification details.
 */
let server: TestServer;
let merchant: Merchant;
let client: ReturnType<typeof gocardless>;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  await server.ready;
  merchant = await server.merchant();
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  client = gocardless(merchant.token, Environments.Sandbox, { proxy: { https: agent } } as never);
});
afterAll(() => server?.close());

describe('the official client', () => {
  it('creates, lists and finds a scheme identifier', async () => {
    const created = await client.schemeIdentifiers.create({ name: 'Acme Ltd', scheme: 'bacs' } as never);
    expect(created.status).toBe('pending');
    const listed = await client.schemeIdentifiers.list({ creditor: merchant.creditorId });
    expect(listed.scheme_identifiers.map((s) => s.id)).toEqual([created.id]);
    await server.schemeClock.runDue();
    expect((await client.schemeIdentifiers.find(created.id!)).status).toBe('active');
  });

  it('lists and finds tax rates, and lists exchange rates', async () => {
    const rates = await client.taxRates.list({ jurisdiction: 'GB' });
    expect(rates.tax_rates.map((r) => r.id)).toEqual(['GB_VAT_1']);
    expect((await client.taxRates.find('GB_VAT_1')).percentage).toBe('20.0');
    const exchange = await client.currencyExchangeRates.list({ source: 'GBP', target: 'EUR' } as never);
    expect(exchange.currency_exchange_rates).toHaveLength(1);
  });

  it('checks funds availability and reads a transferred mandate', async () => {
    const pair = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'client-key', use: 'enc', alg: 'RSA-OAEP-256' };
    await server.services.db.transaction((tx) =>
      server.services.bankAccountDetails.registerJwks(tx, merchant.organisationId, { keys: [jwk] }, 'test'),
    );
    const { mandateId } = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    expect((await client.fundsAvailabilities.check(mandateId, { amount: '1000' } as never)).available).toBe(true);
    await post(merchant.api, '/scenario_simulators/mandate_transferred/actions/run', {
      data: { links: { resource: mandateId } },
    });
    const transferred = await client.transferredMandates.transferredMandates(mandateId);
    expect(transferred.public_key_id).toBe('client-key');
    expect(transferred.links?.mandate).toBe(mandateId);
  });

  it('creates and lists verification details', async () => {
    const created = await client.verificationDetails.create({
      name: 'Acme Trading Ltd',
      company_number: '01234567',
      description: 'Gym memberships',
      address_line1: '1 High St',
      city: 'London',
      postal_code: 'E1 6AN',
      directors: [
        {
          given_name: 'Ada',
          family_name: 'Lovelace',
          date_of_birth: '1980-12-10',
          street: '1 High St',
          city: 'London',
          postal_code: 'E1 6AN',
          country_code: 'GB',
        },
      ],
      links: { creditor: merchant.creditorId },
    } as never);
    expect(created.company_number).toBe('01234567');
    const listed = await client.verificationDetails.list({ creditor: merchant.creditorId });
    expect(listed.verification_details).toHaveLength(1);
  });
});

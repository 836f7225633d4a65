import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficialClientShape } from '../support/official-client';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The bank data calls a merchant makes with the official Node client (`bankDetailsLookups.create`,
 * `bankAccountHolderVerifications.create` and `.get`), pointed at our base URL with its version header.
 */
let server: TestServer;
let client: OfficialClientShape;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  const merchant = await server.merchant();
  client = new OfficialClientShape(server.url, merchant.token);
});
afterAll(() => server?.close());

describe('the official client on bank data', () => {
  it('looks up bank details, then verifies the holder of the bank account it makes', async () => {
    const lookup = await client.create('bank_details_lookups', {
      country_code: 'GB',
      branch_code: '200000',
      account_number: '55779911',
      account_holder_name: 'Partial Jane Doe',
    });
    expect(lookup.status).toBe(201);
    expect(lookup.body.bank_details_lookups).toEqual({
      bank_name: 'BARCLAYS BANK PLC',
      bic: 'BARCGB22XXX',
      available_debit_schemes: ['bacs', 'faster_payments'],
      payer_name_verification_result: 'close',
    });

    const customer = await client.create('customers', CUSTOMER_DETAILS.GBP.customer);
    const account = await client.create('customer_bank_accounts', {
      ...SANDBOX_ACCOUNTS.GBP,
      account_holder_name: 'Partial Jane Doe',
      links: { customer: customer.body.customers.id },
    });
    expect(account.status).toBe(201);

    const verification = await client.create('bank_account_holder_verifications', {
      type: 'confirmation_of_payee',
      links: { bank_account: account.body.customer_bank_accounts.id },
    });
    expect(verification.status).toBe(201);
    const found = await client.find(
      'bank_account_holder_verifications',
      verification.body.bank_account_holder_verifications.id,
    );
    expect(found.body.bank_account_holder_verifications).toMatchObject({
      type: 'confirmation_of_payee',
      status: 'completed',
      result: 'partial_match',
      actual_account_name: 'JANE DOE',
    });
  });

  it('gets a 422 with the field for details that fail their check', async () => {
    const refused = await client.create('bank_details_lookups', { iban: 'DE89370400440532013001' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.type).toBe('validation_failed');
    expect(refused.body.error.errors[0]).toMatchObject({
      field: 'iban',
      request_pointer: '/bank_details_lookups/iban',
    });
  });
});

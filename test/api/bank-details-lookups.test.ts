import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { apiMessage } from '../../i18n/api';
import { api as en } from '../../i18n/en/api';
import { CUSTOMER_DETAILS, post, SANDBOX_ACCOUNTS } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let merchant: Merchant;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await server.merchant();
});
afterAll(() => server?.close());

const lookup = (details: Record<string, unknown>) =>
  merchant.api.post('/bank_details_lookups', { bank_details_lookups: details });
/** Each refused field with the field-issue code whose catalogue message it carries. */
const reasonsOf = (body: { error: { errors: { field: string; message: string }[] } }) =>
  body.error.errors.map((e) => [e.field, codeOfMessage(e.message)]);
const codeOfMessage = (message: string) =>
  Object.keys(en)
    .find((key) => key.startsWith('field.') && apiMessage('en', key) === message)
    ?.slice(6);
const GB_SANDBOX = { country_code: 'GB', branch_code: '200000', account_number: '55779911' };

describe('POST /bank_details_lookups', () => {
  it('answers the API docs example: Barclays, its BIC and the schemes reaching it', async () => {
    const res = await lookup(GB_SANDBOX);
    expect(res.status).toBe(201);
    expect(res.body.bank_details_lookups).toEqual({
      bank_name: 'BARCLAYS BANK PLC',
      bic: 'BARCGB22XXX',
      available_debit_schemes: ['bacs', 'faster_payments'],
      payer_name_verification_result: null,
    });
  });

  it.each([
    [{ iban: 'DE89370400440532013000' }, 'Commerzbank', 'COBADEFFXXX', ['sepa_core']],
    [{ iban: 'FR14 2004 1010 0505 0001 3M02 606' }, 'La Banque Postale', 'PSSTFRPPXXX', ['sepa_core']],
    [
      { country_code: 'US', bank_code: '026073150', account_number: '2715500356' },
      'Community Federal Savings Bank',
      'CMFGUS33XXX',
      ['ach'],
    ],
    [
      { country_code: 'AU', branch_code: '082-082', account_number: '012345678' },
      'National Australia Bank',
      'NATAAU33XXX',
      ['becs', 'pay_to'],
    ],
    [
      { country_code: 'NZ', bank_code: '12', branch_code: '3113', account_number: '0003869-00' },
      'ASB Bank',
      'ASBBNZ2AXXX',
      ['becs_nz'],
    ],
    [{ country_code: 'SE', branch_code: '5491', account_number: '0000003' }, 'SEB', 'ESSESESSXXX', ['autogiro']],
    [{ country_code: 'DK', bank_code: '345', account_number: '3179681' }, null, null, ['betalingsservice']],
  ])('looks up %j through the same validation as bank accounts', async (details, bankName, bic, schemes) => {
    const res = await lookup(details);
    expect(res.status).toBe(201);
    expect(res.body.bank_details_lookups).toMatchObject({ bank_name: bankName, bic, available_debit_schemes: schemes });
  });

  it('names no bank the directory does not know, and an IBAN no scheme reaches has an empty list', async () => {
    const unknown = await lookup({ iban: 'GB30COOP08999966374958' });
    expect(unknown.body.bank_details_lookups).toMatchObject({
      bank_name: null,
      bic: null,
      available_debit_schemes: ['bacs', 'faster_payments'],
    });
    const unreachable = await lookup({ iban: 'CH9300762011623852957' });
    expect(unreachable.status).toBe(201);
    expect(unreachable.body.bank_details_lookups).toMatchObject({ available_debit_schemes: [] });
  });

  it.each([
    [{ ...GB_SANDBOX, account_number: '55779912' }, [['account_number', 'modulus_check_failed']]],
    [{ ...GB_SANDBOX, branch_code: '77-00-00' }, [['branch_code', 'sort_code_not_found']]],
    [{ ...GB_SANDBOX, branch_code: '20000' }, [['branch_code', 'invalid_sort_code']]],
    [{ iban: 'GB82WEST12345698765432' }, [['iban', 'sort_code_not_found']]],
    [{ iban: 'DE89370400440532013001' }, [['iban', 'invalid_iban']]],
    [
      { country_code: 'US', bank_code: '026073151', account_number: '2715500356' },
      [['bank_code', 'invalid_routing_number']],
    ],
    [
      { country_code: 'NZ', bank_code: '01', branch_code: '0242', account_number: '0100195-00' },
      [['account_number', 'invalid_account_number']],
    ],
    [{ branch_code: '200000', account_number: '55779911' }, [['country_code', 'required']]],
    [{}, [['country_code', 'required']]],
    [{ iban: 'DE89370400440532013000', ...GB_SANDBOX }, [['iban', 'iban_or_local_details']]],
  ])('refuses invalid details %j with 422, the field and the reason', async (details, reasons) => {
    const res = await lookup(details);
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(reasonsOf(res.body)).toEqual(reasons);
  });

  it('refuses wrong-typed, unknown, oversized and hostile fields', async () => {
    for (const details of [{ iban: 12345 }, { account_number: ['1'] }, { currency: 'GBP' }]) {
      const res = await lookup(details);
      expect(res.status).toBe(400);
      expect(res.body.error.errors[0].reason).toBe('invalid_type');
    }
    for (const details of [{ iban: 'X'.repeat(65) }, { ...GB_SANDBOX, account_holder_name: 'A'.repeat(141) }]) {
      const res = await lookup(details);
      expect(res.status).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
    }
    const hostile = await lookup({
      country_code: 'GB',
      branch_code: "'; DROP TABLE x; --",
      account_number: '<script>',
    });
    expect(hostile.status).toBe(422);
    expect(reasonsOf(hostile.body)).toEqual([
      ['branch_code', 'invalid_sort_code'],
      ['account_number', 'invalid_account_number'],
    ]);
    const missing = await merchant.api.post('/bank_details_lookups', {});
    expect(missing.status).toBe(400);
  });

  it('checks the payer name of a GB account in the sandbox: full, close or cannot_perform_verification', async () => {
    const named = async (name: string) =>
      (await lookup({ ...GB_SANDBOX, account_holder_name: name })).body.bank_details_lookups
        .payer_name_verification_result;
    expect(await named('Jane Doe')).toBe('full');
    expect(await named('Partial Jane Doe')).toBe('close');
    expect(await named('nomatch Jane')).toBe('cannot_perform_verification');
    expect(await named('Unable Jane')).toBe('cannot_perform_verification');
    const euro = await lookup({ iban: 'DE89370400440532013000', account_holder_name: 'Jane Doe' });
    expect(euro.body.bank_details_lookups.payer_name_verification_result).toBeNull();
  });

  it('is refused to a read_only token and without a token', async () => {
    const readOnly = await merchant.readOnly.post('/bank_details_lookups', { bank_details_lookups: GB_SANDBOX });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.type).toBe('invalid_api_usage');
    const anonymous = await server.anonymous.post('/bank_details_lookups', { bank_details_lookups: GB_SANDBOX });
    expect(anonymous.status).toBe(401);
  });

  it('answers the same again under the same Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'lookup-1' };
    const first = await merchant.api.post('/bank_details_lookups', { bank_details_lookups: GB_SANDBOX }, { headers });
    const again = await merchant.api.post('/bank_details_lookups', { bank_details_lookups: GB_SANDBOX }, { headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
  });
});

describe('POST /bank_details_lookups in live', () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  });
  afterAll(() => live?.close());

  it('runs no name check until a provider is configured', async () => {
    const liveMerchant = await live.merchant();
    const res = await liveMerchant.api.post('/bank_details_lookups', {
      bank_details_lookups: { ...GB_SANDBOX, account_holder_name: 'Jane Doe' },
    });
    expect(res.status).toBe(201);
    expect(res.body.bank_details_lookups).toMatchObject({
      bank_name: 'BARCLAYS BANK PLC',
      payer_name_verification_result: null,
    });
  });
});

describe('a sort code Pay.UK does not list', () => {
  const unlisted = { ...SANDBOX_ACCOUNTS.GBP, branch_code: '77-00-00' };

  it('is refused by customer bank accounts, with nothing written', async () => {
    const customer = await post(merchant.api, '/customers', { customers: CUSTOMER_DETAILS.GBP.customer }, 201);
    const account = { ...unlisted, links: { customer: customer.customers.id } };
    const res = await merchant.api.post('/customer_bank_accounts', { customer_bank_accounts: account });
    expect(res.status).toBe(422);
    expect(reasonsOf(res.body)).toEqual([['branch_code', 'sort_code_not_found']]);
    const list = await merchant.api.get(`/customer_bank_accounts?customer=${customer.customers.id}`);
    expect(list.body.customer_bank_accounts).toEqual([]);
  });

  it("is refused by a billing request's collect_bank_account", async () => {
    const created = await post(
      merchant.api,
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'GBP' } } },
      201,
    );
    const actions = `/billing_requests/${created.billing_requests.id}/actions`;
    await post(merchant.api, `${actions}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    const res = await merchant.api.post(`${actions}/collect_bank_account`, { data: unlisted });
    expect(res.status).toBe(422);
    expect(reasonsOf(res.body)).toEqual([['branch_code', 'sort_code_not_found']]);
  });
});

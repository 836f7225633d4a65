import { describe, expect, it } from 'vitest';
import { createBankDetailsLookupService } from '../../server/domain/bank-details-lookups/service';
import {
  validateBankDetails,
  type BankDetailsInput,
  type NormalisedBankAccount,
} from '../../server/domain/schemes/bank-details';
import type { DomainContext } from '../../server/domain/shared/context';
import type { DomainError } from '../../server/domain/shared/errors';
import { normaliseUkAccount } from '../../server/domain/schemes/bank-details/local/gb';
import { checkNzAccount } from '../../server/domain/schemes/bank-details/local/nz-checksum';
import { isValidAbaRoutingNumber } from '../../server/domain/schemes/bank-details/local/us';

/** The account, failing the test with the issues when the details do not validate. */
function valid(input: BankDetailsInput): NormalisedBankAccount {
  const result = validateBankDetails(input);
  if (!result.ok) throw new Error(`expected valid details, got ${JSON.stringify(result.issues)}`);
  return result.account;
}

/** The [field, code] pairs of the issues; none when the details validate. */
function issuesOf(input: BankDetailsInput): [string, string][] {
  const result = validateBankDetails(input);
  return result.ok ? [] : result.issues.map((found) => [found.field, found.code]);
}

const lookups = createBankDetailsLookupService({ environment: 'sandbox' } as DomainContext);
/** The lookup's answer in the API's field names, or the [field, code] pairs it refuses with. */
function lookupBankDetails(input: BankDetailsInput) {
  try {
    const found = lookups.lookUp(input);
    return { bank_name: found.bankName, bic: found.bic, available_debit_schemes: found.availableDebitSchemes };
  } catch (error) {
    return (error as DomainError).options.fields?.map((found) => [found.field, found.code]);
  }
}

const gb = (branch_code: string, account_number: string): BankDetailsInput => ({
  country_code: 'GB',
  branch_code,
  account_number,
});
const nz = (account_number: string): BankDetailsInput => ({ country_code: 'NZ', account_number });
const se = (branch_code: string, account_number: string): BankDetailsInput => ({
  country_code: 'SE',
  branch_code,
  account_number,
});

describe('schemes.md § 2.1 IBAN', () => {
  it.each([
    ['DE89370400440532013000', 'DE', 'EUR'],
    ['FR1420041010050500013M02606', 'FR', 'EUR'],
    ['GB30COOP08999966374958', 'GB', 'GBP'],
    ['GB60BARC20000055779911', 'GB', 'GBP'],
    ['DK8003450003179681', 'DK', 'DKK'],
    ['SE2680000000075071211203', 'SE', 'SEK'],
  ])('%s is valid and is debited in its country currency', (iban, countryCode, currency) => {
    expect(valid({ iban })).toMatchObject({ iban, countryCode, currency });
  });

  it.each(['DE89370400440532013001', 'FR1420041010050500013M02607', 'DE8937040044053201300', 'XX89370400440532013000'])(
    '%s is invalid_iban',
    (iban) => expect(issuesOf({ iban })).toEqual([['iban', 'invalid_iban']]),
  );

  it('accepts separators and lower case and stores the electronic format', () => {
    expect(valid({ iban: ' de89 3704-0044.0532 0130 00 ' }).iban).toBe('DE89370400440532013000');
  });

  it.each(['CH9300762011623852957', 'NO9386011117947', 'PL61109010140000071219812874'])(
    '%s is iban_unsupported_country',
    (iban) => expect(issuesOf({ iban })).toEqual([['iban', 'iban_unsupported_country']]),
  );

  it('splits a GB IBAN into sort code and account, and a DK one into registration and account', () => {
    expect(valid({ iban: 'GB60BARC20000055779911' })).toMatchObject({
      branchCode: '200000',
      accountNumber: '55779911',
    });
    expect(valid({ iban: 'DK8003450003179681' })).toMatchObject({ bankCode: '0345', accountNumber: '0003179681' });
  });

  it('recovers the clearing number of an SE IBAN where the bank embeds it, and keeps the IBAN otherwise', () => {
    expect(valid({ iban: 'SE2680000000075071211203' })).toMatchObject({ branchCode: '7507', accountNumber: '1211203' });
    const handelsbanken = valid({ iban: 'SE7160000000000123456789' });
    expect(handelsbanken).toMatchObject({ accountNumber: '123456789', bankName: 'Handelsbanken' });
    expect(handelsbanken.branchCode).toBeUndefined();
  });

  it('applies the UK modulus check to GB IBANs too', () => {
    expect(issuesOf({ iban: 'GB33BARC20000055779912' })).toEqual([['iban', 'modulus_check_failed']]);
  });

  it('keeps a territory given with its parent country IBAN, and refuses another country', () => {
    expect(valid({ iban: 'FR1420041010050500013M02606', country_code: 're' })).toMatchObject({
      countryCode: 'RE',
      currency: 'EUR',
    });
    expect(issuesOf({ iban: 'FR1420041010050500013M02606', country_code: 'DE' })).toEqual([
      ['country_code', 'invalid'],
    ]);
  });
});

describe('schemes.md § 2.3 ABA routing numbers', () => {
  it.each(['026073150', '111000025', '021000021'])('%s is valid', (routing) => {
    expect(isValidAbaRoutingNumber(routing)).toBe(true);
    expect(
      valid({ country_code: 'US', bank_code: routing, account_number: '2715500356', account_type: 'savings' })
        .accountType,
    ).toBe('savings');
  });

  it.each(['026073151', '112000025', '02607315', '0260731500'])('%s is invalid_routing_number', (routing) => {
    expect(isValidAbaRoutingNumber(routing)).toBe(false);
    expect(
      issuesOf({ country_code: 'US', bank_code: routing, account_number: '2715500356', account_type: 'checking' }),
    ).toEqual([['bank_code', 'invalid_routing_number']]);
  });

  it('wants 4–17 digit account numbers and an account type', () => {
    const base = { country_code: 'US', bank_code: '026073150', account_type: 'checking' } as const;
    expect(issuesOf({ ...base, account_number: '123' })).toEqual([['account_number', 'invalid_account_number']]);
    expect(issuesOf({ ...base, account_number: '123456789012345678' })).toEqual([
      ['account_number', 'invalid_account_number'],
    ]);
    expect(valid({ ...base, account_number: '1234' }).accountNumber).toBe('1234');
    expect(issuesOf({ country_code: 'US', bank_code: '026073150', account_number: '2715500356' })).toEqual([
      ['account_type', 'account_type_required'],
    ]);
  });
});

describe('schemes.md § 2.4 UK modulus checking and § 1 bacs account lengths', () => {
  it.each([
    ['200000', '55779911'],
    ['089999', '66374958'],
    ['107999', '88837491'],
    ['202959', '63748472'],
    ['118765', '64371389'],
    ['180002', '00000190'],
  ])('%s/%s passes', (sortCode, account) => {
    expect(valid(gb(sortCode, account))).toMatchObject({
      branchCode: sortCode,
      accountNumber: account,
      currency: 'GBP',
    });
  });

  it.each([
    ['200000', '55779912'],
    ['089999', '66374959'],
    ['118765', '64371388'],
    ['938063', '15763217'],
  ])('%s/%s is modulus_check_failed', (sortCode, account) =>
    expect(issuesOf(gb(sortCode, account))).toEqual([['account_number', 'modulus_check_failed']]),
  );

  it('strips separators from the sort code and rejects other lengths', () => {
    expect(valid(gb('20-00-00', '5577 9911')).branchCode).toBe('200000');
    expect(issuesOf(gb('20000', '55779911'))).toEqual([['branch_code', 'invalid_sort_code']]);
    expect(issuesOf(gb('200000', '12345'))).toEqual([['account_number', 'invalid_account_number']]);
    expect(issuesOf(gb('200000', '12345678901'))).toEqual([['account_number', 'invalid_account_number']]);
  });

  it('brings odd account lengths to 8 digits', () => {
    expect(normaliseUkAccount('200000', '123456')).toEqual({ sortCode: '200000', accountNumber: '00123456' });
    expect(normaliseUkAccount('200000', '1234567')).toEqual({ sortCode: '200000', accountNumber: '01234567' });
    expect(normaliseUkAccount('090126', '912345678')).toEqual({ sortCode: '090129', accountNumber: '12345678' });
    expect(normaliseUkAccount('089000', '1234567890')).toEqual({ sortCode: '089000', accountNumber: '12345678' });
    expect(normaliseUkAccount('600000', '1234567890')).toEqual({ sortCode: '600000', accountNumber: '34567890' });
  });
});

describe('schemes.md § 2.5 Canada', () => {
  const ca = (bank_code: string, branch_code: string, account_number: string): BankDetailsInput => ({
    country_code: 'CA',
    bank_code,
    branch_code,
    account_number,
  });

  it('accepts the sandbox details and stores the institution zero-padded to 4', () => {
    expect(valid(ca('0003', '00006', '1234567'))).toMatchObject({
      bankCode: '0003',
      branchCode: '00006',
      currency: 'CAD',
    });
    expect(valid(ca('003', '00006', '1234567')).bankCode).toBe('0003');
  });

  it('rejects an all-zero transit, short accounts and bad institution numbers', () => {
    expect(issuesOf(ca('0003', '00000', '1234567'))).toEqual([['branch_code', 'invalid_transit_number']]);
    expect(issuesOf(ca('0003', '00006', '123456'))).toEqual([['account_number', 'invalid_account_number']]);
    expect(issuesOf(ca('0003', '00006', '0000000'))).toEqual([['account_number', 'invalid_account_number']]);
    expect(issuesOf(ca('1003', '00006', '1234567'))).toEqual([['bank_code', 'invalid_institution_number']]);
  });
});

describe('schemes.md § 2.6 Australia', () => {
  const au = (branch_code: string, account_number: string): BankDetailsInput => ({
    country_code: 'AU',
    branch_code,
    account_number,
  });

  it('accepts 082-082/012345678', () => {
    expect(valid(au('082-082', '012345678'))).toMatchObject({
      branchCode: '082082',
      accountNumber: '012345678',
      currency: 'AUD',
    });
  });

  it('rejects a 5-digit BSB and an all-zero account', () => {
    expect(issuesOf(au('08208', '012345678'))).toEqual([['branch_code', 'invalid_bsb']]);
    expect(issuesOf(au('082082', '0000000'))).toEqual([['account_number', 'invalid_account_number']]);
    expect(issuesOf(au('082082', '1234'))).toEqual([['account_number', 'invalid_account_number']]);
  });
});

describe('schemes.md § 2.7 New Zealand', () => {
  it.each([
    '12-3113-0003869-00',
    '01-0242-0100194-00',
    '01-902-0068389-00',
    '08-6523-1954512-001',
    '26-2600-0320871-032',
  ])('%s is valid', (number) => expect(valid(nz(number)).currency).toBe('NZD'));

  it('01-0242-0100195-00 fails the checksum', () => {
    expect(issuesOf(nz('01-0242-0100195-00'))).toEqual([['account_number', 'invalid_account_number']]);
  });

  it('reduces E and G products to one digit, where the package does not', () => {
    expect(checkNzAccount('09', '0000', '1000018', '001')).toBe('valid');
    expect(checkNzAccount('26', '2600', '0320001', '032')).toBe('valid');
    expect(checkNzAccount('26', '2600', '0320002', '032')).toBe('checksum_failed');
  });

  it('rejects a branch outside the bank’s ranges', () => {
    expect(issuesOf(nz('01-9999-0100197-00'))).toEqual([['branch_code', 'invalid_branch_code']]);
  });

  it('takes the parts from separate fields and stores the suffix as 3 digits', () => {
    const account = valid({
      country_code: 'NZ',
      bank_code: '12',
      branch_code: '3113',
      account_number: '0003869',
      account_number_suffix: '00',
    });
    expect(account).toMatchObject({
      bankCode: '12',
      branchCode: '3113',
      accountNumber: '0003869',
      accountNumberSuffix: '000',
    });
    expect(valid(nz('1231130003869000')).fingerprint).toBe(account.fingerprint);
  });

  it('reports malformed parts on their own fields', () => {
    const base = { country_code: 'NZ', bank_code: '12', branch_code: '3113', account_number: '0003869' };
    expect(issuesOf({ ...base, account_number_suffix: '1234' })).toEqual([['account_number_suffix', 'invalid_suffix']]);
    expect(issuesOf({ ...base })).toEqual([['account_number_suffix', 'required']]);
    expect(issuesOf({ ...base, bank_code: '123', account_number_suffix: '00' })).toEqual([
      ['bank_code', 'invalid_bank_code'],
    ]);
    expect(issuesOf({ ...base, branch_code: '311', account_number_suffix: '00' })).toEqual([
      ['branch_code', 'invalid_branch_code'],
    ]);
    expect(issuesOf({ ...base, bank_code: '01', account_number: '12-3113-0003869-00' })).toEqual([
      ['bank_code', 'invalid_bank_code'],
    ]);
  });
});

describe('schemes.md § 2.8 Sweden', () => {
  it.each([
    ['5491', '0000003'],
    ['7507', '1211203'],
    ['3300', '8112289874'],
  ])('%s/%s is valid', (clearing, account) => {
    expect(valid(se(clearing, account))).toMatchObject({
      branchCode: clearing,
      accountNumber: account,
      currency: 'SEK',
    });
  });

  it('5491/0000004 is invalid_account_number', () => {
    expect(issuesOf(se('5491', '0000004'))).toEqual([['account_number', 'invalid_account_number']]);
  });

  it.each(['0000', '549', '84249', '123456'])('clearing %s is invalid_clearing_number', (clearing) => {
    expect(issuesOf(se(clearing, '0000003'))).toEqual([['branch_code', 'invalid_clearing_number']]);
  });

  it('accepts old Swedbank 8xxx accounts that carry no check digit', () => {
    expect(valid(se('8327', '9940106'))).toMatchObject({ branchCode: '83279', accountNumber: '0009940106' });
    expect(issuesOf(se('7507', '1211204'))).toEqual([['account_number', 'invalid_account_number']]);
  });

  it('adds the check digit to 4-digit Swedbank 8xxx clearing numbers', () => {
    expect(valid(se('8327', '1234567897'))).toMatchObject({ branchCode: '83279', iban: 'SE7280000832791234567897' });
    expect(valid(se('8327-9', '1234567897')).branchCode).toBe('83279');
  });
});

describe('schemes.md § 2.10 Denmark', () => {
  it('pads registration and account numbers and derives the IBAN', () => {
    expect(valid({ country_code: 'DK', bank_code: '0345', account_number: '3179681' })).toMatchObject({
      bankCode: '0345',
      accountNumber: '0003179681',
      iban: 'DK8003450003179681',
      currency: 'DKK',
    });
  });

  it('rejects registration numbers of more than 4 digits and accounts of more than 10', () => {
    expect(issuesOf({ country_code: 'DK', bank_code: '12345', account_number: '3179681' })).toEqual([
      ['bank_code', 'invalid_registration_number'],
    ]);
    expect(issuesOf({ country_code: 'DK', bank_code: '345', account_number: '12345678901' })).toEqual([
      ['account_number', 'invalid_account_number'],
    ]);
  });
});

describe('schemes.md § 5 sandbox test details', () => {
  it.each<[string, BankDetailsInput, string, string[], string | null]>([
    ['bacs', gb('200000', '55779911'), 'GBP', ['bacs', 'faster_payments'], 'BARCLAYS BANK PLC'],
    ['sepa FR', { iban: 'FR1420041010050500013M02606' }, 'EUR', ['sepa_core'], 'La Banque Postale'],
    ['sepa DE', { iban: 'DE89370400440532013000' }, 'EUR', ['sepa_core'], 'Commerzbank'],
    [
      'ach',
      { country_code: 'US', bank_code: '026073150', account_number: '2715500356', account_type: 'checking' },
      'USD',
      ['ach'],
      'Community Federal Savings Bank',
    ],
    ['autogiro', se('5491', '0000003'), 'SEK', ['autogiro'], 'SEB'],
    [
      'becs',
      { country_code: 'AU', branch_code: '082-082', account_number: '012345678' },
      'AUD',
      ['becs', 'pay_to'],
      'National Australia Bank',
    ],
    [
      'becs_nz',
      { country_code: 'NZ', bank_code: '12', branch_code: '3113', account_number: '0003869-00' },
      'NZD',
      ['becs_nz'],
      'ASB Bank',
    ],
    [
      'betalingsservice',
      { country_code: 'DK', bank_code: '345', account_number: '3179681' },
      'DKK',
      ['betalingsservice'],
      null,
    ],
    [
      'pad',
      { country_code: 'CA', bank_code: '0003', branch_code: '00006', account_number: '1234567' },
      'CAD',
      ['pad'],
      'RBC Royal Bank',
    ],
  ])('%s details validate, reach their schemes and name their bank', (_scheme, input, currency, schemes, bankName) => {
    const account = valid(input);
    expect(account).toMatchObject({ currency, schemes, bankName });
    expect(lookupBankDetails(input)).toEqual({
      bank_name: bankName,
      bic: account.bic,
      available_debit_schemes: schemes,
    });
  });

  it('looks up 200000/55779911 as in the API docs', () => {
    expect(lookupBankDetails(gb('200000', '55779911'))).toMatchObject({
      bank_name: 'BARCLAYS BANK PLC',
      bic: 'BARCGB22XXX',
    });
    expect(lookupBankDetails({ iban: 'FR1420041010050500013M02606' })).toMatchObject({ bic: 'PSSTFRPPXXX' });
    expect(lookupBankDetails({ iban: 'DE89370400440532013000' })).toMatchObject({ bic: 'COBADEFFXXX' });
  });

  it('refuses invalid details with the field and reason, and names no bank it does not know', () => {
    expect(lookupBankDetails(gb('200000', '55779912'))).toEqual([['account_number', 'modulus_check_failed']]);
    expect(lookupBankDetails({})).toEqual([['country_code', 'required']]);
    // 08-99-99 is a listed sort code (the Co-operative Bank's) that the curated table does not name.
    expect(lookupBankDetails({ iban: 'GB30COOP08999966374958' })).toEqual({
      bank_name: null,
      bic: null,
      available_debit_schemes: ['bacs', 'faster_payments'],
    });
  });

  it('refuses a sort code Pay.UK does not list, whichever way the account is given', () => {
    expect(lookupBankDetails(gb('770000', '55779911'))).toEqual([['branch_code', 'sort_code_not_found']]);
    expect(issuesOf(gb('12-34-56', '98765432'))).toEqual([['branch_code', 'sort_code_not_found']]);
    expect(issuesOf({ iban: 'GB82WEST12345698765432' })).toEqual([['iban', 'sort_code_not_found']]);
  });

  it('answers a valid IBAN no debit scheme reaches with an empty list', () => {
    expect(lookupBankDetails({ iban: 'CH9300762011623852957' })).toEqual({
      bank_name: null,
      bic: null,
      available_debit_schemes: [],
    });
  });
});

describe('country, currency and account type', () => {
  it('needs a country for local details and an IBAN for euro countries', () => {
    expect(issuesOf({ branch_code: '200000', account_number: '55779911' })).toEqual([['country_code', 'required']]);
    expect(issuesOf({ country_code: 'DE', bank_code: '37040044', account_number: '0532013000' })).toEqual([
      ['iban', 'required'],
    ]);
  });

  it('refuses both an IBAN and local details', () => {
    expect(issuesOf({ iban: 'GB60BARC20000055779911', ...gb('200000', '55779911') })).toEqual([
      ['iban', 'iban_or_local_details'],
    ]);
  });

  it('checks the country code', () => {
    expect(issuesOf({ ...gb('200000', '55779911'), country_code: 'GBR' })).toEqual([
      ['country_code', 'invalid_country_code'],
    ]);
    expect(issuesOf({ ...gb('200000', '55779911'), country_code: 'JP' })).toEqual([
      ['country_code', 'unsupported_country'],
    ]);
    expect(valid({ ...gb('200000', '55779911'), country_code: 'je' })).toMatchObject({
      countryCode: 'JE',
      currency: 'GBP',
    });
  });

  it('checks the currency against the list and the country', () => {
    expect(issuesOf({ ...gb('200000', '55779911'), currency: 'XYZ' })).toEqual([['currency', 'invalid_currency']]);
    expect(issuesOf({ ...gb('200000', '55779911'), currency: 'EUR' })).toEqual([
      ['currency', 'currency_country_mismatch'],
    ]);
    expect(issuesOf({ iban: 'DE89370400440532013000', currency: 'GBP' })).toEqual([
      ['currency', 'currency_country_mismatch'],
    ]);
    expect(valid({ iban: 'DE89370400440532013000', currency: 'eur' }).currency).toBe('EUR');
  });

  it('allows an account type for USD accounts only', () => {
    expect(issuesOf({ ...gb('200000', '55779911'), account_type: 'checking' })).toEqual([
      ['account_type', 'account_type_not_allowed'],
    ]);
    expect(issuesOf({ iban: 'DE89370400440532013000', account_type: 'savings' })).toEqual([
      ['account_type', 'account_type_not_allowed'],
    ]);
  });

  it('reports every missing local field at once', () => {
    expect(issuesOf({ country_code: 'US' })).toEqual([
      ['bank_code', 'required'],
      ['account_number', 'required'],
      ['account_type', 'account_type_required'],
    ]);
  });
});

describe('fingerprint and account number ending', () => {
  it('is the same for an account given as local details or as its IBAN', () => {
    const pairs: [BankDetailsInput, string][] = [
      [{ country_code: 'DK', bank_code: '345', account_number: '3179681' }, 'DK8003450003179681'],
      [gb('200000', '55779911'), 'GB60BARC20000055779911'],
      [se('7507', '1211203'), 'SE2680000000075071211203'],
      [se('6789', '123456789'), 'SE7160000000000123456789'],
    ];
    for (const [local, iban] of pairs) expect(valid(local).fingerprint).toBe(valid({ iban }).fingerprint);
  });

  it('is a sha256 hex digest that differs between accounts', () => {
    const first = valid(gb('200000', '55779911')).fingerprint;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(valid(gb('089999', '66374958')).fingerprint).not.toBe(first);
  });

  it('shows the last 4 characters for NZD and the last 2 otherwise', () => {
    expect(valid(nz('12-3113-0003869-00')).accountNumberEnding).toBe('3869');
    expect(valid(gb('200000', '55779911')).accountNumberEnding).toBe('11');
    expect(valid({ iban: 'FR1420041010050500013M02606' }).accountNumberEnding).toBe('06');
  });
});

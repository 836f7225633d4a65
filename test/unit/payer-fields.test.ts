import { describe, expect, it } from 'vitest';
import { accountDetailsFor, bankCountriesFor, billingFieldsAsked } from '../../server/domain/schemes/payer-fields';
import { incompleteFields } from '../../server/domain/schemes/customer-fields';
import { SCHEMES } from '../../server/domain/schemes/types';

/** What the payer pages ask for comes from the schemes' rules, not from the pages. */
describe('billingFieldsAsked', () => {
  it('asks SEPA payers for the address a payer outside the EEA needs, and the country', () => {
    expect(billingFieldsAsked('sepa_core')).toEqual(['address_line1', 'city', 'postal_code', 'country_code']);
  });

  it('asks nothing more of instant payers than their name and email', () => {
    expect(billingFieldsAsked('faster_payments')).toEqual([]);
  });

  it.each(SCHEMES)('%s: covers every field the scheme can find missing, wherever the payer lives', (scheme) => {
    const asked = billingFieldsAsked(scheme);
    for (const country of ['GB', 'FR', 'US', 'CH', 'SE', 'DK']) {
      for (const field of incompleteFields(scheme, {}, { country_code: country }).customer_billing_detail)
        expect(asked, `${scheme} ${country}`).toContain(field);
    }
  });
});

describe('accountDetailsFor and bankCountriesFor', () => {
  it('identifies euro accounts by IBAN and others by their local details', () => {
    expect(accountDetailsFor('EUR')).toEqual({ country: null, details: ['iban'] });
    expect(accountDetailsFor('GBP')).toEqual({ country: 'GB', details: ['branch_code', 'account_number'] });
    expect(accountDetailsFor('XYZ')).toEqual(accountDetailsFor('EUR'));
  });

  it('lists the banks’ countries whose accounts are in the currency', () => {
    expect(bankCountriesFor('GBP')).toEqual(['GB']);
    expect(bankCountriesFor('EUR')).toEqual(expect.arrayContaining(['DE', 'FR', 'ES', 'IE']));
    expect(bankCountriesFor('EUR')).not.toContain('GB');
  });
});

import { describe, expect, it } from 'vitest';
import { checkPaymentAmount, PAYMENT_AMOUNT_LIMITS } from '../../server/domain/schemes/limits';
import {
  generateMandateReference,
  mandateReferenceMaxLength,
  PAYMENT_REFERENCE_MAX_LENGTH,
  type RandomCharacters,
  validateMandateReference,
  validatePaymentReference,
} from '../../server/domain/schemes/references';
import { SCHEMES } from '../../server/domain/schemes/types';

describe('validateMandateReference', () => {
  it('bacs: 6–18 characters of letters, digits, . & / - and inner spaces', () => {
    for (const valid of ['ABC123', 'bankflow-12345678', 'MY REF/01.A&B', 'A'.repeat(17) + 'B']) {
      expect(validateMandateReference('bacs', valid), valid).toBe(true);
    }
    for (const invalid of ['ABC12', 'A'.repeat(18) + 'B', 'ABC_123', 'ABC#123', 'ABCÉ123', ' ABC123', 'ABC123 ']) {
      expect(validateMandateReference('bacs', invalid), invalid).toBe(false);
    }
  });

  it('bacs: refuses references starting DDIC or made of one repeated character', () => {
    expect(validateMandateReference('bacs', 'DDIC123456')).toBe(false);
    expect(validateMandateReference('bacs', 'ddic123456')).toBe(false);
    expect(validateMandateReference('bacs', 'XDDIC12345')).toBe(true);
    expect(validateMandateReference('bacs', 'AAAAAA')).toBe(false);
    expect(validateMandateReference('bacs', 'aaaAAA')).toBe(false);
    expect(validateMandateReference('bacs', '111111111')).toBe(false);
  });

  it('sepa_core: up to 35 characters of the SEPA basic Latin set', () => {
    for (const valid of ['MANDATE-2026/001', "a b?c:(d).e,f'g+h", 'X', 'M'.repeat(35)]) {
      expect(validateMandateReference('sepa_core', valid), valid).toBe(true);
    }
    for (const invalid of ['', 'M'.repeat(36), 'ABC_1', 'Müller', 'A&B', '/ABC', 'ABC/', 'A//B', ' ABC']) {
      expect(validateMandateReference('sepa_core', invalid), invalid).toBe(false);
    }
  });

  it('autogiro and betalingsservice: numeric payer / customer numbers of 16 and 15 digits at most', () => {
    expect(validateMandateReference('autogiro', '1234567890123456')).toBe(true);
    expect(validateMandateReference('autogiro', '12345678901234567')).toBe(false);
    expect(validateMandateReference('autogiro', 'ABC123')).toBe(false);
    expect(validateMandateReference('betalingsservice', '123456789012345')).toBe(true);
    expect(validateMandateReference('betalingsservice', '1234567890123456')).toBe(false);
    expect(validateMandateReference('betalingsservice', '')).toBe(false);
  });

  it('others: letters, digits and inner hyphens within the scheme maximum', () => {
    expect(validateMandateReference('becs', 'ACME-0123456789ABC')).toBe(true);
    expect(validateMandateReference('becs', 'ACME-0123456789ABCD')).toBe(false);
    expect(validateMandateReference('ach', 'ABCDE-123456789')).toBe(true);
    expect(validateMandateReference('ach', 'ABCDE-1234567890')).toBe(false);
    expect(validateMandateReference('becs_nz', 'A-0123456789')).toBe(true);
    expect(validateMandateReference('becs_nz', 'AB-0123456789')).toBe(false);
    for (const invalid of ['-ABC', 'ABC-', 'AB C', 'AB/C', '']) {
      expect(validateMandateReference('pad', invalid), invalid).toBe(false);
    }
  });
});

describe('generateMandateReference', () => {
  it('makes valid, upper-case, distinct references for every scheme, with and without a prefix', () => {
    for (const scheme of SCHEMES) {
      for (const prefix of [undefined, 'Acme Ltd!', 'averyveryverylongcreditorprefix', 'ddic']) {
        const made = new Set<string>();
        for (let i = 0; i < 50; i++) {
          const reference = generateMandateReference(scheme, undefined, prefix);
          expect(validateMandateReference(scheme, reference), `${scheme} ${reference}`).toBe(true);
          expect(reference).toBe(reference.toUpperCase());
          expect(reference.length).toBeLessThanOrEqual(mandateReferenceMaxLength(scheme));
          made.add(reference);
        }
        expect(made.size, scheme).toBe(50);
      }
    }
  });

  it('puts the cleaned creditor prefix before 10 Crockford characters', () => {
    expect(generateMandateReference('bacs', undefined, 'Acme Ltd!')).toMatch(/^ACMELTD-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(generateMandateReference('sepa_core', undefined, 'acme')).toMatch(/^ACME-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(generateMandateReference('bacs')).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    // A prefix that would start a Bacs reference with DDIC is dropped.
    expect(generateMandateReference('bacs', undefined, 'ddic')).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it('makes full-width numbers not starting with 0 for the numeric schemes', () => {
    expect(generateMandateReference('autogiro', undefined, 'ACME')).toMatch(/^[1-9]\d{15}$/);
    expect(generateMandateReference('betalingsservice')).toMatch(/^[1-9]\d{14}$/);
  });

  it('uses the random source it is given, and refuses one that cannot give a valid reference', () => {
    const counting: RandomCharacters = (count, alphabet) =>
      Array.from({ length: count }, (_, i) => alphabet.charAt(i % alphabet.length)).join('');
    expect(generateMandateReference('bacs', counting, 'ACME')).toBe('ACME-0123456789');
    const repeating: RandomCharacters = (count, alphabet) => alphabet.charAt(1).repeat(count);
    expect(() => generateMandateReference('bacs', repeating)).toThrow();
    expect(() => generateMandateReference('autogiro', () => 'ABCDEFGHJKMNPQRS')).toThrow();
  });
});

describe('validatePaymentReference', () => {
  it('has the GC maximum for every scheme', () => {
    expect(PAYMENT_REFERENCE_MAX_LENGTH).toEqual({
      ach: 10,
      autogiro: 11,
      bacs: 10,
      becs: 30,
      becs_nz: 12,
      betalingsservice: 30,
      faster_payments: 18,
      pad: null,
      pay_to: 18,
      sepa_core: 140,
    });
  });

  it('accepts up to the maximum and refuses one more', () => {
    for (const scheme of SCHEMES) {
      const max = PAYMENT_REFERENCE_MAX_LENGTH[scheme];
      if (max === null) continue;
      expect(validatePaymentReference(scheme, 'R'.repeat(max)), scheme).toBe(true);
      expect(validatePaymentReference(scheme, 'R'.repeat(max + 1)), scheme).toBe(false);
    }
    expect(validatePaymentReference('pad', 'R'.repeat(1000))).toBe(true);
  });

  it('restricts faster_payments to A-Za-z0-9 space & - . /', () => {
    expect(validatePaymentReference('faster_payments', 'Inv 2026/01-A&B.')).toBe(true);
    expect(validatePaymentReference('faster_payments', 'INV_01')).toBe(false);
    expect(validatePaymentReference('faster_payments', 'INV#1')).toBe(false);
    expect(validatePaymentReference('sepa_core', 'INV_01')).toBe(true);
  });

  it('refuses empty references and control characters', () => {
    expect(validatePaymentReference('sepa_core', '')).toBe(false);
    expect(validatePaymentReference('sepa_core', 'A\nB')).toBe(false);
  });

  it('bacs: keeps the mandate and payment references within 18 together', () => {
    expect(validatePaymentReference('bacs', 'INV1', 'ACMELTD-0123456789')).toBe(false);
    expect(validatePaymentReference('bacs', 'INV1', '0123456789')).toBe(true);
  });
});

describe('checkPaymentAmount (limits.ts)', () => {
  it('applies the GC defaults in minor units', () => {
    expect(PAYMENT_AMOUNT_LIMITS.bacs).toEqual({ min: 100, max: 500_000 });
    expect(PAYMENT_AMOUNT_LIMITS.autogiro).toEqual({ min: 1_000, max: 5_000_000 });
    expect(PAYMENT_AMOUNT_LIMITS.pay_to).toEqual(PAYMENT_AMOUNT_LIMITS.becs);
    expect(checkPaymentAmount('bacs', 99)).toBe('too_small');
    expect(checkPaymentAmount('bacs', 100)).toBeNull();
    expect(checkPaymentAmount('bacs', 500_000)).toBeNull();
    expect(checkPaymentAmount('bacs', 500_001)).toBe('too_large');
    expect(checkPaymentAmount('pad', 199)).toBe('too_small');
  });

  it('caps ach and faster_payments at 1,000,000 in major units', () => {
    expect(checkPaymentAmount('ach', 1)).toBeNull();
    expect(checkPaymentAmount('ach', 0)).toBe('too_small');
    expect(checkPaymentAmount('ach', 100_000_000)).toBeNull();
    expect(checkPaymentAmount('ach', 100_000_001)).toBe('too_large');
    expect(checkPaymentAmount('faster_payments', 100_000_001)).toBe('too_large');
  });

  it('throws on amounts that are not whole minor units', () => {
    expect(() => checkPaymentAmount('bacs', 10.5)).toThrow(RangeError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, MASKED_FIELDS, maskJsonText, maskValue } from '../../server/domain/request-logs/masking';

/** An IBAN with correct check digits (ISO 13616) for a country code and a basic bank account number. */
function iban(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const ibans = fc
  .tuple(
    fc.string({ unit: upper, minLength: 2, maxLength: 2 }),
    fc.string({ unit: alnum, minLength: 11, maxLength: 30 }),
  )
  .map(([country, bban]) => iban(country, bban));
/** Written as people write them: compact, in groups of four, lower-case. */
const writtenIbans = fc
  .tuple(ibans, fc.constantFrom('compact', 'spaced', 'lower'))
  .map(([value, style]) =>
    style === 'spaced' ? value.replace(/(.{4})(?=.)/g, '$1 ') : style === 'lower' ? value.toLowerCase() : value,
  );
const accountNumbers = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 6, maxLength: 12 });
/** Text around an IBAN: anything, ending and starting with something that is not a letter or digit. */
const around = fc.string({ maxLength: 20 }).map((s) => s.replace(/[A-Za-z0-9]$/, ' '));
const after = fc.string({ maxLength: 20 }).map((s) => s.replace(/^[A-Za-z0-9]/, ' '));
const maskedField = fc
  .tuple(fc.constantFrom(...MASKED_FIELDS), fc.boolean())
  .map(([name, loud]) => (loud ? name.toUpperCase() : name));
const compact = (text: string) => text.replace(/[ -]/g, '').toUpperCase();

/** A JSON document with `secret` planted somewhere: under a masked field's name, or inside any string. */
function documentWith(secret: fc.Arbitrary<string>, where: 'field' | 'text') {
  return fc
    .tuple(fc.jsonValue({ maxDepth: 3 }), secret, maskedField, around, after, fc.array(fc.string({ maxLength: 8 })))
    .map(([filler, value, field, before, afterText, path]) => {
      const planted = where === 'field' ? { [field]: value } : { note: `${before}${value}${afterText}` };
      let document: unknown = { ...planted, filler };
      for (const key of path) document = { [key || 'k']: [document] };
      return { document, value };
    });
}

describe('request log masking', () => {
  it('leaves no IBAN anywhere in a document, however it is written and wherever it sits', () => {
    fc.assert(
      fc.property(documentWith(writtenIbans, 'text'), ({ document, value }) => {
        for (const text of [JSON.stringify(maskValue(document)), maskJsonText(JSON.stringify(document))]) {
          expect(compact(text)).not.toContain(compact(value));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('masks every masked field at any depth and in any case, account numbers included', () => {
    fc.assert(
      fc.property(documentWith(fc.oneof(accountNumbers, writtenIbans), 'field'), ({ document, value }) => {
        const masked = maskJsonText(JSON.stringify(document));
        expect(masked).not.toContain(JSON.stringify(value));
        expect(masked).toContain(MASK);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps bankflow ids, amounts and dates, and nulls as nulls', () => {
    const answer = {
      customer_bank_accounts: {
        id: 'BA01KBZ8Q6W4M2T0R9YV3XE5N7HJ',
        account_number_ending: '11',
        account_holder_name: 'Ada Lovelace',
        iban: null,
        links: { customer: 'CU01KBZ8Q6W4M2T0R9YV3XE5N7HJ' },
        amount: 1500,
        created_at: '2026-12-03T14:03:40.000Z',
      },
    };
    expect(JSON.parse(maskJsonText(JSON.stringify(answer)))).toEqual({
      customer_bank_accounts: { ...answer.customer_bank_accounts, account_holder_name: MASK },
    });
    const kept = { blocks: [{ id: 'BLC01KBZ8Q6W4M2T0R9YV3XE5N7HJ', reason_type: 'no_intent_to_pay' }] };
    expect(maskJsonText(JSON.stringify(kept))).toBe(JSON.stringify(kept));
  });

  it('masks e-mail addresses in free text and a key written with escapes', () => {
    expect(maskJsonText('{"description":"mail ada@example.com please"}')).toBe(`{"description":"mail ${MASK} please"}`);
    expect(JSON.parse(maskJsonText('{"ib\\u0061n":"GB82WEST12345698765432"}'))).toEqual({ iban: MASK });
  });
});

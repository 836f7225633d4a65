import { z } from 'zod';
import { SCHEMES } from '../domain/schemes/types';
import { metadataSchema } from '../domain/shared/metadata';
import { CURRENCIES } from '../domain/shared/money';

/** Wire pieces shared by the route schemas. Optional fields accept JSON null as "not given". */
export const optionalString = (max = 255) => z.string().max(max).nullish();
export const metadata = metadataSchema.optional();
export const currency = z.enum(CURRENCIES);
export const scheme = z.enum(SCHEMES);

/**
 * Dates the service can reason about: a scheme calendar, a charge date or a constraint far outside
 * this range is a typo (`9999-12-31`), and date arithmetic on it would overflow. Refused as
 * `validation_failed` naming the field, like any other out-of-range value.
 */
export const DATE_BOUNDS = { min: '1900-01-01', max: '2099-12-31' } as const;
// What is not a date at all is the format check's to report; this one judges only real dates.
const withinDateBounds = (day: string) =>
  !/^\d{4}-\d{2}-\d{2}$/.test(day) || (day >= DATE_BOUNDS.min && day <= DATE_BOUNDS.max);
export const isoDate = z.iso.date().refine(withinDateBounds, { message: 'date_out_of_range', params: DATE_BOUNDS });
/** A timestamp filter (`created_at[gt]`) within the same bounds. */
export const isoTimestamp = z.iso
  .datetime({ offset: true })
  .refine((t) => Number.isNaN(Date.parse(t)) || withinDateBounds(new Date(t).toISOString().slice(0, 10)), {
    message: 'date_out_of_range',
    params: DATE_BOUNDS,
  });

/**
 * A URL the payer is sent to: no whitespace or control characters, so a CR or LF can never split
 * a Location header or smuggle text into a page (and nothing refused is ever stored).
 */
export const optionalUri = (max = 2000) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .refine((s) => !/[\s\u0000-\u001f\u007f]/.test(s), { message: 'uri_control_characters' })
    .nullish();

/** A name or email the payer is known by: when given, it is not blank. */
export const optionalNonBlank = (max = 255) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim() !== '', { message: 'blank' })
    .nullish();
export const countryCode = z.string().regex(/^[A-Za-z]{2}$/, 'invalid_country_code');

/**
 * An integer as the official clients send one: a JSON integer, or its decimal digits in a string
 * (the Node client types every integer as a string, and its users send them so), a minus allowed
 * (`day_of_month: "-1"`). Nothing looser: a plus, exponent, point, space or leading zero (`"+1"`,
 * `"1e3"`, `"1.0"`, `" 1"`, `"01"`, `"-0"`) is a wrong type (400); outside the field's bounds it is
 * too small or too large (422), whichever way it came.
 */
const DECIMAL_INTEGER = /^(0|-?[1-9]\d*)$/;
export const wireInteger = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.number().int(), z.string().regex(DECIMAL_INTEGER).transform(Number)])
    .pipe(z.number().int().min(min).max(max));

/** Amounts in minor units. */
export const amount = wireInteger(1);

/**
 * An amount the real API types as a decimal string in major units (a template's
 * `payment_request_amount`: `"69.99"`), read into minor units; a JSON integer keeps meaning minor
 * units, as bankflow took it before. At most two decimals (every currency we collect has two).
 */
const DECIMAL_AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
export const decimalAmount = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(DECIMAL_AMOUNT)
      .transform((text) => {
        const [whole = '0', fraction = ''] = text.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      }),
  ])
  .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

/** Minor units as the real API's decimal string: 6999 → `"69.99"`. */
export const decimalOf = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** A comma-separated list filter (`status=active,cancelled`) checked against an enum. */
export const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)));

export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `data.metadata` of actions such as cancel and reinstate. */
export const metadataOnly = z.strictObject({ metadata });

import { z } from 'zod';
import { SCHEMES } from '../domain/schemes/types';
import { metadataSchema } from '../domain/shared/metadata';
import { CURRENCIES } from '../domain/shared/money';

/** Wire pieces shared by the route schemas. Optional fields accept JSON null as "not given". */
export const optionalString = (max = 255) => z.string().max(max).nullish();
export const metadata = metadataSchema.optional();
export const currency = z.enum(CURRENCIES);
export const scheme = z.enum(SCHEMES);
export const isoDate = z.iso.date();
export const countryCode = z.string().regex(/^[A-Za-z]{2}$/, 'invalid_country_code');

/**
 * Amounts in minor units. The public API's own example sends payment_request.amount as a string,
 * so digit strings are read as integers too; anything else is refused.
 */
export const amount = z
  .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

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

import { z } from 'zod';
import type { VerificationDetailRow } from '../../domain/verification-details/queries';
import { linkWire } from './present';

const directorWire = z.strictObject({
  given_name: z.string(),
  family_name: z.string(),
  date_of_birth: z.string(),
  street: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country_code: z.string(),
});

/**
 * Verification details on the wire (public API `verification_details`: no id of their own): every
 * field, the optional address lines and region null when not given (decision 0076).
 */
export const verificationDetailWire = z.strictObject({
  name: z.string(),
  company_number: z.string(),
  description: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  address_line3: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string(),
  country_code: z.string().nullable(),
  directors: z.array(directorWire),
  links: z.strictObject({ creditor: linkWire }),
});

export function serializeVerificationDetail(row: VerificationDetailRow): z.output<typeof verificationDetailWire> {
  return {
    name: row.name,
    company_number: row.company_number,
    description: row.description,
    address_line1: row.address_line1,
    address_line2: row.address_line2 ?? null,
    address_line3: row.address_line3 ?? null,
    city: row.city,
    region: row.region ?? null,
    postal_code: row.postal_code,
    country_code: row.country_code ?? null,
    directors: row.directors.map((d) => ({ ...d })),
    links: { creditor: row.creditor_id },
  };
}

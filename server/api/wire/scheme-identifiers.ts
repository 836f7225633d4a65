import { z } from 'zod';
import {
  SCHEME_IDENTIFIER_SCHEMES,
  SCHEME_IDENTIFIER_STATUSES,
  type SchemeIdentifierRow,
} from '../../domain/scheme-identifiers/types';
import { timestamp } from './present';

/**
 * A scheme identifier on the wire (public API `scheme_identifiers`), also each item of a
 * creditor's `scheme_identifiers[]`: the reference lists the same fields for both.
 */
export const schemeIdentifierWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  scheme: z.enum(SCHEME_IDENTIFIER_SCHEMES),
  status: z.enum(SCHEME_IDENTIFIER_STATUSES),
  name: z.string(),
  reference: z.string(),
  currency: z.string(),
  country_code: z.string(),
  minimum_advance_notice: z.number().int(),
  can_specify_mandate_reference: z.boolean(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  address_line3: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
});

export function serializeSchemeIdentifier(row: SchemeIdentifierRow): z.output<typeof schemeIdentifierWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    scheme: row.scheme,
    status: row.status,
    name: row.name,
    reference: row.reference,
    currency: row.currency,
    country_code: row.country_code,
    minimum_advance_notice: row.minimum_advance_notice,
    can_specify_mandate_reference: row.can_specify_mandate_reference,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    address_line3: row.address_line3,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    email: row.email,
    phone_number: row.phone_number,
  };
}

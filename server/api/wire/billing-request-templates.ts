import { z } from 'zod';
import type { TemplateRow } from '../../domain/billing-request-templates/types';
import { constraintsOf, constraintsWire } from './billing-request-requests';
import { decimalOf } from '../schemas';
import { metadataWire, timestamp } from './present';

/** The template's permanent link: each payer who opens it gets a billing request of their own. */
export const templateLink = (publicUrl: string, id: string) => `${publicUrl}/pay/templates/${id}`;

/** A billing request template on the wire (public API `billing_request_templates`): every field, null when unset. */
export const templateWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  authorisation_url: z.string(),
  name: z.string().nullable(),
  metadata: metadataWire,
  mandate_request_currency: z.string().nullable(),
  mandate_request_scheme: z.string().nullable(),
  mandate_request_description: z.string().nullable(),
  mandate_request_verify: z.enum(['minimum', 'recommended', 'when_available', 'always']).nullable(),
  mandate_request_metadata: metadataWire.nullable(),
  mandate_request_constraints: constraintsWire.nullable(),
  /** A decimal string in major units, as the real API answers (`"100.00"`). */
  payment_request_amount: z.string().nullable(),
  payment_request_currency: z.string().nullable(),
  payment_request_description: z.string().nullable(),
  payment_request_scheme: z.string().nullable(),
  payment_request_metadata: metadataWire.nullable(),
  redirect_uri: z.string().nullable(),
});

export function serializeTemplate(row: TemplateRow, options: { publicUrl: string }): z.output<typeof templateWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
    authorisation_url: templateLink(options.publicUrl, row.id),
    name: row.name,
    metadata: row.metadata ?? {},
    mandate_request_currency: row.mandate_request_currency,
    mandate_request_scheme: row.mandate_request_scheme,
    mandate_request_description: row.mandate_request_description,
    mandate_request_verify: row.mandate_request_verify,
    mandate_request_metadata: row.mandate_request_metadata,
    mandate_request_constraints: row.mandate_request_constraints
      ? constraintsOf(row.mandate_request_constraints)
      : null,
    payment_request_amount: row.payment_request_amount === null ? null : decimalOf(Number(row.payment_request_amount)),
    payment_request_currency: row.payment_request_currency,
    payment_request_description: row.payment_request_description,
    payment_request_scheme: row.payment_request_scheme,
    payment_request_metadata: row.payment_request_metadata,
    redirect_uri: row.redirect_uri,
  };
}

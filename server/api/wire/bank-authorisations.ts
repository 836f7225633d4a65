import { z } from 'zod';
import type { BankAuthorisationRow } from '../../domain/bank-authorisations/types';
import { linkWire, maybeTimestamp, timestamp } from './present';

/** A bank authorisation on the wire (public API `bank_authorisations`): every field, null until set. */
export const bankAuthorisationWire = z.strictObject({
  id: z.string(),
  authorisation_type: z.enum(['mandate', 'payment']),
  url: z.string(),
  qr_code_url: z.string(),
  redirect_uri: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_visited_at: z.string().nullable(),
  authorised_at: z.string().nullable(),
  links: z.strictObject({ billing_request: linkWire, institution: linkWire }),
});

/** `url` opens the (simulated) bank; `qr_code_url` is a PNG of that URL for finishing on a phone. */
export function serializeBankAuthorisation(
  row: BankAuthorisationRow,
  options: { publicUrl: string },
): z.output<typeof bankAuthorisationWire> {
  return {
    id: row.id,
    authorisation_type: row.authorisation_type,
    redirect_uri: row.redirect_uri,
    url: `${options.publicUrl}/sandbox-bank/${row.id}`,
    qr_code_url: `${options.publicUrl}/qr/${row.id}.png`,
    created_at: timestamp(row.created_at),
    expires_at: timestamp(row.expires_at),
    last_visited_at: maybeTimestamp(row.last_visited_at),
    authorised_at: maybeTimestamp(row.authorised_at),
    links: { billing_request: row.billing_request_id, institution: row.institution_id },
  };
}

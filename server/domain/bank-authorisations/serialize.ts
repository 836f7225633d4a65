import { compact, timestamp } from '../shared/serialize';
import type { BankAuthorisationRow } from './types';

/** `url` opens the (simulated) bank; `qr_code_url` is a PNG of that URL for finishing on a phone. */
export function serializeBankAuthorisation(row: BankAuthorisationRow, options: { publicUrl: string }) {
  return compact({
    id: row.id,
    authorisation_type: row.authorisation_type,
    redirect_uri: row.redirect_uri,
    url: `${options.publicUrl}/sandbox-bank/${row.id}`,
    qr_code_url: `${options.publicUrl}/qr/${row.id}.png`,
    created_at: timestamp(row.created_at),
    expires_at: timestamp(row.expires_at),
    last_visited_at: row.last_visited_at ? timestamp(row.last_visited_at) : null,
    authorised_at: row.authorised_at ? timestamp(row.authorised_at) : null,
    links: { billing_request: row.billing_request_id, institution: row.institution_id },
  });
}

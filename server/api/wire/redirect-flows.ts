import { z } from 'zod';
import { REDIRECT_FLOW_SCHEMES, type RedirectFlowRow } from '../../domain/redirect-flows/types';
import { metadataWire, present } from './present';

/**
 * A redirect flow on the wire (public API `redirect_flows`, legacy): every field, `null` until it
 * has a value (`confirmation_url` and `mandate_reference` once completed), decision 0076.
 */
export const redirectFlowWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  description: z.string().nullable(),
  scheme: z.enum(REDIRECT_FLOW_SCHEMES).nullable(),
  session_token: z.string(),
  success_redirect_url: z.string(),
  redirect_url: z.string(),
  confirmation_url: z.string().nullable(),
  mandate_reference: z.string().nullable(),
  metadata: metadataWire,
  links: z.strictObject({
    billing_request: z.string().optional(),
    creditor: z.string(),
    customer: z.string().optional(),
    customer_bank_account: z.string().optional(),
    mandate: z.string().optional(),
  }),
});

export function serializeRedirectFlow(
  row: RedirectFlowRow,
  options: { publicUrl: string; mandateReference?: string | null },
): z.output<typeof redirectFlowWire> {
  const completed = row.status === 'completed';
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    description: row.description,
    scheme: row.scheme ?? null,
    session_token: row.session_token,
    success_redirect_url: row.success_redirect_url,
    redirect_url: `${options.publicUrl}/pay/${row.billing_request_flow_id}`,
    // Once completed, the hosted success page confirms the set-up to the payer in their language.
    confirmation_url: completed ? `${options.publicUrl}/pay/${row.billing_request_flow_id}/success` : null,
    mandate_reference: options.mandateReference ?? null,
    metadata: row.metadata ?? {},
    links: present<z.output<typeof redirectFlowWire>['links']>({
      billing_request: row.billing_request_id,
      creditor: row.creditor_id,
      customer: row.customer_id,
      customer_bank_account: row.customer_bank_account_id,
      mandate: row.mandate_id,
    }),
  };
}

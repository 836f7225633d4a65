import type { RowOf } from '../shared/table';
import type { PrefilledCustomer } from '../flows/types';
import type { Metadata } from '../shared/metadata';
import type { redirectFlowsTable } from './queries';

export const REDIRECT_FLOW_STATUSES = ['created', 'payer_completed', 'completed'] as const;
export type RedirectFlowStatus = (typeof REDIRECT_FLOW_STATUSES)[number];

/** The schemes a redirect flow can set up a mandate in (the public API's `RedirectFlowScheme`). */
export const REDIRECT_FLOW_SCHEMES = [
  'ach',
  'autogiro',
  'bacs',
  'becs',
  'becs_nz',
  'betalingsservice',
  'pad',
  'sepa_core',
] as const;
export type RedirectFlowScheme = (typeof REDIRECT_FLOW_SCHEMES)[number];

/** Public API: a redirect flow must be completed within 30 minutes of its creation. */
export const REDIRECT_FLOW_LIFETIME_MS = 30 * 60_000;

/** A row of `redirect_flows` as stored: its table's declaration. */
export type RedirectFlowRow = RowOf<typeof redirectFlowsTable>;

export interface CreateRedirectFlow {
  session_token: string;
  success_redirect_url: string;
  description?: string | null;
  metadata?: Metadata | null;
  scheme?: RedirectFlowScheme | null;
  links?: { creditor?: string | null } | null;
  prefilled_customer?: (PrefilledCustomer & { language?: string | null; phone_number?: string | null }) | null;
  prefilled_bank_account?: { account_type?: 'savings' | 'checking' | null } | null;
}

export const redirectFlowExpiresAt = (row: Pick<RedirectFlowRow, 'created_at'>) =>
  new Date(row.created_at.getTime() + REDIRECT_FLOW_LIFETIME_MS);

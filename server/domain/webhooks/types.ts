import type { RowOf } from '../shared/table';
import type { TimeRange } from '../shared/pagination';
import type { webhookAttemptsTable } from './outbox-queries';
import type { webhookEndpointsTable } from './queries';

/** A delivery's states; see domain/webhooks/state.ts for the moves between them. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Who is asking: an organisation (its own endpoints only) or the operator at the CLI, who acts on
 * any organisation's endpoint by id, as with access tokens. Merchant-facing callers always pass
 * an organisation id.
 */
export type EndpointScope = { organisationId: string } | 'operator';

/** A merchant's webhook endpoint. `secret` never leaves the server after it is first shown. */
export type WebhookEndpointRow = RowOf<typeof webhookEndpointsTable>;

/** A delivery: the public API's `webhooks` resource, plus the worker's bookkeeping. */
export interface WebhookRow {
  id: string;
  organisation_id: string;
  endpoint_id: string;
  url: string;
  is_test: boolean;
  retry_of: string | null;
  idempotency_key: string;
  event_count: number;
  request_body: string;
  request_headers: Record<string, string>;
  response_code: number | null;
  response_body: string | null;
  response_body_truncated: boolean;
  response_headers: Record<string, string> | null;
  response_headers_content_truncated: boolean;
  response_headers_count_truncated: boolean;
  status: WebhookDeliveryStatus;
  /** Derived from `status` by the database (`status = 'succeeded'`), as the public API shows it. */
  successful: boolean;
  attempts: number;
  next_attempt_at: Date | null;
  lease_expires_at: Date | null;
  claim_token: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A row of `webhook_attempts` as stored: its table's declaration. */
export type WebhookAttemptRow = RowOf<typeof webhookAttemptsTable>;

export interface WebhookFilters {
  createdAt?: TimeRange;
  isTest?: boolean;
  successful?: boolean;
}

import type { TimeRange } from '../shared/pagination';

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
export interface WebhookEndpointRow {
  id: string;
  organisation_id: string;
  url: string;
  secret: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
  rotated_at: Date | null;
}

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

export interface WebhookAttemptRow {
  webhook_id: string;
  attempt: number;
  organisation_id: string;
  attempted_at: Date;
  duration_ms: number;
  response_code: number | null;
  response_body: string | null;
  error: string | null;
  successful: boolean;
}

export interface WebhookFilters {
  createdAt?: TimeRange;
  isTest?: boolean;
  successful?: boolean;
}

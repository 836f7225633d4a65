import { compact, timestamp } from '../shared/serialize';
import type { WebhookRow } from './types';

/** A delivery as the public API's `webhooks` resource shows it; unset optional fields are omitted. */
export function serializeWebhook(row: WebhookRow) {
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    url: row.url,
    is_test: row.is_test,
    successful: row.successful,
    request_body: row.request_body,
    request_headers: row.request_headers,
    response_code: row.response_code,
    response_body: row.response_body,
    response_body_truncated: row.response_body_truncated,
    response_headers: row.response_headers,
    response_headers_content_truncated: row.response_headers_content_truncated,
    response_headers_count_truncated: row.response_headers_count_truncated,
  });
}

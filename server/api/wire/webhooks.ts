import { z } from 'zod';
import type { WebhookRow } from '../../domain/webhooks/types';
import { present, timestamp } from './present';

const headersWire = z.record(z.string(), z.string());

/** A delivery as the public API's `webhooks` resource shows it; unset optional fields are omitted. */
export const webhookWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  url: z.string(),
  is_test: z.boolean(),
  successful: z.boolean(),
  request_body: z.string(),
  request_headers: headersWire,
  response_code: z.number().int().optional(),
  response_body: z.string().optional(),
  response_body_truncated: z.boolean(),
  response_headers: headersWire.optional(),
  response_headers_content_truncated: z.boolean(),
  response_headers_count_truncated: z.boolean(),
});

export function serializeWebhook(row: WebhookRow): z.output<typeof webhookWire> {
  return present({
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

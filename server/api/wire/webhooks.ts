import { z } from 'zod';
import type { WebhookRow } from '../../domain/webhooks/types';
import { timestamp } from './present';

const headersWire = z.record(z.string(), z.string());

/**
 * A delivery as the public API's `webhooks` resource shows it: every field, the response's `null`
 * while no answer came (a refused connection, a timeout), decision 0076.
 */
export const webhookWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  url: z.string(),
  is_test: z.boolean(),
  successful: z.boolean(),
  request_body: z.string(),
  request_headers: headersWire,
  response_code: z.number().int().nullable(),
  response_body: z.string().nullable(),
  response_body_truncated: z.boolean(),
  response_headers: headersWire.nullable(),
  response_headers_content_truncated: z.boolean(),
  response_headers_count_truncated: z.boolean(),
});

export function serializeWebhook(row: WebhookRow): z.output<typeof webhookWire> {
  return {
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
  };
}

import { z } from 'zod';
import type { RequestLog } from '../../domain/request-logs/service';
import { timestamp } from './present';

const jsonBody = (what: string) =>
  z.unknown().describe(`${what} as JSON, bank details, secrets and personal data masked; null when none`);

/** One kept API request (a bankflow extension, decision 0086). */
export const requestLogWire = z.strictObject({
  id: z.string(),
  created_at: z.string().describe('When the request arrived'),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number().int(),
  request_id: z.string().describe('The X-Request-Id it was answered with'),
  idempotency_key: z.string().nullable(),
  token_name: z.string().describe('The name of the access token it authenticated with'),
  request_body: jsonBody('The request body'),
  response_body: jsonBody('The answer (not kept for a successful read: it answers the same again)'),
  body_truncated: z.boolean().describe('A body was larger than a log keeps (64 KiB), so neither is kept'),
  links: z.strictObject({
    events: z.array(z.string()).describe('The events the request recorded'),
    webhooks: z.array(z.string()).describe('The webhooks that carried those events'),
  }),
});

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function serializeRequestLog(log: RequestLog): z.output<typeof requestLogWire> {
  return {
    id: log.id,
    created_at: timestamp(log.created_at),
    method: log.method as z.output<typeof requestLogWire>['method'],
    path: log.path,
    status: log.status,
    duration_ms: log.duration_ms,
    request_id: log.request_id,
    idempotency_key: log.idempotency_key,
    token_name: log.token_name,
    request_body: parsed(log.request_body),
    response_body: parsed(log.response_body),
    body_truncated: log.body_truncated,
    links: { events: log.events.map((e) => e.id), webhooks: log.webhooks.map((w) => w.id) },
  };
}

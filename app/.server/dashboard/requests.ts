import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { RequestLog } from '../../../server/domain/request-logs/service';
import { MASK } from '../../../server/domain/request-logs/masking';
import { actorOf, noStore, signedIn } from './guard';
import { PAGE_SIZE, createdRange, filtersOf, frameOf, owned } from './records';

/**
 * The Requests page (decision 0086): the API's `GET /request_logs` with its filters (status, path,
 * a resource id, a request id, created from/to), and one request whole beside the events it
 * recorded and the webhooks that carried them. Re-sending is a command the developer runs with
 * their own token, offered in the sandbox only and only when the kept request is the whole
 * request: a GET, or a body with nothing masked (a masked body cannot be sent again as it was).
 */
const id = z
  .string()
  .regex(/^[A-Z0-9]{1,40}$/)
  .optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(d)))
  .optional();
const requestFilter = z.object({
  after: id,
  before: id,
  status: z
    .string()
    .regex(/^[1-5]\d\d$/)
    .transform(Number)
    .optional(),
  path: z
    .string()
    .regex(/^\/[\x21-\x7e]{0,1999}$/)
    .optional(),
  resource: id,
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,200}$/)
    .optional(),
  from: day,
  to: day,
});
type RequestFilter = z.infer<typeof requestFilter>;

const at = (d: Date) => new Date(d).toISOString().slice(0, 19).replace('T', ' ');
const row = (log: RequestLog) => ({
  id: log.id,
  created: at(log.created_at),
  method: log.method,
  path: log.path,
  status: log.status,
  durationMs: log.duration_ms,
  token: log.token_name,
});

export async function presentRequests(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, requestFilter);
  const f = values as RequestFilter;
  const page = bad.length
    ? { items: [], cursors: { before: null, after: null } }
    : await args.context.services.requestLogs.list(
        args.context.services.db,
        actorOf(who.user),
        { status: f.status, path: f.path, resource: f.resource, requestId: f.request_id, createdAt: createdRange(f) },
        { after: f.after, before: f.after ? undefined : f.before, limit: PAGE_SIZE },
      );
  return json(
    {
      frame: frameOf(who),
      filter: f,
      bad,
      query: new URL(args.request.url).search,
      rows: page.items.map(row),
      cursors: page.cursors,
    },
    { status: bad.length ? 400 : 200, headers: noStore() },
  );
}

const pretty = (text: string | null) => (text === null ? null : JSON.stringify(JSON.parse(text), null, 2));

/** Single quotes for a POSIX shell: `'` closes, an escaped quote, reopens. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The command that sends the request again with the developer's own `$TOKEN`, as the README's
 * quick start exports it; a POST gets a new idempotency key, so it is a new request, not a replay
 * answered from the first one's key.
 */
function resendCommand(log: RequestLog, versionHeader: string): string | null {
  if (log.body_truncated || log.request_body?.includes(JSON.stringify(MASK))) return null;
  const lines = [
    `curl -sS --cacert "$NODE_EXTRA_CA_CERTS" -X ${log.method} "$BASE"${quoted(log.path)}`,
    `-H "Authorization: Bearer $TOKEN" -H ${quoted(`${versionHeader}: 2015-07-06`)} -H 'Accept: application/json'`,
  ];
  if (log.method === 'POST') lines.push(`-H "Idempotency-Key: $(node -e 'console.log(crypto.randomUUID())')"`);
  if (log.request_body !== null) lines.push(`-H 'Content-Type: application/json' -d ${quoted(log.request_body)}`);
  return lines.join(' \\\n  ');
}

export async function presentRequest(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const log = await owned(who, () =>
    args.context.services.requestLogs.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );
  const sandbox = args.context.services.environment === 'sandbox';
  return json(
    {
      frame: frameOf(who),
      request: {
        ...row(log),
        requestId: log.request_id,
        idempotencyKey: log.idempotency_key,
        truncated: log.body_truncated,
        requestBody: pretty(log.request_body),
        responseBody: pretty(log.response_body),
      },
      events: log.events,
      webhooks: log.webhooks,
      sandbox,
      resend: sandbox ? resendCommand(log, args.context.config.versionHeader) : null,
    },
    { headers: noStore() },
  );
}

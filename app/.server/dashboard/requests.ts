import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { RequestLog } from '../../../server/domain/request-logs/service';
import { MASK } from '../../../server/domain/request-logs/masking';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { actorOf, adminForm, noStore, signedIn, type SignedIn } from './guard';
import { PAGE_SIZE, createdRange, filtersOf, frameOf, owned } from './records';

/**
 * The Requests page (decision 0086): the API's `GET /request_logs` with its filters (status, path,
 * a resource id, a request id, created from/to), and one request whole beside the events it
 * recorded and the webhooks that carried them. In the sandbox a request can be sent again, when
 * the kept request is the whole request (a GET, or a body with nothing masked: a masked body
 * cannot be sent again as it was): from the page, through the API in-process as the token that
 * sent it (decision 0094), or as a command the developer runs with their own token.
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

/**
 * Why the kept request cannot be sent again as it was, or undefined when it can: a body too large
 * to keep, or anything masked in it (a whole field's value or a part of a string, decision 0086).
 */
function unsendable(log: RequestLog): 'truncated' | 'masked' | undefined {
  if (log.body_truncated) return 'truncated';
  if (log.request_body?.includes(MASK)) return 'masked';
  return undefined;
}

/** Single quotes for a POSIX shell: `'` closes, an escaped quote, reopens. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The command that sends the request again with the developer's own `$TOKEN`, as the README's
 * quick start exports it; a POST gets a new idempotency key, so it is a new request, not a replay
 * answered from the first one's key.
 */
function resendCommand(log: RequestLog, versionHeader: string): string | null {
  if (unsendable(log)) return null;
  const lines = [
    `curl -sS --cacert "$NODE_EXTRA_CA_CERTS" -X ${log.method} "$BASE"${quoted(log.path)}`,
    `-H "Authorization: Bearer $TOKEN" -H ${quoted(`${versionHeader}: 2015-07-06`)} -H 'Accept: application/json'`,
  ];
  if (log.method === 'POST') lines.push(`-H "Idempotency-Key: $(node -e 'console.log(crypto.randomUUID())')"`);
  if (log.request_body !== null) lines.push(`-H 'Content-Type: application/json' -d ${quoted(log.request_body)}`);
  return lines.join(' \\\n  ');
}

const readLog = (args: LoaderFunctionArgs, who: SignedIn) =>
  owned(who, () =>
    args.context.services.requestLogs.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );

/** The page after a re-send: the new request, naming the one it repeated (an id, or nothing). */
const resentFrom = (request: Request) => {
  const from = new URL(request.url).searchParams.get('resent_from');
  return from && /^RL[A-Z0-9]{26}$/.test(from) ? from : null;
};

export async function presentRequest(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json(await requestPage(args, who, await readLog(args, who)), { headers: noStore() });
}

async function requestPage(args: LoaderFunctionArgs, who: SignedIn, log: RequestLog) {
  const sandbox = args.context.services.environment === 'sandbox';
  const refusal = unsendable(log) ?? (log.access_token_id ? undefined : 'no_token');
  return {
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
    /** Why the page cannot send it again (the command may still be offered: it needs no token of ours). */
    resendRefusal: refusal ?? null,
    resentFrom: resentFrom(args.request),
  };
}

/** Why a re-send was refused, each with its sentence (the page shows it and nothing was sent). */
const RESEND_REFUSALS = {
  live: 'requests.resend_live',
  masked: 'requests.resend_masked',
  truncated: 'requests.resend_truncated',
  no_token: 'requests.resend_no_token',
  unlogged: 'requests.resend_unlogged',
} as const;

/**
 * The page's "Send it again" (decision 0094): an admin's POST with the session's CSRF token, in
 * the sandbox only, of a request kept whole and made with a token the log names. The request goes
 * through the API pipeline in-process as that token, a POST with a fresh idempotency key, and the
 * page of the new request's log follows (303). A refusal is the page again (422) with its
 * sentence and reason, and nothing sent. The API's own answer, a refusal too, is the new request's.
 */
export async function resendRequest(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const log = await readLog(args, who);
  const refuse = async (reason: keyof typeof RESEND_REFUSALS, status?: number) => {
    const page = await requestPage(args, who, log);
    const error = dashboardTranslator(who.language)(RESEND_REFUSALS[reason], { status: status ?? 0 });
    return json({ ...page, error, reason }, { status: 422, headers: noStore() });
  };
  if (args.context.services.environment !== 'sandbox') return refuse('live');
  const why = unsendable(log) ?? (log.access_token_id ? undefined : 'no_token');
  const replay = args.context.replayRequest;
  if (why) return refuse(why);
  if (!replay) throw new Error('the dashboard was built without the API re-send');
  const sent = await replay({
    method: log.method,
    path: log.path,
    body: log.request_body,
    tokenId: log.access_token_id!,
    clientAddress: args.context.clientAddress ?? '127.0.0.1',
  });
  // Turned away before its organisation was known (its token revoked meanwhile): no log to show.
  if (!sent.requestLogId) return refuse('unlogged', sent.status);
  return redirect(`/dashboard/developers/requests/${sent.requestLogId}?resent_from=${log.id}`, {
    status: 303,
    headers: noStore(),
  });
}

import { randomBytes, randomUUID } from 'node:crypto';
import { systemClock } from '../../domain/shared/clock';
import { createIdGenerator } from '../../domain/shared/ids';
import { webhookBody } from '../../domain/webhooks/deliveries';
import { sendDelivery } from '../../jobs/webhook-attempt';
import { createHttpsSender } from '../../jobs/webhook-sender';
import { ApiCommandError, ApiRefusal, type ApiConnection } from './connection';
import { EVENT_COLUMNS, UsageProblem } from './resources';
import { table } from './table';

type Row = Record<string, unknown>;
type Print = (human: string, data: unknown) => void;
interface EventsPage {
  events: Row[];
  meta: { cursors: { before: string } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows the organisation's new events from now on through `GET /events/wait` (a bankflow
 * extension): one request at a time on the connection's one socket, each held by the server until
 * an event comes or `wait` seconds pass. `onEvents` gets each batch oldest first, and the next
 * request waits for it. `onFollowing` runs once the first answer has set the cursor: from then on
 * no event is missed, so that is when the command says it is following. A lost server is retried
 * every 2 s; a refusal (a revoked token) ends it.
 */
export async function followEvents(
  api: ApiConnection,
  handlers: { onFollowing: () => void; onEvents: (events: Row[]) => Promise<void> },
  warn: (line: string) => void,
): Promise<never> {
  const { onFollowing, onEvents } = handlers;
  let cursor: string | undefined;
  for (;;) {
    try {
      const path = cursor ? `/events/wait?before=${encodeURIComponent(cursor)}&limit=250` : '/events/wait';
      const page = await api.request<EventsPage>('GET', path);
      if (!cursor) onFollowing();
      cursor = page.meta.cursors.before;
      if (page.events.length) await onEvents(page.events.reverse());
    } catch (error) {
      if (error instanceof ApiRefusal || !(error instanceof ApiCommandError)) throw error;
      warn(`${error.message} — trying again in 2 s`);
      await sleep(2_000);
    }
  }
}

/** `events tail`: each new event as a table line (or a JSON line), optionally only some. */
export function tailEvents(
  api: ApiConnection,
  filters: { resourceType?: string; action?: string },
  json: boolean,
  warn: (line: string) => void,
): Promise<never> {
  return followEvents(
    api,
    {
      onFollowing: () => process.stderr.write(`Following the events of ${api.url} (Ctrl-C to stop).\n`),
      onEvents: async (events) => {
        for (const event of events) {
          if (filters.resourceType && event.resource_type !== filters.resourceType) continue;
          if (filters.action && event.action !== filters.action) continue;
          // One line per event: the table's row without its heading.
          process.stdout.write(`${json ? JSON.stringify(event) : table([event], EVENT_COLUMNS).split('\n')[1]}\n`);
        }
      },
    },
    warn,
  );
}

/** Attempts of one forwarded delivery: the first and four retries, 1 s, 2 s, 4 s and 8 s apart. */
const ATTEMPTS = 5;
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * `listen --forward-to URL`: each batch of new events is POSTed to the local URL as a real webhook
 * is — the same body (`{"events": […], "meta": {"webhook_id": "WB…"}}`), headers and
 * `Webhook-Signature`, sent by the worker's own `sendDelivery` — signed with a secret made for this
 * run and printed at its start. A failed attempt is retried (1 s, doubling, 5 attempts in all)
 * before the next batch goes; nothing is written on the server.
 */
export async function listen(
  api: ApiConnection,
  forwardTo: string | undefined,
  print: Print,
  warn: (line: string) => void,
): Promise<never> {
  if (!forwardTo) throw new UsageProblem('--forward-to is required (e.g. --forward-to http://localhost:8080/webhooks)');
  let target: URL;
  try {
    target = new URL(forwardTo);
  } catch {
    throw new UsageProblem(`--forward-to ${forwardTo} is not a URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new UsageProblem('--forward-to takes an http(s) URL');
  const secret = randomBytes(32).toString('base64url');
  // Your own machine is where events go: loopback is allowed (internal networks still are not).
  const sender = createHttpsSender({ allowLoopback: true });
  const ids = createIdGenerator(systemClock);
  const stopping = new AbortController().signal;
  const following = () =>
    print(
      `Forwarding the events of ${api.url} to ${target.href} (Ctrl-C to stop).\nWebhook signing secret for this run: ${secret}`,
      { forward_to: target.href, secret },
    );

  return followEvents(
    api,
    {
      onFollowing: following,
      onEvents: async (events) => {
        const webhookId = ids('webhook');
        const delivery = {
          url: target.href,
          request_body: webhookBody(events, webhookId),
          idempotency_key: randomUUID(),
        };
        const summary = events.map((e) => `${e.resource_type} ${e.action} ${e.id}`).join(', ');
        for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
          const outcome = await sendDelivery(
            { delivery, secret },
            { sender, clock: systemClock, timeoutMs: FORWARD_TIMEOUT_MS, stopping },
          );
          const answer = outcome.status ?? outcome.error;
          if (outcome.ok) {
            print(`${webhookId} → ${answer}: ${summary}`, {
              webhook_id: webhookId,
              attempt,
              status: outcome.status,
              events: events.map((e) => e.id),
            });
            return;
          }
          if (attempt === ATTEMPTS) {
            warn(`${webhookId} failed ${ATTEMPTS} times (last: ${answer}); going on with the next events: ${summary}`);
            return;
          }
          const delayMs = 1_000 * 2 ** (attempt - 1);
          warn(`${webhookId} attempt ${attempt} → ${answer}; retrying in ${delayMs / 1000} s`);
          await sleep(delayMs);
        }
      },
    },
    warn,
  );
}

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/db';
import type { Clock } from '../domain/shared/clock';
import { oldestDueTransition } from '../domain/shared/schedule';
import { webhookBacklog } from '../domain/webhooks/outbox-queries';
import type { OutcomeCounts } from '../outcome-counts';
import type { ConnectionTracker } from './connection-limits';
import packageJson from '../../package.json';

/**
 * Prometheus metrics (prom-client), one registry per server so tests can run several in a process.
 * The gauges that need the database read it when scraped, never on a request path.
 */
export function createMetrics(deps: {
  db: Database;
  clock: Clock;
  connections: ConnectionTracker;
  /** Request logs lost so far (server/domain/request-logs/writer.ts). */
  requestLogsDropped?: () => number;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bankflow_' });
  // prom-client names three gauges `…_total`, which Prometheus keeps for counters (promtool flags
  // them); each is the sum over the by-type gauge beside it (`bankflow_nodejs_active_handles`).
  for (const kind of ['handles', 'requests', 'resources'])
    registry.removeSingleMetric(`bankflow_nodejs_active_${kind}_total`);

  const requests = new Counter({
    name: 'bankflow_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'bankflow_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'bankflow_rate_limit_refusals_total',
    help: 'Requests answered 429 by a rate limit: api (per organisation or address) or payer (per address).',
    labelNames: ['limit'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'bankflow_db_pool_connections',
    help: 'Postgres pool connections by state (total, idle, waiting clients); absent on PGlite.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'bankflow_http_connections_open',
    help: 'Client connections open now.',
    registers: [registry],
    collect() {
      this.set(deps.connections.open());
    },
  });
  // The tracker counts refusals as they happen; a scrape adds what it counted since the last one.
  let refusedCounted = 0;
  new Counter({
    name: 'bankflow_http_connections_refused_total',
    help: 'Connections closed at once because the total or per-address cap was reached.',
    registers: [registry],
    collect() {
      const refused = deps.connections.refused();
      if (refused > refusedCounted) this.inc(refused - refusedCounted);
      refusedCounted = refused;
    },
  });
  let droppedCounted = 0;
  new Counter({
    name: 'bankflow_request_logs_dropped_total',
    help: 'API request logs not kept: the queue was full, or their batch could not be written.',
    registers: [registry],
    collect() {
      const dropped = deps.requestLogsDropped?.() ?? 0;
      if (dropped > droppedCounted) this.inc(dropped - droppedCounted);
      droppedCounted = dropped;
    },
  });
  new Gauge({
    name: 'bankflow_build_info',
    help: 'Always 1: the running version of bankflow and of node, as labels.',
    labelNames: ['version', 'node_version'] as const,
    registers: [registry],
  }).set({ version: packageJson.version, node_version: process.version }, 1);

  const webhookAttempts = new Counter({
    name: 'bankflow_webhook_attempts_total',
    help: 'Webhook requests by outcome: delivered (2xx), http_error (another status), no_response (network error or timeout).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const mailSends = new Counter({
    name: 'bankflow_mail_sends_total',
    help: 'Mails handed to SMTP or the sandbox mailbox, by outcome: sent or failed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const schemeClockMoves = new Counter({
    name: 'bankflow_scheme_clock_moves_total',
    help: 'Scheduled state moves the scheme clock committed, by outcome: applied or failed (retried later).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Every outcome's series exists from the start, so a rate() sees its first increase.
  for (const outcome of ['delivered', 'http_error', 'no_response']) webhookAttempts.inc({ outcome }, 0);
  for (const outcome of ['sent', 'failed']) mailSends.inc({ outcome }, 0);
  for (const outcome of ['applied', 'failed']) schemeClockMoves.inc({ outcome }, 0);
  const counts: OutcomeCounts = {
    webhookAttempt: ({ ok, status }) =>
      webhookAttempts.inc({ outcome: ok ? 'delivered' : status !== undefined ? 'http_error' : 'no_response' }),
    mailSend: (outcome) => mailSends.inc({ outcome }),
    schemeClockMoves(applied, failed) {
      if (applied) schemeClockMoves.inc({ outcome: 'applied' }, applied);
      if (failed) schemeClockMoves.inc({ outcome: 'failed' }, failed);
    },
  };

  const ageSeconds = (since: Date | null) =>
    since ? Math.max(0, (deps.clock.now().getTime() - since.getTime()) / 1000) : 0;
  const webhookGauges = {
    backlog: new Gauge({
      name: 'bankflow_webhook_backlog',
      help: 'Events waiting to be batched plus deliveries still to be sent or retried.',
      registers: [registry],
    }),
    lag: new Gauge({
      name: 'bankflow_webhook_delivery_lag_seconds',
      help: 'Age of the oldest event or delivery not yet delivered (0 when nothing waits).',
      registers: [registry],
    }),
  };
  const schemeClockLag = new Gauge({
    name: 'bankflow_scheme_clock_lag_seconds',
    help: 'How long the oldest due scheduled state move has waited to be applied (0 when none).',
    registers: [registry],
  });

  // Each label set's two series, found once: prom-client hashes a label object on every call.
  const series = new Map<string, { count: () => void; time: (seconds: number) => void }>();
  const seriesOf = (route: string, method: string, status: number) => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      const labels = { route, method, status: String(status) };
      const counter = requests.labels(labels);
      const histogram = latency.labels(labels);
      found = { count: () => counter.inc(), time: (seconds) => histogram.observe(seconds) };
      // Labels are bounded (route templates, not paths); the bound here is only a second guard.
      if (series.size < 2000) series.set(key, found);
    }
    return found;
  };

  return {
    registry,
    /** Background work's outcomes, handed to the services (server/outcome-counts.ts). */
    counts,
    observeRequest(route: string, method: string, status: number, seconds: number) {
      const labelled = seriesOf(route, method, status);
      labelled.count();
      labelled.time(seconds);
    },
    countRateLimitRefusal: (limit: 'api' | 'payer') => rateLimitRefusals.inc({ limit }),
    /** The text a scrape receives; the database-backed gauges are read now. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      const [backlog, oldestDue] = await Promise.all([
        webhookBacklog(deps.db),
        oldestDueTransition(deps.db, deps.clock.now()),
      ]);
      webhookGauges.backlog.set(backlog.count);
      webhookGauges.lag.set(ageSeconds(backlog.oldest));
      schemeClockLag.set(ageSeconds(oldestDue));
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const ID_SEGMENT = /^[A-Z]{2,4}[0-9A-Z]{20,}$/;
/** A dashboard one-time link (welcome, reset, invitation): its secret is neither a label nor logged. */
const ONE_TIME_LINK = /^(\/dashboard\/(?:welcome|reset|invitations))\/[^/]+$/;

/**
 * A bounded label for a page path: ids become `:id`, one-time links' secrets `:token`, assets one
 * label. Unknown paths are `unmatched` (decided by the caller from the status), so a scan cannot
 * grow the series. The page request log line carries the same label, so no link is ever logged.
 */
export function pageRouteLabel(pathname: string): string {
  if (pathname.startsWith('/assets/')) return '/assets/*';
  const link = ONE_TIME_LINK.exec(pathname);
  if (link) return `${link[1]}/:token`;
  return pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

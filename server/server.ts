import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Config } from './config';
import { loadBankDetailsKey } from './bank-details-key';
import { createServices, type Services } from './container';
import type { Database } from './db/db';
import { migrate } from './db/migrate';
import { recordPublicUrl } from './domain/server-facts/queries';
import { openDatabase } from './db/open';
import { bootstrap, type BootstrapResult } from './bootstrap';
import { systemClock, type Clock } from './domain/shared/clock';
import { createApiHandler } from './api/pipeline';
import { createApiReplay, type ApiReplay } from './api/replay';
import { createRouter } from './api/router';
import { apiRoutes } from './api/routes';
import { createRateLimiter, MemoryRateLimitStore, type RateLimitStore } from './api/rate-limit';
import { BatchedPostgresRateLimitStore } from './api/rate-limit-batched';
import { createHttpApp, type PageHandler } from './http/app';
import { createEdge } from './http/edge';
import { loadTlsMaterial } from './http/tls';
import { startMaintenance } from './jobs/maintenance';
import { createRequestLogWriter, type RequestLogWriter } from './domain/request-logs/writer';
import { startPgliteAnalyze } from './db/pglite-analyze';
import { diskFullEpisodes } from './disk-full-episodes';
import { createLogger, type Logger } from './logger';
import { createConnectionTracker, timeoutOptions } from './http/connection-limits';
import { createMetrics } from './http/metrics';
import { createSchemeClock, schemeClockHandlers, type SchemeClock } from './jobs/scheme-clock';
import { createMandateImportWorker, type MandateImportWorker } from './jobs/mandate-import-processing';
import {
  createOutboundPaymentImportWorker,
  type OutboundPaymentImportWorker,
} from './jobs/outbound-payment-import-processing';
import { createPayoutRunner, type PayoutRunner } from './jobs/payouts';
import { createExportWorker, type ExportWorker } from './jobs/exports';
import { pollingLoop } from './jobs/polling-loop';
import { createJobLease } from './jobs/job-lease';
import type { Mailer } from './domain/notifications/mailer';
import { readFileSync } from 'node:fs';
import { createWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from './jobs/webhook-delivery';

export interface StartOptions {
  config: Config;
  /** A database to use instead of opening the configured one (tests). Closed with the server. */
  db?: Database;
  clock?: Clock;
  logger?: Logger;
  /** Builds the page handler (Remix) around the services once they exist, and the API's in-process re-send (decision 0094). */
  pages?: (services: Services, replay: ApiReplay) => PageHandler;
  clientAssetsDir?: string;
  rateLimitPerMinute?: number;
  requestTimeoutMs?: number;
  /** How long the payer pages may show a creditor as read (default 1 s); tests make it long. */
  recentReadTtlMs?: number;
  /** Held before migrating, so a test can watch the server answer while it is not yet ready. */
  holdStartup?: Promise<void>;
  /** Request logs: how often the queue is written (default 1 s), its bound, and a hold before each write (tests). */
  requestLogs?: { flushEveryMs?: number; maxQueued?: number; holdWrites?: () => Promise<void> };
  mailer?: Mailer;
  /** How often the payer-notice sender looks for due mail (default 500 ms; 0 = tests drive `services.deliverNotifications()`). */
  notificationIntervalMs?: number;
  /** PGlite: how often grown tables are analysed (default 10 s; 0 = only `analyzeGrownTables()`, tests). */
  analyzeIntervalMs?: number;
  /** How often the scheme clock applies due moves; default 500 ms in the sandbox, 5 s in live. Tests pass 0 to drive it themselves. */
  schemeClockIntervalMs?: number;
  /**
   * Webhook delivery: an injected sender (tests: one trusting their receiver's certificate), timeouts,
   * and how often it looks for work (default 500 ms; 0 = tests drive `webhookWorker.runDue()`).
   */
  /**
   * Host-to-host delivery over SFTP (decision 0082): how often uploads and report pulls run
   * (default 60 s, off when the scheme clock is; 0 = tests drive `services.bankTransport`), and
   * one session's time budget (default 30 s).
   */
  bankTransport?: { intervalMs?: number; timeoutMs?: number };
  webhookDelivery?: Partial<
    Pick<WebhookWorkerOptions, 'sender' | 'timeoutMs' | 'leaseMs' | 'concurrency' | 'retryPeriodMs'>
  > & {
    intervalMs?: number;
  };
}

export interface RunningServer {
  url: string;
  httpUrl?: string;
  services: Services;
  schemeClock: SchemeClock;
  /** Makes and pays payouts; tests that pass `schemeClockIntervalMs: 0` drive `runDue()` themselves. */
  payoutRunner: PayoutRunner;
  webhookWorker: WebhookWorker;
  /** Processes submitted mandate imports once the scheme clock starts them; runs with the scheme clock. */
  mandateImportWorker: MandateImportWorker;
  /** Makes the outbound payments of imports authorised in the dashboard; runs with the scheme clock. */
  outboundPaymentImportWorker: OutboundPaymentImportWorker;
  /** Builds exports' CSVs page by page; runs with the scheme clock. */
  exportWorker: ExportWorker;
  /** PGlite only: analyses the tables grown since their statistics (runs every 10 s by itself). */
  analyzeGrownTables(): Promise<string[]>;
  /** The request logs' queue (decision 0086): `flush()` writes what is queued, `dropped()` counts losses. */
  requestLogs: RequestLogWriter;
  /** Runs the housekeeping job once (purges, token uses), as its timer does every minute. */
  runMaintenance(): Promise<void>;
  /** Resolves once migrations ran and the server answers requests; carries the first-start token. */
  ready: Promise<BootstrapResult>;
  close(): Promise<void>;
}

/**
 * During shutdown an answer goes out with `Connection: close` and its connection ends with it, so
 * the drain is over once the last request in flight is answered, not when the grace period ends
 * (a keep-alive connection would otherwise stay open, idle, until it is cut).
 */
function drainAwareResponse(draining: () => boolean) {
  return class DrainAwareResponse extends http.ServerResponse {
    override writeHead(...args: unknown[]): this {
      if (draining() && !this.headersSent) this.setHeader('connection', 'close');
      return (super.writeHead as (...a: unknown[]) => this)(...args);
    }
  };
}

/**
 * Starts the whole service: storage, domain services, the API and pages on HTTPS, the optional
 * plain-HTTP listener, and background jobs. Listening starts at once (so /health can say 503);
 * migrations and bootstrap follow, then the server reports ready.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const diskFull = diskFullEpisodes(options.logger ?? createLogger(config.logLevel));
  const logger = diskFull.logger;
  const clock = options.clock ?? systemClock;
  const db = options.db ?? (await openDatabase(config));
  const connections = createConnectionTracker(config.limits);
  const requestLogs = createRequestLogWriter({
    db,
    logger,
    flushEveryMs: options.requestLogs?.flushEveryMs,
    maxQueued: options.requestLogs?.maxQueued,
    holdWrites: options.requestLogs?.holdWrites,
  });
  const metrics = createMetrics({ db, clock, connections, requestLogsDropped: requestLogs.dropped });
  const services = createServices({
    db,
    clock,
    logger,
    environment: config.environment,
    publicUrl: config.publicUrl,
    mailer: options.mailer,
    mail: {
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      timeoutMs: config.mail.timeoutMs,
      dkim: config.mail.dkim && {
        domainName: config.mail.dkim.domainName,
        keySelector: config.mail.dkim.keySelector,
        privateKey: readFileSync(config.mail.dkim.privateKeyFile, 'utf8'),
      },
    },
    bankDetailsKey: loadBankDetailsKey(config.bankDetailsKey, config.dataDir),
    recentReadTtlMs: options.recentReadTtlMs,
    counts: metrics.counts,
    webhookAllowLoopback: config.webhookAllowLoopback,
    bankTransportTimeoutMs: options.bankTransport?.timeoutMs,
  });
  const { intervalMs: webhookIntervalMs, ...webhookOptions } = options.webhookDelivery ?? {};
  const webhookWorker = createWebhookWorker({
    db,
    clock,
    logger,
    ids: services.ids,
    counts: services.counts,
    timeoutMs: config.webhookTimeoutMs,
    allowLoopback: config.environment === 'sandbox' && config.webhookAllowLoopback,
    ...webhookOptions,
  });
  const schemeClock = createSchemeClock({
    db,
    clock,
    logger,
    counts: services.counts,
    handlers: schemeClockHandlers(services),
  });
  // A sandbox organisation's imports are processed on its test clock, as its requests are served (decision 0079).
  const clocked = (organisationId: string) => services.sandboxClocks.servicesFor(db, organisationId);
  const mandateImportWorker = createMandateImportWorker({
    db,
    logger,
    mandateImports: services.mandateImports,
    importsOf: async (organisationId) => (await clocked(organisationId))?.mandateImports,
  });
  const outboundPaymentImportWorker = createOutboundPaymentImportWorker({
    db,
    logger,
    outboundPaymentImports: services.outboundPaymentImports,
    importsOf: async (organisationId) => (await clocked(organisationId))?.outboundPaymentImports,
  });

  const exportWorker = createExportWorker({ db, logger, services });

  const payoutRunner = createPayoutRunner({ db, logger, payouts: services.payouts });
  // The file bank's cut-offs: each creditor's day's file once its bank's cut-off time has passed.
  const bankCutoffs = pollingLoop(
    'bank submissions',
    () => services.bankSubmissions.runDue(),
    logger,
    createJobLease(db, 'bank_submissions'),
  );
  // Their outside effect, after the cut-off's commit: files uploaded over SFTP, reports pulled back.
  const bankTransport = pollingLoop(
    'bank transport',
    () => services.bankTransport.runDue(),
    logger,
    createJobLease(db, 'bank_transport'),
  );

  let ready = false;
  const isReady = () => ready;
  const store: RateLimitStore =
    db.kind === 'postgres' ? new BatchedPostgresRateLimitStore(db) : new MemoryRateLimitStore();
  const rateLimiter = createRateLimiter(store, clock, options.rateLimitPerMinute ?? config.rateLimitPerMinute);
  const router = createRouter(apiRoutes);
  const api = createApiHandler({
    services,
    config,
    router,
    rateLimiter,
    isReady,
    requestTimeoutMs: options.requestTimeoutMs,
    diskFull,
    requestLogs,
  });
  const app = createHttpApp({
    services,
    config,
    api,
    pages: options.pages?.(services, createApiReplay({ api, config, ids: services.ids, requestLogs })),
    clientAssetsDir: options.clientAssetsDir,
    isReady,
    metrics,
    payerRateLimiter: createRateLimiter(store, clock, config.payerRateLimitPerMinute),
  });
  // Every request's one way in: the API on node's objects, the rest through the page app (decision 0066).
  const listener = createEdge({ services, config, metrics, api, router, web: app.fetch });

  const tls = await loadTlsMaterial({
    certFile: config.tlsCertFile,
    keyFile: config.tlsKeyFile,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
  });
  // Slow clients: headers within 10 s, the whole request within 30 s, idle keep-alive connections
  // kept 10 minutes (spec), connections capped in total and per address (server/http/connection-limits.ts).
  let draining = false;
  const timeouts = { ...timeoutOptions(config.limits), ServerResponse: drainAwareResponse(() => draining) };
  const httpsServer = https.createServer({ cert: tls.cert, key: tls.key, ...timeouts }, listener);
  const plainServer = config.httpPort !== undefined ? http.createServer(timeouts, listener) : undefined;
  connections.watch(httpsServer);
  if (plainServer) connections.watch(plainServer);

  const listen = (server: http.Server | https.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.host, () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(httpsServer, config.port);
  const httpPort = plainServer ? await listen(plainServer, config.httpPort!) : undefined;
  const localHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  let maintenance: ReturnType<typeof startMaintenance> | undefined;
  let analyzer: ReturnType<typeof startPgliteAnalyze> | undefined;
  const readyPromise = (async () => {
    await options.holdStartup;
    const applied = await migrate(db);
    if (applied.length) logger.info('migrations applied', { migrations: applied });
    // The CLI prints links (a first admin's) on the address this server answers on.
    await recordPublicUrl(db, config.publicUrl, services.clock.now());
    const result = await bootstrap(services, config);
    maintenance = startMaintenance(services, rateLimiter, { requestLogDays: config.requestLogDays });
    requestLogs.start();
    // PGlite has no autovacuum: keep its planner statistics up with the data (decision 0044).
    analyzer = startPgliteAnalyze(db, logger, options.analyzeIntervalMs);
    const interval = options.schemeClockIntervalMs ?? (config.environment === 'sandbox' ? 500 : 5000);
    if (interval > 0) schemeClock.start(interval);
    if (interval > 0) mandateImportWorker.start(interval);
    if (interval > 0) outboundPaymentImportWorker.start(interval);
    if (interval > 0) payoutRunner.start(interval);
    if (interval > 0 && config.environment === 'sandbox') services.sandboxClocks.start(interval);
    if (interval > 0) exportWorker.start(interval);
    if (interval > 0) bankCutoffs.start(interval);
    const transportInterval = options.bankTransport?.intervalMs ?? (interval > 0 ? 60_000 : 0);
    if (transportInterval > 0) bankTransport.start(transportInterval);
    if ((webhookIntervalMs ?? 500) > 0) webhookWorker.start(webhookIntervalMs ?? 500);
    if ((options.notificationIntervalMs ?? 500) > 0)
      services.deliverNotifications.start(options.notificationIntervalMs ?? 500);
    ready = true;
    return result;
  })();
  // A failed start is reported through `ready`; keep it from being an unhandled rejection meanwhile.
  readyPromise.catch(() => {});

  // Stop accepting, let requests in flight finish (idle keep-alive sockets close at once), and
  // only cut what is still open after the grace period; the database closes after that.
  const closeServer = (server: http.Server | https.Server, graceMs = 10_000) =>
    new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });

  return {
    url: `https://${localHost}:${port}`,
    httpUrl: httpPort !== undefined ? `http://${localHost}:${httpPort}` : undefined,
    services,
    schemeClock,
    payoutRunner,
    webhookWorker,
    mandateImportWorker,
    outboundPaymentImportWorker,
    exportWorker,
    analyzeGrownTables: async () => (await analyzer?.run()) ?? [],
    requestLogs,
    runMaintenance: async () => maintenance?.run(),
    ready: readyPromise,
    async close() {
      draining = true;
      // Stop accepting at once; requests and webhook attempts in flight share one grace period
      // (SHUTDOWN_GRACE_MS), after which what is still open is cut and the database closes.
      const graceMs = config.shutdownGraceMs ?? 10_000;
      const listeners = Promise.all([
        closeServer(httpsServer, graceMs),
        plainServer ? closeServer(plainServer, graceMs) : Promise.resolve(),
      ]);
      maintenance?.stop();
      analyzer?.stop();
      await Promise.all([
        schemeClock.stop(),
        mandateImportWorker.stop(),
        outboundPaymentImportWorker.stop(),
        exportWorker.stop(),
        bankCutoffs.stop(),
        bankTransport.stop(),
        payoutRunner.stop(),
        services.sandboxClocks.stop(),
        webhookWorker.stop(graceMs),
        services.deliverNotifications.stop(),
        listeners,
      ]);
      await readyPromise.catch(() => {});
      // Every answered request's log, written before the store closes.
      await requestLogs.close();
      // The SMTP transport's pooled connections (the mailbox and test mailers have none).
      (services.mailer as { close?: () => void }).close?.();
      await store.close?.();
      await db.close();
    },
  };
}

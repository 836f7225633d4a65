/**
 * `npm run fault:webhooks` (issue 40, "Fuzz and fault suite kept"; figures in docs/bad-input.md,
 * "Outbound"): the webhook worker against hostile receivers while a full garbage collection runs
 * every second (FAULT_GC_MS; the script runs under `node --expose-gc`). One organisation per receiver: healthy,
 * silent (reads the request, never answers), slow (answers after 60 % of the timeout), always 500,
 * and redirecting (302 to a canary on this machine, which must never be reached). Test deliveries
 * are queued to every endpoint for FAULT_SECONDS; the healthy one's delay is measured from the
 * moment its delivery was committed. Then internal addresses: every spelling refused at
 * registration, and endpoints stored before the rule (loopback literals, mapped IPv6, a name
 * resolving to 127.0.0.1) refused at connection time by a worker without loopback allowed.
 * Every target is on 127.0.0.1; nothing is sent anywhere else. Exits 1 if a bound fails.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from 'selfsigned';
import { loadConfig } from '../server/config';
import { checkEndpointUrl } from '../server/domain/webhooks/endpoints';
import { insertEndpoint } from '../server/domain/webhooks/queries';
import { createWebhookWorker } from '../server/jobs/webhook-delivery';
import { createHttpsSender } from '../server/jobs/webhook-sender';
import { createLogger } from '../server/logger';
import { startServer } from '../server/server';

export interface FaultOptions {
  seconds: number;
  timeoutMs: number;
  /** Test deliveries queued to each endpoint per second. */
  perSecond: number;
  /** A full garbage collection this often. */
  gcEveryMs: number;
}

type Kind = 'healthy' | 'silent' | 'slow' | 'always_500' | 'redirect';
const KINDS: Kind[] = ['healthy', 'silent', 'slow', 'always_500', 'redirect'];

async function certificate() {
  return generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
}

/** One hostile (or healthy) receiver on 127.0.0.1, counting requests and those open at once. */
async function receiver(kind: Kind, pems: { cert: string; private: string }, options: FaultOptions, canary: string) {
  const arrived = new Map<string, number>(); // webhook id → when it arrived
  let requests = 0;
  let open = 0;
  let maxOpen = 0;
  const held: http.ServerResponse[] = [];
  const server = https.createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => open--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { meta: { webhook_id: string } };
      if (!arrived.has(body.meta.webhook_id)) arrived.set(body.meta.webhook_id, Date.now());
      if (kind === 'silent') return void held.push(res);
      if (kind === 'slow') return void setTimeout(() => res.writeHead(200).end('{"ok":true}'), options.timeoutMs * 0.6);
      if (kind === 'always_500')
        return void res.writeHead(500).end('internal error\u0000\u001b[31m' + 'x'.repeat(5000));
      if (kind === 'redirect') return void res.writeHead(302, { location: canary }).end();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    kind,
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    port: (server.address() as AddressInfo).port,
    arrived,
    stats: () => ({ requests, maxOpen }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const REGISTRATION_SPELLINGS = [
  'http://127.0.0.1:5432/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0x7f.1/',
  'http://127.1/',
  'http://0/',
  'http://[::]/',
  'http://[::1]/',
  'http://localhost/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.0.1/',
  'http://100.64.0.1/',
  'http://[fd00::1]/',
  'http://224.0.0.1/',
  'http://[ff02::1]/',
];

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

export async function runWebhookFaults(options: FaultOptions) {
  if (typeof globalThis.gc !== 'function') throw new Error('run under node --expose-gc (npm run fault:webhooks)');
  // A full collection takes tens of ms on this heap; once a second still collects several times
  // within each attempt's timeout, which is all the weakly held timeout signal needed to be lost.
  let collections = 0;
  let collecting = 0;
  const gcTimer = setInterval(() => {
    const started = performance.now();
    globalThis.gc!();
    collections++;
    collecting += performance.now() - started;
  }, options.gcEveryMs);
  const pems = await certificate();
  let canaryHits = 0;
  const canary = http.createServer((_req, res) => (canaryHits++, res.writeHead(200).end('internal secret')));
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/latest/meta-data/`;
  const receivers = await Promise.all(KINDS.map((kind) => receiver(kind, pems, options, canaryUrl)));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-webhook-faults-'));
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    WEBHOOK_ALLOW_LOOPBACK: 'true', // the receivers are on 127.0.0.1
    WEBHOOK_TIMEOUT_MS: String(options.timeoutMs),
  });
  const server = await startServer({
    config,
    logger: createLogger('error'),
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 100, sender: createHttpsSender({ ca: pems.cert, allowLoopback: true }) },
  });
  try {
    await server.ready;
    const { services } = server;
    const endpoints = new Map<Kind, string>();
    const organisations = new Map<Kind, string>();
    for (const r of receivers) {
      const org = await services.access.createOrganisation(services.db, `Faults ${r.kind}`);
      organisations.set(r.kind, org.id);
      endpoints.set(r.kind, (await services.webhookEndpoints.create(services.db, org.id, r.url)).endpoint.id);
    }

    // Load: test deliveries to every endpoint, the healthy one's commit times kept.
    const committed = new Map<string, number>();
    const end = Date.now() + options.seconds * 1000;
    while (Date.now() < end) {
      for (const kind of KINDS) {
        const row = await services.db.transaction((tx) =>
          services.webhooks.sendTest(tx, 'operator', endpoints.get(kind)!),
        );
        if (kind === 'healthy') committed.set(row.id, Date.now());
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 / options.perSecond));
    }
    // Long enough for the last healthy ones and for the hung requests to time out.
    await new Promise((resolve) => setTimeout(resolve, options.timeoutMs + 2_000));
    await server.webhookWorker.stop(0);

    const healthy = receivers.find((r) => r.kind === 'healthy')!;
    const delays = [...committed].map(([id, at]) => (healthy.arrived.get(id) ?? Infinity) - at).sort((a, b) => a - b);
    const attempts = async (kind: Kind) => {
      const { rows } = await services.db.query<{ outcome: string; n: number }>(
        `SELECT CASE WHEN successful THEN 'delivered' WHEN error LIKE 'timed out%' THEN 'timed_out'
                     WHEN response_code IS NOT NULL THEN 'http_' || response_code ELSE 'error' END AS outcome,
                count(*)::int AS n
         FROM webhook_attempts WHERE organisation_id = $1 GROUP BY 1 ORDER BY 1`,
        [organisations.get(kind)],
      );
      return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
    };
    const { rows: bodies } = await services.db.query<{ max_bytes: number; controls: number }>(
      `SELECT max(octet_length(response_body))::int AS max_bytes,
              count(*) FILTER (WHERE response_body ~ '[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]')::int AS controls
       FROM webhooks WHERE organisation_id = $1`,
      [organisations.get('always_500')],
    );
    const byKind = Object.fromEntries(
      await Promise.all(receivers.map(async (r) => [r.kind, { ...r.stats(), attempts: await attempts(r.kind) }])),
    ) as Record<Kind, { requests: number; maxOpen: number; attempts: Record<string, number> }>;

    // Internal addresses, at registration: every spelling through the one check, loopback not allowed.
    const refusedAtRegistration = REGISTRATION_SPELLINGS.filter(
      (url) => checkEndpointUrl(url, 'sandbox', { allowLoopback: false })?.code === 'internal_address',
    ).length;

    // …and at connection time: endpoints stored before the rule (written past it), all pointing at
    // the healthy receiver on 127.0.0.1, sent by a worker without loopback allowed.
    // The receivers' endpoints are disabled first, so their backlog does not stand in front.
    for (const id of endpoints.values())
      await services.db.transaction((tx) => services.webhookEndpoints.disable(tx, 'operator', id));
    const probe = await services.access.createOrganisation(services.db, 'Faults internal');
    const port = healthy.port;
    const stored = [
      `https://127.0.0.1:${port}/hooks`,
      `https://0x7f.1:${port}/hooks`,
      `https://[::ffff:127.0.0.1]:${port}/hooks`,
      `https://localhost:${port}/hooks`,
      `https://internal.merchant.example:${port}/hooks`,
    ];
    const before = healthy.stats().requests;
    for (const url of stored) {
      const endpoint = await insertEndpoint(services.db, {
        id: services.ids('webhookEndpoint'),
        organisation_id: probe.id,
        url: new URL(url).href,
        secret: 'fault-script-secret',
        created_at: services.clock.now(),
      });
      await services.db.transaction((tx) => services.webhooks.sendTest(tx, 'operator', endpoint.id));
    }
    // internal.merchant.example resolves to 127.0.0.1 (a DNS answer a merchant controls); the rest as usual.
    const onlyTheProbeToLoopback = ((host: string, opts: dns.LookupOptions, cb: (...a: unknown[]) => void) =>
      host === 'internal.merchant.example'
        ? cb(null, [{ address: '127.0.0.1', family: 4 }])
        : dns.lookup(host, { ...opts, all: true }, cb)) as unknown as typeof dns.lookup;
    const strictWorker = createWebhookWorker({
      db: services.db,
      clock: services.clock,
      ids: services.ids,
      logger: createLogger('silent'),
      timeoutMs: options.timeoutMs,
      sender: createHttpsSender({ ca: pems.cert, lookup: onlyTheProbeToLoopback }),
    });
    await strictWorker.runDue(5);
    const { rows: refusedRows } = await services.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_attempts WHERE organisation_id = $1 AND error LIKE 'refused:%'`,
      [probe.id],
    );

    const figures = {
      seconds: options.seconds,
      timeoutMs: options.timeoutMs,
      gc: { collections, meanMs: Math.round(collecting / Math.max(1, collections)) },
      healthy: {
        queued: committed.size,
        delivered: delays.filter(Number.isFinite).length,
        p50Ms: percentile(delays, 50),
        p95Ms: percentile(delays, 95),
        maxMs: delays.at(-1) ?? NaN,
      },
      receivers: byKind,
      alwaysFiveHundredBody: bodies[0] ?? { max_bytes: 0, controls: 0 },
      redirectCanaryHits: canaryHits,
      registration: { tried: REGISTRATION_SPELLINGS.length, refused: refusedAtRegistration },
      connection: {
        tried: stored.length,
        refused: refusedRows[0]?.n ?? 0,
        reachedReceiver: healthy.stats().requests - before,
      },
    };
    const failures = [
      figures.healthy.delivered < figures.healthy.queued && 'healthy deliveries missing',
      !(figures.healthy.p95Ms < 2_000) && 'healthy p95 ≥ 2 s',
      byKind.silent.maxOpen > 2 && 'the silent receiver held more than its share (2)',
      !((byKind.silent.attempts.timed_out ?? 0) > 0) && 'no silent attempt timed out',
      canaryHits > 0 && 'a redirect was followed',
      figures.alwaysFiveHundredBody.max_bytes > 2048 && 'stored body over 2 KiB',
      figures.alwaysFiveHundredBody.controls > 0 && 'control characters stored',
      figures.registration.refused !== figures.registration.tried && 'an internal URL was registered',
      figures.connection.refused !== figures.connection.tried && 'an internal address was connected to',
      figures.connection.reachedReceiver > 0 && 'an internal address was reached',
    ].filter(Boolean) as string[];
    return { figures, failures };
  } finally {
    clearInterval(gcTimer);
    await server.close();
    await Promise.all(receivers.map((r) => r.close()));
    canary.closeAllConnections();
    canary.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { figures, failures } = await runWebhookFaults({
    seconds: Number(process.env.FAULT_SECONDS ?? 60),
    timeoutMs: Number(process.env.FAULT_TIMEOUT_MS ?? 10_000),
    perSecond: Number(process.env.FAULT_PER_SECOND ?? 5),
    gcEveryMs: Number(process.env.FAULT_GC_MS ?? 1000),
  });
  console.log(JSON.stringify(figures, null, 2));
  if (failures.length) {
    console.error(`FAILED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('all bounds held');
  process.exit(0);
}

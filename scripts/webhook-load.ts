/**
 * `npm run bench:webhooks`: 10,000 events delivered to a local HTTPS receiver, reporting events/s
 * and the lag from an event's commit to its arrival.
 *
 * The server runs in this process (`startServer`, the real worker and sender, TLS verified against
 * the receiver's own self-signed certificate) on PGlite in a temporary DATA_DIR, or on Postgres
 * when DATABASE_URL is set. Two runs:
 *  - stream: events are committed in transactions of BENCH_TX_SIZE (default 100) as fast as the
 *    store takes them while the worker polls every BENCH_INTERVAL_MS (default 500, the sandbox
 *    default); lag = arrival − commit, per event.
 *  - backlog: the same number of events committed first, then the worker drains them.
 * The receiver checks every signature and counts each event id once (at least once delivery).
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { loadConfig } from '../server/config';
import { verifyWebhookSignature } from '../server/domain/webhooks/signing';
import { createHttpsSender } from '../server/jobs/webhook-sender';
import { createLogger } from '../server/logger';
import { startServer, type RunningServer } from '../server/server';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const TX_SIZE = Number(process.env.BENCH_TX_SIZE ?? 100);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 500);

async function startReceiver() {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const firstSeen = new Map<string, number>();
  let secret = '';
  let requests = 0;
  let badSignatures = 0;
  const server = https.createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      requests++;
      if (!verifyWebhookSignature(raw, secret, req.headers['webhook-signature'] as string)) {
        badSignatures++;
        res.writeHead(498).end();
        return;
      }
      const now = performance.now();
      for (const event of (JSON.parse(raw.toString('utf8')) as { events: { id: string }[] }).events) {
        if (!firstSeen.has(event.id)) firstSeen.set(event.id, now);
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    cert: pems.cert,
    firstSeen,
    stats: () => ({ requests, badSignatures }),
    setSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Commits `EVENTS` events in transactions of `TX_SIZE`; returns each event's commit time. */
async function produce(server: RunningServer, organisationId: string): Promise<Map<string, number>> {
  const committed = new Map<string, number>();
  for (let made = 0; made < EVENTS; made += TX_SIZE) {
    const ids: string[] = [];
    await server.services.db.transaction(async (tx) => {
      for (let i = 0; i < Math.min(TX_SIZE, EVENTS - made); i++) {
        const event = await server.services.events.record(tx, {
          organisationId,
          resourceType: 'payments',
          action: 'confirmed',
          links: { payment: `PM${String(made + i).padStart(26, '0')}` },
          details: { origin: 'gocardless', cause: 'payment_confirmed', description: 'Load test.', scheme: 'bacs' },
        });
        ids.push(event.id);
      }
    });
    const at = performance.now();
    for (const id of ids) committed.set(id, at);
  }
  return committed;
}

async function waitForAll(receiver: Receiver, ids: Iterable<string>, timeoutMs = 300_000) {
  const wanted = [...ids];
  const deadline = Date.now() + timeoutMs;
  while (wanted.some((id) => !receiver.firstSeen.has(id))) {
    if (Date.now() > deadline) throw new Error('not everything arrived in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(mode: 'stream' | 'backlog') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-webhook-bench-'));
  const receiver = await startReceiver();
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_LOOPBACK: 'true', // the receiver listens on 127.0.0.1
  });
  const server = await startServer({
    config,
    logger: createLogger('warn'),
    // The backlog run holds the worker back until everything is committed.
    webhookDelivery: {
      sender: createHttpsSender({ ca: receiver.cert, allowLoopback: true }),
      intervalMs: mode === 'stream' ? INTERVAL_MS : 0,
    },
  });
  try {
    await server.ready;
    const org = await server.services.access.createOrganisation(server.services.db, `Webhook bench ${mode}`);
    const { secret } = await server.services.webhookEndpoints.create(server.services.db, org.id, receiver.url);
    receiver.setSecret(secret);

    const started = performance.now();
    const committed = await produce(server, org.id);
    let drainStart = started;
    if (mode === 'backlog') {
      drainStart = performance.now();
      server.webhookWorker.start(INTERVAL_MS);
    }
    await waitForAll(receiver, committed.keys());
    const ended = Math.max(...receiver.firstSeen.values());
    const lags = [...committed].map(([id, at]) => receiver.firstSeen.get(id)! - at).sort((a, b) => a - b);
    const { requests, badSignatures } = receiver.stats();
    return {
      mode,
      store: server.services.db.kind,
      events: committed.size,
      requests,
      badSignatures,
      commitMs: Math.round((mode === 'backlog' ? drainStart : performance.now()) - started),
      eventsPerSecond: Math.round(committed.size / ((ended - drainStart) / 1000)),
      lagMs:
        mode === 'stream'
          ? {
              p50: Math.round(percentile(lags, 50)),
              p95: Math.round(percentile(lags, 95)),
              max: Math.round(lags.at(-1)!),
            }
          : undefined,
    };
  } finally {
    await server.close();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [await run('stream'), await run('backlog')];
for (const r of results) {
  const lag = r.lagMs
    ? `  commit→delivery lag p50 ${r.lagMs.p50} ms, p95 ${r.lagMs.p95} ms, max ${r.lagMs.max} ms`
    : '';
  console.log(
    `${r.mode.padEnd(8)} ${r.store.padEnd(8)} ${r.events} events in ${r.requests} requests (${r.badSignatures} bad signatures), ` +
      `${r.eventsPerSecond} events/s${r.mode === 'backlog' ? ` draining (committed first in ${r.commitMs} ms)` : ' end to end'}${lag}`,
  );
}
console.log(JSON.stringify(results));

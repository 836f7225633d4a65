/**
 * `npm run bench:imports`: a mandate import of 10,000 entries, added one request at a time through
 * the HTTPS API, submitted, then processed (each entry a customer, bank account and active mandate
 * with their events and webhook outbox rows). Reports the time to add, to process, and in total.
 *
 * The server runs in this process (`startServer`, the real pipeline, scheme clock and processing
 * job) on PGlite in a temporary DATA_DIR, or on Postgres when DATABASE_URL is set. The sandbox's
 * ~10-second wait before processing is skipped by moving the clock; the job is driven directly.
 * Options: BENCH_ENTRIES (10000), BENCH_CONCURRENCY (requests in flight, 16), BENCH_BATCH (entries
 * per processing transaction, 100), BENCH_WORKERS (processing batches in flight, 4 on Postgres).
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { validateBankDetails } from '../server/domain/schemes/bank-details';
import { OffsetClock } from '../server/domain/shared/clock';
import { createMandateImportWorker } from '../server/jobs/mandate-import-processing';
import { createLogger } from '../server/logger';
import { startServer } from '../server/server';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: CONCURRENCY });

function request(base: string, token: string, method: string, p: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = https.request(
      new URL(p, base),
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'service-version': '2015-07-06',
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * A different real-looking account per payer, as a real import has: account numbers under one
 * sort code that pass its modulus check (about one in ten), found before the clock starts. One
 * shared account would measure a lookup no real import makes (10,000 customers on one account).
 */
const SORT_CODE = '089999';
function accountNumbers(count: number): string[] {
  const found: string[] = [];
  for (let n = 10_000_000; found.length < count; n++) {
    const candidate = String(n);
    if (validateBankDetails({ country_code: 'GB', branch_code: SORT_CODE, account_number: candidate }).ok)
      found.push(candidate);
  }
  return found;
}
const ACCOUNTS = accountNumbers(ENTRIES);

/** A valid GB entry: a different payer and account each time. */
const entry = (importId: string, i: number) => ({
  mandate_import_entries: {
    record_identifier: `row-${i}`,
    customer: {
      given_name: 'Payer',
      family_name: `Number ${i}`,
      email: `payer${i}@example.com`,
      address_line1: `${i} High Street`,
      city: 'London',
      postal_code: 'E1 6AN',
      country_code: 'GB',
    },
    bank_account: {
      account_holder_name: `Payer ${i}`,
      branch_code: SORT_CODE,
      account_number: ACCOUNTS[i]!,
      country_code: 'GB',
    },
    links: { mandate_import: importId },
  },
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-import-bench-'));
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEBHOOK_ALLOW_LOOPBACK: 'true', // the receiver listens on 127.0.0.1
});
const clock = new OffsetClock();
const server = await startServer({
  config,
  clock,
  logger: createLogger('warn'),
  schemeClockIntervalMs: 0,
  rateLimitPerMinute: 1_000_000,
  webhookDelivery: { intervalMs: 0 },
});
try {
  await server.ready;
  const { services } = server;
  const { organisation, token } = await services.db.transaction(async (tx) => {
    const organisation = await services.access.createOrganisation(tx, 'Import bench');
    await services.access.createCreditor(tx, organisation.id, { name: 'Import bench Ltd' });
    const token = await services.access.createToken(tx, organisation.id, 'read_write', 'bench');
    return { organisation, token: token.value };
  });
  // A webhook endpoint, so every event also writes its outbox row, as in production.
  await services.webhookEndpoints.create(services.db, organisation.id, 'https://127.0.0.1:9/hooks');

  // CPU this process spends (server, job and the HTTPS client alike): what an idle machine would need.
  const cpuSeconds = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return +((used.user + used.system) / 1e6).toFixed(1);
  };
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  const created = await request(server.url, token, 'POST', '/mandate_imports', { mandate_imports: { scheme: 'bacs' } });
  const importId: string = created.body.mandate_imports.id;
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ENTRIES) {
        const i = next++;
        const res = await request(server.url, token, 'POST', '/mandate_import_entries', entry(importId, i));
        if (res.status !== 201) refused++;
      }
    }),
  );
  const added = performance.now();
  const addCpu = cpuSeconds(cpuAtStart);
  const cpuAtProcessing = process.cpuUsage();
  await request(server.url, token, 'POST', `/mandate_imports/${importId}/actions/submit`, { data: {} });
  clock.advance(11_000);
  await server.schemeClock.runDue();
  const worker = createMandateImportWorker({
    db: services.db,
    logger: services.logger,
    mandateImports: services.mandateImports,
    batchSize: BATCH,
    concurrency: process.env.BENCH_WORKERS ? Number(process.env.BENCH_WORKERS) : undefined,
  });
  const processingStarted = performance.now();
  let status = '';
  while (status !== 'processed') {
    await worker.runDue();
    status = (await request(server.url, token, 'GET', `/mandate_imports/${importId}`)).body.mandate_imports.status;
  }
  const processed = performance.now();
  const processCpu = cpuSeconds(cpuAtProcessing);
  let mandates = 0;
  let after: string | null = null;
  do {
    const page: { body: any } = await request(
      server.url,
      token,
      'GET',
      `/mandate_import_entries?mandate_import=${importId}&status=successfully_processed&limit=500${after ? `&after=${after}` : ''}`,
    );
    mandates += page.body.mandate_import_entries.length;
    after = page.body.meta.cursors.after;
  } while (after);
  const result = {
    store: services.db.kind,
    entries: ENTRIES,
    refused,
    mandatesMade: mandates,
    concurrency: CONCURRENCY,
    batch: BATCH,
    addSeconds: +((added - started) / 1000).toFixed(1),
    addPerSecond: Math.round(ENTRIES / ((added - started) / 1000)),
    processSeconds: +((processed - processingStarted) / 1000).toFixed(1),
    processPerSecond: Math.round(ENTRIES / ((processed - processingStarted) / 1000)),
    totalSeconds: +((processed - started) / 1000).toFixed(1),
    nodeCpuSeconds: { add: addCpu, process: processCpu },
    loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
    cpus: os.cpus().length,
  };
  console.log(
    `${result.store}: ${ENTRIES} entries added in ${result.addSeconds} s (${result.addPerSecond}/s, ${refused} refused), ` +
      `processed in ${result.processSeconds} s (${result.processPerSecond}/s, ${mandates} mandates), ${result.totalSeconds} s in all; ` +
      `node CPU ${addCpu} s + ${processCpu} s; load average ${result.loadAverage.join(' ')} on ${result.cpus} CPUs`,
  );
  console.log(JSON.stringify(result));
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * `npm run bench:exports`: a payments export of 100,000 payments, built by the export worker and
 * downloaded through its link, reporting time and the heap's high-water mark during each phase.
 * The point is constant memory: the build holds one page of rows, the download a few stored parts,
 * so the peak should not grow with BENCH_PAYMENTS (try 10,000 and 100,000 and compare).
 *
 * One payment is made through the HTTPS API (mandate journey, then POST /payments), then cloned in
 * SQL to the wanted count (only the id differs), on PGlite in a temporary DATA_DIR or on Postgres
 * when DATABASE_URL is set. Run with `--expose-gc` for steadier heap figures.
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { startServer } from '../server/server';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });

/** One request; the body is counted as it streams and parsed only when asked (JSON answers). */
function request(base: string, token: string | null, method: string, p: string, body?: unknown, json = true) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: any; bytes: number; lines: number }>((resolve, reject) => {
    const req = https.request(
      new URL(p, base),
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'service-version': '2015-07-06',
          accept: json ? 'application/json' : '*/*',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        let lines = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          for (const byte of c) if (byte === 10) lines++;
          if (json) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: json ? JSON.parse(Buffer.concat(chunks).toString() || 'null') : undefined,
            bytes,
            lines,
          }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** The heap's high-water mark while `work` runs, sampled every 20 ms. */
async function peakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; seconds: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return {
      result,
      peakMb: +(peak / 2 ** 20).toFixed(1),
      seconds: +((performance.now() - started) / 1000).toFixed(1),
    };
  } finally {
    clearInterval(timer);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-export-bench-'));
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const server = await startServer({
  config,
  logger: createLogger('warn'),
  schemeClockIntervalMs: 0,
  rateLimitPerMinute: 1_000_000,
  webhookDelivery: { intervalMs: 0 },
});
try {
  await server.ready;
  const { services } = server;
  const { organisation, token } = await services.db.transaction(async (tx) => {
    const organisation = await services.access.createOrganisation(tx, 'Export bench');
    await services.access.createCreditor(tx, organisation.id, { name: 'Export bench Ltd' });
    const token = await services.access.createToken(tx, organisation.id, 'read_write', 'bench');
    return { organisation, token: token.value };
  });
  const call = async (p: string, body: unknown, status: number) => {
    const res = await request(server.url, token, 'POST', p, body);
    if (res.status !== status) throw new Error(`${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const br = (await call('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201))
    .billing_requests.id;
  const actions = `/billing_requests/${br}/actions`;
  await call(
    `${actions}/collect_customer_details`,
    {
      data: {
        customer: { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com' },
        customer_billing_detail: {
          address_line1: '1 High St',
          city: 'London',
          postal_code: 'E1 6AN',
          country_code: 'GB',
        },
      },
    },
    200,
  );
  const account = {
    account_holder_name: 'Jane Doe',
    branch_code: '200000',
    account_number: '55779911',
    country_code: 'GB',
  };
  await call(`${actions}/collect_bank_account`, { data: account }, 200);
  await call(`${actions}/confirm_payer_details`, { data: {} }, 200);
  const mandate = (await call(`${actions}/fulfil`, { data: {} }, 200)).billing_requests.links.mandate_request_mandate;
  const payment = (await call('/payments', { payments: { amount: 1234, currency: 'GBP', links: { mandate } } }, 201))
    .payments.id as string;

  // Clones of the one payment; only the id differs (ids sort, so the list's keyset order holds).
  const seeded = await peakHeap(() =>
    services.db.query(
      `INSERT INTO payments
       SELECT (jsonb_populate_record(NULL::payments, to_jsonb(p) || jsonb_build_object('id', $1 || lpad(i::text, 24, '0')))).*
       FROM payments p, generate_series(1, $2::int - 1) i WHERE p.id = $3`,
      ['PM00', PAYMENTS, payment],
    ),
  );
  // What autovacuum would do after a bulk load on Postgres (PGlite runs none): fresh statistics.
  await services.db.query('ANALYZE payments');
  const row = await services.db.transaction((tx) =>
    services.exports.create(tx, organisation.id, {
      exportType: 'payments_index',
      currency: 'GBP',
      from: new Date('2000-01-01T00:00:00Z'),
      to: new Date('2100-01-01T00:00:00Z'),
    }),
  );
  const build = await peakHeap(() => server.exportWorker.runDue(1_000_000));
  const link = (await request(server.url, token, 'GET', `/exports/${row.id}`)).body.exports.download_url as string;
  const download = await peakHeap(() => request(server.url, null, 'GET', new URL(link).pathname, undefined, false));
  const result = {
    store: services.db.kind,
    payments: PAYMENTS,
    csvLines: download.result.lines,
    csvMb: +(download.result.bytes / 2 ** 20).toFixed(1),
    seedSeconds: seeded.seconds,
    build: { seconds: build.seconds, steps: build.result, peakHeapMb: build.peakMb },
    download: { seconds: download.seconds, status: download.result.status, peakHeapMb: download.peakMb },
    cpus: os.cpus().length,
  };
  console.log(
    `${result.store}: ${PAYMENTS} payments → ${result.csvLines} CSV lines (${result.csvMb} MB); ` +
      `built in ${build.seconds} s (peak heap ${build.peakMb} MB), downloaded in ${download.seconds} s ` +
      `(peak heap ${download.peakMb} MB)`,
  );
  console.log(JSON.stringify(result));
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * `npm run bench:notices`: what payer notices cost (issue 21, "Performance").
 *
 * 1. Creating payments with their notice queued in the same transaction, against the same run
 *    without notices (a creditor whose merchant sends its own): the p99 of `POST /payments`
 *    through the real server, the two alternating (the bound: within 10%;
 *    scripts/bench/notices-api.ts), and the p99 of the domain's unit of work alone — the part of
 *    the request the outbox adds to, a stricter figure.
 * 2. The sender draining the outbox into an SMTP server on this machine (smtp-server): mails/s
 *    (the bound: ≥ 100/s).
 * PGlite in memory by default; Postgres when DATABASE_URL is set. BENCH_PAYMENTS (default 3000:
 * the API measure's p99 needs that many samples to be read against a 10% bound).
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createServices } from '../server/container';
import { createPostgresDatabase, type Database } from '../server/db/db';
import { openPglite } from '../server/db/pglite';
import { migrate } from '../server/db/migrate';
import { systemClock } from '../server/domain/shared/clock';
import { createLogger } from '../server/logger';
import { benchMerchant, measureApiWithNotices } from './bench/notices-api';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 3000);

async function startSmtp() {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, count: () => received, close: () => server.close() };
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.99)]!;

const openStore = async (): Promise<Database> =>
  process.env.DATABASE_URL ? createPostgresDatabase(process.env.DATABASE_URL) : await openPglite();

async function main() {
  const db = await openStore();
  await migrate(db);
  const smtp = await startSmtp();
  const services = createServices({
    db,
    clock: systemClock,
    logger: createLogger('silent'),
    environment: 'sandbox',
    mail: { smtpUrl: smtp.url, from: 'bench@bankflow.test' },
  });

  async function createPayments(quiet: boolean): Promise<number[]> {
    const { actor, mandate } = await benchMerchant(db, services, quiet ? 'Quiet bench' : 'Notices bench', quiet);
    const times: number[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const started = performance.now();
      await db.transaction((tx) =>
        services.payments.createForMandate(tx, actor, mandate, { amount: 100 + (i % 900), currency: 'GBP' }),
      );
      times.push(performance.now() - started);
    }
    return times;
  }

  await createPayments(true); // warm-up: statements prepared, caches filled, on neither side's account
  await db.query('DELETE FROM notifications');
  const without = await createPayments(true);
  const withNotices = await createPayments(false);
  const ratio = p99(withNotices) / p99(without);

  const queued = (
    await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE status = 'pending'")
  ).rows[0]!.n;
  const drainStarted = performance.now();
  let sent = 0;
  for (;;) {
    const n = await services.deliverNotifications(10_000);
    sent += n;
    if (n === 0) break;
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  (services.mailer as { close?: () => void }).close?.();
  await db.close();
  const beforeApi = smtp.count();
  // The issue's own measure: the API's p99, the server sending its mail meanwhile.
  const api = await measureApiWithNotices(await openStore(), smtp.url, PAYMENTS);
  smtp.close();

  const rate = sent / drainSeconds;
  console.log(`store: ${db.kind}; payments per run: ${PAYMENTS}`);
  console.log(
    `payment create p99: ${p99(without).toFixed(2)} ms without notices, ${p99(withNotices).toFixed(2)} ms with`,
  );
  console.log(`ratio (with / without): ${ratio.toFixed(3)}  (the domain's unit of work alone)`);
  console.log(
    `POST /payments over HTTPS, p99: ${api.p99Without.toFixed(2)} ms without notices, ${api.p99With.toFixed(2)} ms with; ratio ${api.ratio.toFixed(3)}  (bound: ≤ 1.10)`,
  );
  console.log(
    `sender: ${sent} of ${queued} queued mails in ${drainSeconds.toFixed(2)} s = ${rate.toFixed(0)} mails/s (bound: ≥ 100)`,
  );
  console.log(
    `SMTP server received: ${beforeApi} (and ${smtp.count() - beforeApi} sent by the server during the API run)`,
  );
  if (sent !== queued || smtp.count() !== queued) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench:notices`: what payer notices cost (issue 21, "Performance").
 *
 * 1. Creating payments with their notice queued in the same transaction, against the same run
 *    without notices (a creditor whose merchant sends its own): p99 of one payment's transaction,
 *    and the ratio (the bound: within 10%). Measured on the domain's unit of work — the
 *    part of the API request the outbox adds to; HTTP, auth and JSON are the same in both runs.
 * 2. The sender draining the outbox into an SMTP server on this machine (smtp-server): mails/s
 *    (the bound: ≥ 100/s).
 * PGlite in memory by default; Postgres when DATABASE_URL is set. BENCH_PAYMENTS (default 1000).
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createServices } from '../server/container';
import { createPostgresDatabase, openPglite, type Database } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import type { Actor } from '../server/domain/shared/actor';
import { systemClock } from '../server/domain/shared/clock';
import { createLogger } from '../server/logger';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1000);

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

async function main() {
  const db: Database = process.env.DATABASE_URL ? createPostgresDatabase(process.env.DATABASE_URL) : await openPglite();
  await migrate(db);
  const smtp = await startSmtp();
  const services = createServices({
    db,
    clock: systemClock,
    logger: createLogger('silent'),
    environment: 'sandbox',
    mail: { smtpUrl: smtp.url, from: 'bench@bankflow.test' },
  });

  /** A creditor with one active-able Bacs mandate; `quiet` creditors send their own notices. */
  async function mandateFor(name: string, quiet: boolean) {
    return db.transaction(async (tx) => {
      const org = await services.access.createOrganisation(tx, name);
      const creditor = await services.access.createCreditor(tx, org.id, { name: `${name} Ltd` });
      if (quiet)
        await tx.query('UPDATE creditors SET merchant_responsible_for_notifications = true WHERE id = $1', [
          creditor.id,
        ]);
      const actor: Actor = { organisationId: org.id, origin: 'api', source: { type: 'access_token', name: 'bench' } };
      const customer = await services.customers.create(tx, actor, {
        given_name: 'P',
        family_name: 'Q',
        email: 'payer@example.com',
      });
      const account = await services.bankAccounts.create(tx, actor, {
        account_holder_name: 'P Q',
        branch_code: '200000',
        account_number: '55779911',
        country_code: 'GB',
        customerId: customer.id,
      });
      const mandate = await services.mandates.createForAccount(tx, actor, {
        links: { customer_bank_account: account.id },
      });
      return { actor, mandate };
    });
  }

  async function createPayments(quiet: boolean): Promise<number[]> {
    const { actor, mandate } = await mandateFor(quiet ? 'Quiet bench' : 'Notices bench', quiet);
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
  smtp.close();
  await db.close();

  const rate = sent / drainSeconds;
  console.log(`store: ${db.kind}; payments per run: ${PAYMENTS}`);
  console.log(
    `payment create p99: ${p99(without).toFixed(2)} ms without notices, ${p99(withNotices).toFixed(2)} ms with`,
  );
  console.log(`ratio (with / without): ${ratio.toFixed(3)}  (bound: ≤ 1.10)`);
  console.log(
    `sender: ${sent} of ${queued} queued mails in ${drainSeconds.toFixed(2)} s = ${rate.toFixed(0)} mails/s (bound: ≥ 100)`,
  );
  console.log(`SMTP server received: ${smtp.count()}`);
  if (sent !== queued || smtp.count() !== queued) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

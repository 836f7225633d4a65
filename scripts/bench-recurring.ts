/**
 * `npm run bench:recurring`: a year of simulated time for 1,000 subscriptions, driven by the
 * scheme clock exactly as the server runs it (`server/jobs/scheme-clock.ts`, the same handlers),
 * with an injected clock moved a day at a time. PGlite in memory by default; Postgres when
 * DATABASE_URL is set (its database gets the migrations and a fresh organisation).
 *
 * The mix is a merchant's usual one: mostly monthly (month ends included), a few weekly, quarterly
 * and yearly, a tenth ended by `count`, across Bacs, SEPA and ACH mandates, one per customer.
 * Every payment goes through its whole life (created, submitted, confirmed, paid out).
 * At the end it checks what must hold: every subscription created exactly the payments its
 * rule gives for the year, and the ledger balances (see `checkLedger`). It prints the figures and
 * fails (exit 1) past BENCH_LIMIT_SECONDS (default 120) or when a check fails.
 * Options: BENCH_SUBSCRIPTIONS (default 1000), BENCH_DAYS (default 365), BENCH_WORKERS (scheme
 * clock loops draining each day at once, as several server processes would: default 4 on
 * Postgres, 1 on PGlite, whose single connection runs one transaction at a time anyway),
 * BENCH_BATCH (due moves a scheme clock transaction claims; the clock's default if unset),
 * BENCH_PROFILE=1 (also prints the statements that took the most time).
 *
 * BENCH_MODE=clock (`npm run bench:recurring -- --clock` does the same): the year through the
 * organisation's sandbox test clock instead (issue #39, decisions 0079/0090): its clock is frozen
 * after the setup and moved on by the test clock's own advance (`sandboxClocks.advance`, what
 * `POST /sandbox/clock/actions/advance` calls), one advance call after another until the clock
 * reaches the year's end (each call answers after its time budget where it got to, as the API's
 * does). BENCH_WORKERS does not apply: an advance is the organisation's only runner.
 */
import os from 'node:os';
import { createServices, type Services } from '../server/container';
import { uncounted, type OutcomeCounts } from '../server/outcome-counts';
import { createPostgresDatabase, type Database } from '../server/db/db';
import { openPglite } from '../server/db/pglite';
import { migrate } from '../server/db/migrate';
import { ManualClock } from '../server/domain/shared/clock';
import type { Actor } from '../server/domain/shared/actor';
import type { NewSubscription } from '../server/domain/subscriptions/types';
import { PAYMENT_CREATION_LEAD_DAYS } from '../server/domain/subscriptions/schedule';
import { chargeDateAt, chargeRuleOf } from '../server/domain/subscriptions/schedule';
import { createPayoutRunner } from '../server/jobs/payouts';
import { createSchemeClock, schemeClockHandlers } from '../server/jobs/scheme-clock';
import { createLogger } from '../server/logger';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const LIMIT_SECONDS = Number(process.env.BENCH_LIMIT_SECONDS ?? 120);
// Monday 4 January 2027, 09:00 UTC: a year with a leap-free February and every holiday kind.
const START = '2027-01-04T09:00:00.000Z';
const DAY_MS = 86_400_000;
const WORKERS = Number(process.env.BENCH_WORKERS ?? (process.env.DATABASE_URL ? 4 : 1));
// Due moves one scheme clock transaction claims (server/jobs/scheme-clock.ts DEFAULT_BATCH_SIZE if unset).
const BATCH = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
const CLOCK_MODE = process.env.BENCH_MODE === 'clock' || process.argv.includes('--clock');

const ACCOUNTS = {
  GBP: { account_holder_name: 'Jane Doe', branch_code: '200000', account_number: '55779911', country_code: 'GB' },
  EUR: { account_holder_name: 'Jean Dupont', iban: 'FR1420041010050500013M02606' },
  USD: {
    account_holder_name: 'John Doe',
    bank_code: '026073150',
    account_number: '2715500356',
    account_type: 'checking',
    country_code: 'US',
  },
} as const;
type Currency = keyof typeof ACCOUNTS;
const CURRENCIES: Currency[] = ['GBP', 'EUR', 'USD'];

/** The i-th subscription's rule: 80% monthly, 5% weekly, 10% quarterly, 5% yearly; every tenth by count. */
function ruleFor(i: number, currency: Currency): NewSubscription {
  const slot = i % 20;
  const base = { amount: 1000 + (i % 50) * 100, currency, retry_if_possible: false, metadata: {} };
  const count = i % 10 === 3 ? 6 : null;
  if (slot < 16)
    return { ...base, interval: 1, interval_unit: 'monthly', day_of_month: i % 7 === 0 ? -1 : 1 + (i % 28), count };
  if (slot < 17) return { ...base, interval: 1, interval_unit: 'weekly', count };
  if (slot < 19) return { ...base, interval: 3, interval_unit: 'monthly', day_of_month: 15, count };
  return { ...base, interval: 1, interval_unit: 'yearly', month: 'june', day_of_month: -1, count };
}

export const statements = new Map<string, { n: number; ms: number }>();
function counted(q: { query: Database['query'] }): Database['query'] {
  return (async (text: string, params?: readonly unknown[]) => {
    const t = performance.now();
    try {
      return await q.query(text, params);
    } finally {
      const key = text.replace(/\s+/g, ' ').slice(0, 90);
      const e = statements.get(key) ?? { n: 0, ms: 0 };
      e.n++;
      e.ms += performance.now() - t;
      statements.set(key, e);
    }
  }) as Database['query'];
}

async function openStore(): Promise<Database> {
  const db = process.env.DATABASE_URL ? createPostgresDatabase(process.env.DATABASE_URL) : await openPglite();
  await migrate(db);
  if (!process.env.BENCH_PROFILE) return db;
  return {
    ...db,
    query: counted(db),
    transaction: ((fn: any, o: any) =>
      db.transaction((tx: any) => fn({ ...tx, query: counted(tx) }), o)) as Database['transaction'],
  };
}

/**
 * The ledger after the simulated year: every posting sums to zero, the organisation's entries net
 * to zero, and the payments did move money (so the check is not vacuous).
 */
async function checkLedger(db: Database, organisationId: string): Promise<'balanced' | 'unbalanced' | 'empty'> {
  const { rows } = await db.query<{ entries: number; total: string | null; unbalanced: number }>(
    `SELECT count(*)::int AS entries, sum(amount)::text AS total,
       (SELECT count(*)::int FROM (SELECT posting_id FROM ledger_entries WHERE organisation_id = $1
          GROUP BY posting_id HAVING sum(amount) <> 0) AS bad) AS unbalanced
     FROM ledger_entries WHERE organisation_id = $1`,
    [organisationId],
  );
  const { entries, total, unbalanced } = rows[0]!;
  if (entries === 0) return 'empty';
  return unbalanced === 0 && Number(total ?? 0) === 0 ? 'balanced' : 'unbalanced';
}

/**
 * Subscriptions whose payments are not exactly their rule's charges due for creation by `end`
 * (each charge is created PAYMENT_CREATION_LEAD_DAYS before its date, the first at once).
 */
async function checkCharges(
  db: Database,
  services: ReturnType<typeof createServices>,
  actor: Actor,
  ids: string[],
  end: Date,
): Promise<string[]> {
  const { rows } = await db.query<{ subscription_id: string; charge_date: string }>(
    'SELECT subscription_id, charge_date::text AS charge_date FROM payments WHERE subscription_id = ANY($1) ORDER BY charge_date',
    [ids],
  );
  const created = new Map<string, string[]>();
  for (const row of rows)
    created.set(row.subscription_id, [...(created.get(row.subscription_id) ?? []), row.charge_date]);
  const wrong: string[] = [];
  for (const id of ids) {
    const rule = chargeRuleOf(await services.subscriptions.get(db, actor, id));
    const expected: string[] = [];
    for (let k = 0; ; k++) {
      const date = chargeDateAt(rule, k);
      if (!date) break;
      const due = new Date(`${date}T00:00:00.000Z`).getTime() - PAYMENT_CREATION_LEAD_DAYS * DAY_MS;
      if (k > 0 && due > end.getTime()) break;
      expected.push(date);
    }
    if (JSON.stringify(created.get(id) ?? []) !== JSON.stringify(expected)) wrong.push(id);
  }
  return wrong;
}

/** The moves applied and failed, as the jobs report them once their transaction committed. */
const moveCounts = { applied: 0, failed: 0 };
const counts: OutcomeCounts = {
  ...uncounted,
  schemeClockMoves(applied, failed) {
    moveCounts.applied += applied;
    moveCounts.failed += failed;
  },
};

/**
 * The year through the organisation's test clock: frozen where the setup left it, then advanced
 * to the year's end, call after call (each answers where its time budget let it get to).
 */
async function advanceTestClock(services: Services, db: Database, organisationId: string, end: Date) {
  await db.transaction((tx) => services.sandboxClocks.freeze(tx, organisationId));
  let calls = 0;
  for (;;) {
    calls++;
    const view = await services.sandboxClocks.advance(db, organisationId, { to: end.toISOString() });
    // Where each call got to, on stderr: a long run on a loaded machine shows it is moving.
    console.error(`advance ${calls}: ${view.now}`);
    if (new Date(view.now).getTime() >= end.getTime()) return calls;
  }
}

async function main() {
  const logger = createLogger('silent');
  const db = await openStore();
  const clock = new ManualClock(START);
  const services = createServices({ db, clock, logger, environment: 'sandbox', counts });
  const schemeClock = createSchemeClock({
    db,
    clock,
    logger,
    batchSize: BATCH,
    handlers: schemeClockHandlers(services),
  });

  const setupStarted = performance.now();
  const payoutRunner = createPayoutRunner({ db, logger, payouts: services.payouts });
  const organisation = await db.transaction(async (tx) => {
    const org = await services.access.createOrganisation(tx, 'Recurring bench');
    const creditor = await services.access.createCreditor(tx, org.id, { name: 'Recurring bench Ltd' });
    // A payout account per currency, as the sandbox's own creditor has, so collections are paid out.
    const operator = { organisationId: org.id, origin: 'gocardless', source: { type: 'gc_team' } } as const;
    for (const { account_holder_name: _holder, ...details } of Object.values(ACCOUNTS))
      await services.creditorBankAccounts.create(tx, operator, {
        ...details,
        account_holder_name: creditor.name,
        creditorId: creditor.id,
        setAsDefaultPayoutAccount: true,
      });
    return org;
  });
  const actor: Actor = {
    organisationId: organisation.id,
    origin: 'api',
    source: { type: 'access_token', name: 'bench' },
  };
  const ids: string[] = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const currency = CURRENCIES[i % CURRENCIES.length]!;
    const sub = await db.transaction(async (tx) => {
      const customer = await services.customers.create(tx, actor, {
        given_name: 'Payer',
        family_name: `Number ${i}`,
        email: `payer${i}@example.com`,
      });
      const account = await services.bankAccounts.create(tx, actor, { ...ACCOUNTS[currency], customerId: customer.id });
      const mandate = await services.mandates.createForAccount(tx, actor, {
        // ACH asks how the payer authorised it online; the others must not be told.
        ...(currency === 'USD' ? { payer_ip_address: '192.0.2.10' } : {}),
        links: { customer_bank_account: account.id },
      });
      return services.subscriptions.createOnMandate(tx, actor, mandate.id, ruleFor(i, currency));
    });
    ids.push(sub.id);
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const runStarted = performance.now();
  const cpuStarted = process.cpuUsage();
  let transitions = 0;
  let advanceCalls = 0;
  const end = new Date(new Date(START).getTime() + DAYS * DAY_MS);
  if (CLOCK_MODE) {
    advanceCalls = await advanceTestClock(services, db, organisation.id, end);
    transitions = moveCounts.applied;
  }
  for (let day = 1; day <= (CLOCK_MODE ? 0 : DAYS); day++) {
    clock.set(new Date(new Date(START).getTime() + day * DAY_MS).toISOString());
    const drain = async () => {
      for (let applied = 1; applied > 0; transitions += applied) applied = await schemeClock.runDue();
    };
    await Promise.all(Array.from({ length: WORKERS }, drain));
    // The day's payout run, as the server's job runs it: pays the payouts whose arrival date came
    // (the sandbox's scheme clock makes each payout as its payment is confirmed).
    await payoutRunner.runDue();
  }
  const runSeconds = (performance.now() - runStarted) / 1000;
  const cpu = process.cpuUsage(cpuStarted);

  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM payments WHERE subscription_id = ANY($1) GROUP BY status ORDER BY status`,
    [ids],
  );
  const failedMoves = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM scheduled_transitions WHERE attempts > 0',
  );
  const payouts = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM payouts WHERE organisation_id = $1 GROUP BY status ORDER BY status',
    [organisation.id],
  );
  const ledger = await checkLedger(db, organisation.id);
  const wrongCharges = await checkCharges(db, services, actor, ids, CLOCK_MODE ? end : clock.now());
  const payments = rows.reduce((sum, r) => sum + r.n, 0);
  const figures = {
    store: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    mode: CLOCK_MODE ? 'test clock advance' : 'scheme clock, a day at a time',
    subscriptions: SUBSCRIPTIONS,
    simulated_days: DAYS,
    ...(CLOCK_MODE ? { advance_calls: advanceCalls } : {}),
    scheme_clock_workers: CLOCK_MODE ? 1 : WORKERS,
    scheme_clock_batch: CLOCK_MODE ? 'advance: 50 a transaction' : (BATCH ?? 'default'),
    setup_seconds: Number(setupSeconds.toFixed(1)),
    simulated_year_seconds: Number(runSeconds.toFixed(1)),
    // This process's CPU for the year (PGlite runs inside it): the figure a loaded machine does not inflate.
    simulated_year_cpu_seconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
    load_average: os.loadavg().map((l) => Number(l.toFixed(1))),
    scheme_clock_moves: transitions,
    payouts_by_status: Object.fromEntries(payouts.rows.map((r) => [r.status, r.n])),
    payments,
    payments_by_status: Object.fromEntries(rows.map((r) => [r.status, r.n])),
    failed_moves: failedMoves.rows[0]!.n,
    subscriptions_with_wrong_charges: wrongCharges.length,
    ledger,
  };
  console.log(JSON.stringify(figures, null, 2));
  if (process.env.BENCH_PROFILE)
    console.log(
      [...statements]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 40)
        .map(([k, v]) => `${v.n}\t${v.ms.toFixed(0)}ms\t${k}`)
        .join('\n'),
    );
  await db.close();
  if (runSeconds > LIMIT_SECONDS)
    throw new Error(`the simulated year took ${runSeconds.toFixed(1)} s (limit ${LIMIT_SECONDS} s)`);
  if (figures.failed_moves > 0) throw new Error(`${figures.failed_moves} scheme clock moves failed`);
  if (wrongCharges.length) throw new Error(`charges differ from the rule for ${wrongCharges.slice(0, 5).join(', ')}…`);
  if (ledger !== 'balanced') throw new Error(`the ledger is ${ledger} after the simulated year`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/db';
import { ManualClock } from '../../server/domain/shared/clock';
import type { ScheduledTransition } from '../../server/domain/shared/schedule';
import { createSchemeClock, schemeClockHandlers, type TransitionHandler } from '../../server/jobs/scheme-clock';
import { createLogger } from '../../server/logger';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

/**
 * The scheme clock claims due moves in batches, one transaction per batch and a savepoint per
 * move: a failing move rolls back alone (its batch still commits) and is retried later; several
 * runners at once (truly concurrent on Postgres) apply every move exactly once, payouts included,
 * without a deadlock (a payout move is only ever first in its transaction).
 */
let server: TestServer;
let m: Merchant;
const DAY = 86_400_000;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
});
afterAll(() => server?.close());

/** The server's own handlers, as server/server.ts gives them to its scheme clock. */
const realHandlers = () => schemeClockHandlers(server.services) as Record<string, TransitionHandler>;

/** The database, counting the transactions begun through it. */
function countingTransactions(db: Database) {
  const counter = { transactions: 0 };
  const counted: Database = {
    ...db,
    transaction: ((fn: (tx: Queryable) => Promise<unknown>, options?: object) => {
      counter.transactions++;
      return db.transaction(fn, options);
    }) as Database['transaction'],
  };
  return { db: counted, counter };
}

const clockOn = (db: Database, handlers = realHandlers(), batchSize?: number) =>
  createSchemeClock({ db, clock, logger: createLogger('silent'), handlers, batchSize });

async function mandate(currency: 'GBP' | 'EUR') {
  return (await createMandateViaBillingRequest(m, { currency })).mandateId;
}

async function createPayments(mandateId: string, currency: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = { payments: { amount: 1000 + i, currency, links: { mandate: mandateId } } };
    ids.push((await post(m.api, '/payments', body, 201)).payments.id);
  }
  return ids;
}

async function dueMoves(resourceIds: string[]): Promise<ScheduledTransition[]> {
  const { rows } = await server.services.db.query<ScheduledTransition & { last_error: string | null }>(
    'SELECT * FROM scheduled_transitions WHERE resource_id = ANY($1) ORDER BY due_at, id',
    [resourceIds],
  );
  return rows;
}

async function paymentActions(paymentId: string): Promise<string[]> {
  const res = await m.api.get(`/events?payment=${paymentId}&limit=500`);
  expect(res.status).toBe(200);
  return (res.body.events as { action: string }[]).map((e) => e.action);
}

type Runner = { runDue(): Promise<number> };

/** Moves the clock a day at a time, each day draining with every runner at once, until `done`. */
async function drive(runners: Runner[], done: () => Promise<boolean>) {
  for (let day = 0; day < 20 && !(await done()); day++) {
    clock.advance(DAY);
    const drain = async (runner: Runner) => {
      while ((await runner.runDue()) > 0);
    };
    await Promise.all(runners.map(drain));
  }
}

/** The real handlers, noting which transaction applied each move (and in what order). */
function recording(handlers = realHandlers()) {
  const byTransaction = new Map<Queryable, ScheduledTransition[]>();
  const wrapped: Record<string, TransitionHandler> = {};
  for (const [type, handler] of Object.entries(handlers))
    wrapped[type] = async (tx, item) => {
      byTransaction.set(tx, [...(byTransaction.get(tx) ?? []), item]);
      await handler(tx, item);
    };
  return { handlers: wrapped, batches: () => [...byTransaction.values()] };
}

describe('scheme clock batches', () => {
  it('claims due moves in batches: several moves per transaction, a payout move only ever first', async () => {
    const mandateId = await mandate('GBP');
    const ids = await createPayments(mandateId, 'GBP', 7);
    const { handlers, batches } = recording();
    const { db, counter } = countingTransactions(server.services.db);
    await drive([clockOn(db, handlers, 3)], async () => (await dueMoves([mandateId, ...ids])).length === 0);

    const moves = batches().flat();
    expect(moves.filter((i) => ids.includes(i.resource_id)).length).toBeGreaterThanOrEqual(3 * ids.length);
    expect(Math.max(...batches().map((b) => b.length))).toBe(3);
    expect(counter.transactions).toBeLessThan(moves.length);
    for (const batch of batches())
      expect(batch.slice(1).filter((i) => i.resource_type === 'payments' && i.transition === 'pay_out')).toEqual([]);
    for (const id of ids) {
      expect((await m.api.get(`/payments/${id}`)).body.payments.status).toBe('paid_out');
      const actions = await paymentActions(id);
      for (const action of ['submitted', 'confirmed', 'paid_out'])
        expect(
          actions.filter((a) => a === action),
          `${id} ${action}`,
        ).toHaveLength(1);
    }
  });

  it('by default applies one move per transaction on PGlite and up to ten on Postgres (decision 0048)', async () => {
    const mandateId = await mandate('GBP');
    const ids = await createPayments(mandateId, 'GBP', 12);
    const { handlers, batches } = recording();
    await drive(
      [clockOn(server.services.db, handlers)],
      async () => (await dueMoves([mandateId, ...ids])).length === 0,
    );

    const largest = Math.max(...batches().map((b) => b.length));
    if (server.services.db.kind === 'pglite') expect(largest).toBe(1);
    else expect(largest).toBe(10);
    for (const id of ids) expect((await m.api.get(`/payments/${id}`)).body.payments.status).toBe('paid_out');
  });

  it('a failing move rolls back alone: the rest of its batch commits, it is counted and retried later', async () => {
    const mandateId = await mandate('GBP');
    const ids = await createPayments(mandateId, 'GBP', 5);
    const victim = ids[2]!;
    const real = realHandlers();
    const { handlers, batches } = recording({
      ...real,
      // The real move runs, then a statement fails: on Postgres that would abort the whole
      // transaction without the move's savepoint; everything this move wrote must be undone.
      payments: async (tx, item) => {
        await real.payments!(tx, item);
        if (item.resource_id === victim) await tx.query('SELECT 1 / 0');
      },
    });
    const others = ids.filter((i) => i !== victim);
    await drive([clockOn(server.services.db, handlers, 10)], async () => (await dueMoves(others)).length === 0);

    const victimBatch = batches().find((b) => b.some((i) => i.resource_id === victim))!;
    expect(victimBatch.filter((i) => others.includes(i.resource_id)).length).toBeGreaterThan(0);
    for (const id of others) expect((await m.api.get(`/payments/${id}`)).body.payments.status).toBe('paid_out');
    expect((await m.api.get(`/payments/${victim}`)).body.payments.status).toBe('pending_submission');
    expect(await paymentActions(victim)).not.toContain('submitted');
    const [left, ...more] = (await dueMoves([victim])) as (ScheduledTransition & { last_error: string })[];
    expect(more).toHaveLength(0);
    expect(left).toMatchObject({ transition: 'submit' });
    expect(left!.attempts).toBeGreaterThanOrEqual(1);
    expect(left!.last_error).toMatch(/division by zero/);
    expect(new Date(left!.due_at).getTime()).toBeGreaterThan(clock.now().getTime());

    await drive([clockOn(server.services.db)], async () => (await dueMoves([victim])).length === 0);
    expect((await m.api.get(`/payments/${victim}`)).body.payments.status).toBe('paid_out');
    expect((await paymentActions(victim)).filter((a) => a === 'submitted')).toHaveLength(1);
  });

  it('several runners at once apply every move exactly once, through confirmation and payout', async () => {
    const mandates = [await mandate('GBP'), await mandate('EUR'), await mandate('GBP')];
    const ids = [
      ...(await createPayments(mandates[0]!, 'GBP', 6)),
      ...(await createPayments(mandates[1]!, 'EUR', 6)),
      ...(await createPayments(mandates[2]!, 'GBP', 6)),
    ];
    const runners = [2, 3, 4, 5].map((size) => clockOn(server.services.db, realHandlers(), size));
    await drive([...runners, server.schemeClock], async () => (await dueMoves([...mandates, ...ids])).length === 0);

    expect(await dueMoves([...mandates, ...ids])).toEqual([]);
    const { rows } = await server.services.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM scheduled_transitions WHERE attempts > 0 AND organisation_id = $1',
      [m.organisationId],
    );
    expect(rows[0]!.n).toBe(0);
    for (const id of ids) {
      const payment = (await m.api.get(`/payments/${id}`)).body.payments;
      expect(payment.status).toBe('paid_out');
      expect(payment.links.payout).toMatch(/^PO/);
      const actions = await paymentActions(id);
      for (const action of ['submitted', 'confirmed', 'paid_out'])
        expect(
          actions.filter((a) => a === action),
          `${id} ${action}`,
        ).toHaveLength(1);
    }
  });
});

import { createServices, type ServiceOptions, type Services } from './container';
import type { Database, Queryable } from './db/db';
import { findOrganisation, listClockedOrganisations, setSandboxClock } from './domain/access/queries';
import type { OrganisationRow } from './domain/access/types';
import {
  advanceTarget,
  clockView,
  type ClockColumns,
  organisationNow,
  requireSandbox,
  type SandboxClockView,
} from './domain/sandbox-clock/clock';
import { OrganisationClock } from './domain/shared/clock';
import { notFound } from './domain/shared/errors';
import { createRecentCache } from './domain/shared/recent-cache';
import { createPayoutRunner } from './jobs/payouts';
import { pollingLoop } from './jobs/polling-loop';
import { createJobLease } from './jobs/job-lease';
import { createSchemeClock, schemeClockHandlers } from './jobs/scheme-clock';

/** How long one advance request applies moves before it answers where it got to (the API's limit is 29 s). */
const ADVANCE_BUDGET_MS = 20_000;
/**
 * Moves an advance applies per transaction, across as many stages as they take: it is the
 * organisation's own, no other runner shares it (on PGlite a request waits for one such transaction at most).
 */
const ADVANCE_BATCH = 50;

/**
 * Sandbox test clocks (issue #39, decision 0079). An organisation with a test clock has its own
 * time: its requests are served by services built around an `OrganisationClock` set from its row,
 * the background scheme clock and payout run pass it over, and an advance applies what falls due
 * up to the new time through the very same scheme clock and payout run, scoped to it, each move at
 * the time it falls due: stage by stage, in due order, one commit per batch.
 */
export function createSandboxClocks(options: ServiceOptions, main: { forgetCredentials: () => void }): SandboxClocks {
  const real = options.clock;
  const environment = options.environment;
  const built = new Map<string, { clock: OrganisationClock; services: Services }>();
  /** One advance at a time per organisation in this process; a second waits for the first. */
  const advancing = new Map<string, Promise<unknown>>();

  const servicesAround = (clock: OrganisationClock) =>
    createServices({ ...options, clock, sandboxClocks: self, shared: { forgetCredentials: main.forgetCredentials } });

  async function clockRow(db: Queryable, organisationId: string): Promise<OrganisationRow> {
    const row = await findOrganisation(db, organisationId);
    if (!row) throw notFound('organisations');
    return row;
  }

  /** Runs `work` after whatever this process is already doing with the organisation's clock. */
  async function exclusive<T>(organisationId: string, work: () => Promise<T>): Promise<T> {
    const before = advancing.get(organisationId) ?? Promise.resolve();
    const run = before.catch(() => {}).then(work);
    advancing.set(organisationId, run);
    try {
      return await run;
    } finally {
      if (advancing.get(organisationId) === run) advancing.delete(organisationId);
    }
  }

  const recentClocks = createRecentCache<ClockColumns>(options.recentReadTtlMs);
  /** Whatever changes an organisation's clock: this process's caches of it are dropped. */
  const forget = (organisationId: string) => {
    recentClocks.forget(organisationId);
    main.forgetCredentials();
  };

  /**
   * The services around the organisation's clock, set to its time from `row` (undefined: it has
   * none). One set per organisation, so its ids keep their order while frozen.
   */
  function servicesAt(organisationId: string, row: ClockColumns | null | undefined): Services | undefined {
    if (!row?.sandbox_clock_at) return undefined;
    let entry = built.get(organisationId);
    if (!entry) {
      const clock = new OrganisationClock(real, organisationNow(row, real.now()));
      entry = { clock, services: servicesAround(clock) };
      built.set(organisationId, entry);
    }
    entry.clock.set(organisationNow(row, real.now()));
    return entry.services;
  }

  const self: SandboxClocks = {
    start: (intervalMs) => loop.start(intervalMs),
    stop: () => loop.stop(),

    /**
     * The services an organisation's request is served by when it has a test clock (undefined:
     * it has none), their clock set to the organisation's time read now from its row, not from
     * the credential cache. One set per organisation, so its ids keep their order while frozen.
     */
    async servicesFor(db: Queryable, organisationId: string): Promise<Services | undefined> {
      if (environment !== 'sandbox') return undefined;
      return servicesAt(organisationId, await findOrganisation(db, organisationId));
    },

    /**
     * The same for a page (decision 0090): the organisation's clock columns are kept for the
     * recent-read time (a second), so a payer page costs no extra read; this process's own
     * freeze, advance and unfreeze forget them at once, another process's show within that time.
     */
    async servicesForPage(db: Queryable, organisationId: string): Promise<Services | undefined> {
      if (environment !== 'sandbox') return undefined;
      const row = await recentClocks.through(organisationId, async () => {
        const found = await findOrganisation(db, organisationId);
        return (
          found && {
            sandbox_clock_at: found.sandbox_clock_at,
            sandbox_clock_set_at: found.sandbox_clock_set_at,
            sandbox_clock_frozen: found.sandbox_clock_frozen,
          }
        );
      });
      return servicesAt(organisationId, row);
    },

    async view(db: Queryable, organisationId: string): Promise<SandboxClockView> {
      requireSandbox(environment);
      return clockView(await clockRow(db, organisationId), real.now());
    },

    /** Stops the organisation's time where it is now (its own, or real time on first use). */
    async freeze(tx: Queryable, organisationId: string): Promise<SandboxClockView> {
      requireSandbox(environment);
      const row = await clockRow(tx, organisationId);
      if (row.sandbox_clock_frozen) return clockView(row, real.now());
      const at = organisationNow(row, real.now());
      const updated = await setSandboxClock(tx, organisationId, { at, setAt: real.now(), frozen: true });
      forget(organisationId);
      return clockView(updated!, real.now());
    },

    /** Lets the organisation's time run on from where it stands, as fast as real time. */
    async unfreeze(tx: Queryable, organisationId: string): Promise<SandboxClockView> {
      requireSandbox(environment);
      const row = await clockRow(tx, organisationId);
      if (!row.sandbox_clock_frozen) return clockView(row, real.now());
      const updated = await setSandboxClock(tx, organisationId, {
        at: new Date(row.sandbox_clock_at!),
        setAt: real.now(),
        frozen: false,
      });
      forget(organisationId);
      return clockView(updated!, real.now());
    },

    /**
     * Freezes the organisation's clock and moves it to `to`, or on `by`, applying everything that
     * falls due meanwhile. Opens its own transactions (the route gives it the database). Answers
     * the clock where it got to: short of the target only when the time budget ran out first.
     */
    async advance(
      db: Database,
      organisationId: string,
      input: { to?: string; by?: string },
    ): Promise<SandboxClockView> {
      requireSandbox(environment);
      return exclusive(organisationId, async () => {
        const row = await clockRow(db, organisationId);
        const from = organisationNow(row, real.now());
        const target = advanceTarget(input, from);
        await advanceTo(db, organisationId, from, target, performance.now() + ADVANCE_BUDGET_MS);
        forget(organisationId);
        return clockView(await clockRow(db, organisationId), real.now());
      });
    },

    /**
     * The background share: each running (unfrozen) test clock is brought to its organisation's
     * time now, as the scheme clock does for real time. Frozen ones wait for an advance.
     */
    async runDue(): Promise<number> {
      if (environment !== 'sandbox') return 0;
      let moved = 0;
      for (const listed of await listClockedOrganisations(options.db)) {
        if (listed.sandbox_clock_frozen) continue;
        await exclusive(listed.id, async () => {
          // Read again inside the turn: an advance may have frozen it meanwhile.
          const row = await clockRow(options.db, listed.id);
          if (!row.sandbox_clock_at || row.sandbox_clock_frozen) return;
          const from = new Date(row.sandbox_clock_at);
          await advanceTo(options.db, row.id, from, organisationNow(row, real.now()), Infinity, { frozen: false });
          moved++;
        });
      }
      return moved;
    },
  };

  /**
   * Applies the organisation's moves due up to `target`, each stage at the time its first move
   * falls due: the clock is set there, the scheme clock applies everything due by then (and what
   * that books for the same moment), the payout run pays what has come in, and the organisation's
   * clock is written. A move that fails is retried by a later advance, not again in this one.
   */
  async function advanceTo(
    db: Database,
    organisationId: string,
    from: Date,
    target: Date,
    budgetEnd: number,
    keep: { frozen: boolean } = { frozen: true },
  ): Promise<void> {
    const clock = new OrganisationClock(real, from);
    const services = servicesAround(clock);
    const logger = options.logger;
    const schemeClock = createSchemeClock({
      db,
      clock,
      logger,
      counts: options.counts,
      handlers: schemeClockHandlers(services),
      organisationId,
      batchSize: ADVANCE_BATCH,
    });
    const payouts = createPayoutRunner({ db, logger, payouts: services.payouts, organisationId });
    let now = from;
    for (;;) {
      // Many stages, one commit (decision 0090): each stage exactly as before (one batch of the
      // moves due then, each in its savepoint, then the payout run), up to ADVANCE_BATCH moves.
      const chunk = await db.transaction(async (tx) => {
        let at = now;
        let applied = 0;
        let failed = 0;
        for (;;) {
          // One batch, then look again: what it booked for this same moment is the next stage's.
          const batch = await schemeClock.applyNextIn(tx, target, (due) => {
            clock.set(due.getTime() > at.getTime() ? due : at);
            return clock.now();
          });
          if (!batch) clock.set(target);
          applied += batch?.applied ?? 0;
          failed += batch?.failed ?? 0;
          await payouts.runDueIn(tx);
          at = clock.now();
          if (!batch || applied + failed >= ADVANCE_BATCH || performance.now() > budgetEnd)
            return { at, applied, failed, finished: !batch };
        }
      });
      options.counts?.schemeClockMoves(chunk.applied, chunk.failed);
      now = chunk.at;
      // Written once, at the end: the moves commit chunk by chunk, and the organisation's
      // requests meanwhile read the clock where the advance started.
      if (chunk.finished || performance.now() > budgetEnd) {
        await setSandboxClock(db, organisationId, { at: now, setAt: real.now(), ...keep });
        return;
      }
    }
  }

  const loop = pollingLoop('sandbox clocks', self.runDue, options.logger, createJobLease(options.db, 'sandbox_clocks'));
  return self;
}

/** Declared, not inferred: the services hold their test clocks, which build services. */
export interface SandboxClocks {
  servicesFor(db: Queryable, organisationId: string): Promise<Services | undefined>;
  servicesForPage(db: Queryable, organisationId: string): Promise<Services | undefined>;
  view(db: Queryable, organisationId: string): Promise<SandboxClockView>;
  freeze(tx: Queryable, organisationId: string): Promise<SandboxClockView>;
  unfreeze(tx: Queryable, organisationId: string): Promise<SandboxClockView>;
  advance(db: Database, organisationId: string, input: { to?: string; by?: string }): Promise<SandboxClockView>;
  runDue(): Promise<number>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

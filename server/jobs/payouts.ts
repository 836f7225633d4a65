import type { Database, Queryable } from '../db/db';
import { withSavepoint } from '../db/savepoint';
import type { PayoutService } from '../domain/payouts/service';
import type { Logger } from '../logger';
import { listClockedOrganisations } from '../domain/access/queries';
import type { OrganisationScope } from '../domain/shared/organisation-scope';
import { createJobLease } from './job-lease';
import { pollingLoop } from './polling-loop';

/**
 * The payout run: pays pending payouts whose arrival date has come, then makes a payout for each
 * creditor and currency with unpaid confirmed funds (the service decides whether one is due: a
 * default bank account, one a business day in live, a positive balance). Each creditor and
 * currency runs in its own transaction, so one failure never holds up the others, and several
 * processes may run it at once: the payment account lock and the conditional take of the ledger
 * entries pay each entry out once.
 */
/** How many due payouts `payDue` pays in one transaction (its default limit). */
const PAY_DUE_TAKE = 100;

export function createPayoutRunner(deps: {
  db: Database;
  logger: Logger;
  payouts: PayoutService;
  /** One organisation's payouts only: its test clock's advance (server/sandbox-clocks.ts). */
  organisationId?: string;
}) {
  const { db, logger, payouts } = deps;

  type Unit = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;
  /**
   * The run itself, in units of work: its own transactions for the background run; for an
   * advance that applies many stages in one, the caller's transaction, each payout made in a
   * savepoint so that one failure still stays alone.
   */
  async function runIn(
    read: Queryable,
    units: { pay: Unit; make: Unit },
    scope: OrganisationScope,
  ): Promise<{ paid: number; made: number }> {
    let paid = 0;
    for (;;) {
      const n = await units.pay((tx) => payouts.payDue(tx, scope));
      paid += n;
      // Fewer than a full take: none is left due (no second transaction to find nothing).
      if (n < PAY_DUE_TAKE) break;
    }
    let made = 0;
    for (const funds of await payouts.unpaidFunds(read, scope)) {
      try {
        const payout = await units.make((tx) =>
          payouts.payOut(tx, {
            organisationId: funds.organisation_id,
            creditorId: funds.creditor_id,
            currency: funds.currency,
          }),
        );
        if (payout) made++;
      } catch (error) {
        logger.error('payout run failed', {
          creditor: funds.creditor_id,
          currency: funds.currency,
          error: String(error),
        });
      }
    }
    return { paid, made };
  }

  async function runDue(): Promise<{ paid: number; made: number }> {
    // An organisation with a test clock pays out as its own clock moves (decision 0079).
    const scope: OrganisationScope = deps.organisationId
      ? { organisationId: deps.organisationId }
      : { exceptOrganisations: (await listClockedOrganisations(db)).map((o) => o.id) };
    const own: Unit = (work) => db.transaction(work);
    return runIn(db, { pay: own, make: own }, scope);
  }

  /**
   * One organisation's run inside the caller's transaction, each step in a savepoint (a failed
   * payout rolls back alone): a test clock's advance applies many stages in one commit (decision 0090).
   */
  function runDueIn(tx: Queryable): Promise<{ paid: number; made: number }> {
    const organisationId = deps.organisationId;
    if (!organisationId) throw new Error("runDueIn is for one organisation's payouts");
    return runIn(
      tx,
      { pay: (work) => work(tx), make: (work) => withSavepoint(tx, () => work(tx)) },
      { organisationId },
    );
  }

  const loop = pollingLoop('payout run', runDue, logger, createJobLease(db, 'payout_run'));
  return { runDue, runDueIn, start: loop.start, stop: loop.stop };
}

export type PayoutRunner = ReturnType<typeof createPayoutRunner>;

import type { Database } from '../db/db';
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

  async function runDue(): Promise<{ paid: number; made: number }> {
    // An organisation with a test clock pays out as its own clock moves (decision 0079).
    const scope: OrganisationScope = deps.organisationId
      ? { organisationId: deps.organisationId }
      : { exceptOrganisations: (await listClockedOrganisations(db)).map((o) => o.id) };
    let paid = 0;
    for (;;) {
      const n = await db.transaction((tx) => payouts.payDue(tx, scope));
      paid += n;
      // Fewer than a full take: none is left due (no second transaction to find nothing).
      if (n < PAY_DUE_TAKE) break;
    }
    let made = 0;
    for (const funds of await payouts.unpaidFunds(db, scope)) {
      try {
        const payout = await db.transaction((tx) =>
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

  const loop = pollingLoop('payout run', runDue, logger, createJobLease(db, 'payout_run'));
  return { runDue, start: loop.start, stop: loop.stop };
}

export type PayoutRunner = ReturnType<typeof createPayoutRunner>;

import type { Queryable } from '../../db/db';
import { listCreditorsOfOrganisation } from '../creditors/queries';
import { balancesOf } from '../ledger/service';
import { collectedByDay, outcomesBetween } from './queries';
import type { DomainContext } from '../shared/context';

export const HOME_DAYS = 90;

/**
 * What the dashboard's home shows an organisation: balances per creditor and currency (from the
 * ledger, as `GET /balances`), money collected per day over the last 90 days, and the share of
 * payments that failed or were charged back, each counted on the day it happened. Read only.
 */
export function createDashboardHomeService(ctx: DomainContext) {
  return {
    async summary(db: Queryable, organisationId: string) {
      const today = ctx.clock.now();
      const until = today.toISOString().slice(0, 10);
      const since = new Date(today.getTime() - (HOME_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      const creditors = await listCreditorsOfOrganisation(db, organisationId);
      const balances = [];
      for (const creditor of creditors.slice(0, 20)) {
        for (const balance of await balancesOf(db, creditor.id)) balances.push({ creditor: creditor.name, ...balance });
      }
      const from = new Date(`${since}T00:00:00Z`);
      const to = new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000);
      const outcomes = await outcomesBetween(db, organisationId, from, to);
      return {
        since,
        today: until,
        balances,
        collected: await collectedByDay(db, organisationId, from, to),
        total: outcomes.total,
        failed: outcomes.failed,
        chargedBack: outcomes.charged_back,
      };
    },
  };
}

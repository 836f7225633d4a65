import type { Queryable } from '../../db/db';
import { findCreditor, findCreditorById } from '../creditors/queries';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { notFound } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';
import { findLimit, listLimits, upsertLimit, type NegativeBalanceLimitRow } from './queries';

/** The spec: with no limit set, refunds may not take a creditor's balance below zero. */
export const DEFAULT_NEGATIVE_BALANCE_LIMIT = 0;

/**
 * Negative balance limits: the merchant reads them (`GET /negative_balance_limits`); only the
 * operator sets one (the CLI, an edge with its own transaction).
 */
export function createNegativeBalanceLimitService(ctx: DomainContext) {
  return {
    /** The limit a refund is checked against: the one set, or the default. */
    async limitOf(db: Queryable, creditorId: string, currency: string): Promise<number> {
      return (await findLimit(db, creditorId, currency))?.balance_limit ?? DEFAULT_NEGATIVE_BALANCE_LIMIT;
    },

    async set(
      tx: Queryable,
      creditorId: string,
      currency: string,
      balanceLimit: number,
    ): Promise<NegativeBalanceLimitRow> {
      const creditor = await findCreditorById(tx, creditorId);
      if (!creditor) throw notFound('creditors');
      return upsertLimit(
        tx,
        {
          id: ctx.ids('negativeBalanceLimit'),
          organisation_id: creditor.organisation_id,
          creditor_id: creditor.id,
          currency,
          balance_limit: balanceLimit,
        },
        ctx.clock.now(),
      );
    },

    /** Another organisation's creditor in the filter is not found, as on its own GET. */
    async list(
      db: Queryable,
      actor: Actor,
      filters: { creditor?: string; currency?: string },
      page: PageRequest,
    ): Promise<Page<NegativeBalanceLimitRow>> {
      if (filters.creditor) await findCreditor(db, actor.organisationId, filters.creditor);
      return listLimits(db, actor.organisationId, filters, page);
    },
  };
}

export type NegativeBalanceLimitService = ReturnType<typeof createNegativeBalanceLimitService>;

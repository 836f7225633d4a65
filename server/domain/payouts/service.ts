import type { Queryable } from '../../db/db';
import { listPayoutItems, listUnpaidFunds, type LedgerEntryRow } from '../ledger/queries';
import { taxesOfEntries, type PayoutItemTaxRow } from '../ledger/tax-queries';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import { findPayout, listPayouts, updatePayoutMetadata } from './queries';
import type { OrganisationScope as PayoutScope } from '../shared/organisation-scope';
import { bouncePayout, lockFundsAccount, makePayout, payDuePayouts } from './run';
import type { PayoutFilters, PayoutRow } from './types';

/** Payouts: what the merchant reads (and tags), and the runs that make and pay them. */
export function createPayoutService(ctx: DomainContext) {
  return {
    get: (db: Queryable, actor: Actor, id: string) => findPayout(db, actor.organisationId, id),

    list: (db: Queryable, actor: Actor, filters: PayoutFilters, page: PageRequest): Promise<Page<PayoutRow>> =>
      listPayouts(db, actor.organisationId, filters, page),

    async updateMetadata(tx: Queryable, actor: Actor, id: string, metadata: Metadata): Promise<PayoutRow> {
      await findPayout(tx, actor.organisationId, id, { lock: true });
      return updatePayoutMetadata(tx, id, metadata, ctx.clock.now());
    },

    /**
     * A payout's items, oldest first: its entries on the creditor's balance, so they add up to its
     * amount, with the taxes of its fees by entry id. Paged forwards by id (`after`), as the
     * official client's `all()` walks them.
     */
    async items(
      db: Queryable,
      actor: Actor,
      payoutId: string,
      page: { after?: string; limit: number },
    ): Promise<{
      payout: PayoutRow;
      items: LedgerEntryRow[];
      taxes: Map<string, PayoutItemTaxRow>;
      after: string | null;
    }> {
      const payout = await findPayout(db, actor.organisationId, payoutId);
      const rows = await listPayoutItems(db, payoutId, { after: page.after, limit: page.limit + 1 });
      const items = rows.slice(0, page.limit);
      const taxes = await taxesOfEntries(
        db,
        items.map((item) => item.id),
      );
      return { payout, items, taxes, after: rows.length > page.limit ? items[items.length - 1]!.id : null };
    },

    /** One creditor's payout in a currency, in the caller's unit of work (the clock's, when a payment is due). */
    payOut: (tx: Queryable, funds: { organisationId: string; creditorId: string; currency: string }) =>
      makePayout(tx, ctx, funds),

    /** Takes the lock a payout takes first, for a caller that will lock payments before paying out. */
    lockFunds: (tx: Queryable, funds: { organisationId: string; creditorId: string; currency: string }) =>
      lockFundsAccount(tx, ctx, funds),

    /** Where the payout job looks: every creditor and currency with unpaid confirmed funds (of whom `scope` says). */
    unpaidFunds: (db: Queryable, scope?: PayoutScope) => listUnpaidFunds(db, scope),

    payDue: (tx: Queryable, scope?: PayoutScope) => payDuePayouts(tx, ctx, 100, scope),

    /** The sandbox's `payout_bounced`: the organisation's payout, which must be pending or paid. */
    async bounce(tx: Queryable, actor: Actor, id: string): Promise<PayoutRow> {
      const payout = await findPayout(tx, actor.organisationId, id, { lock: true });
      return bouncePayout(tx, ctx, payout);
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;

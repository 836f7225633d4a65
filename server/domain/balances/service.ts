import type { Queryable } from '../../db/db';
import { findCreditor } from '../creditors/queries';
import { balancesOf, type Balance } from '../ledger/service';
import type { Actor } from '../shared/actor';

export interface CreditorBalance extends Balance {
  creditor_id: string;
}

/**
 * `GET /balances?creditor=`: the creditor's balances per currency, summed from the ledger when
 * asked (never a counter kept beside it). Another organisation's creditor is not found.
 */
export function createBalanceService() {
  return {
    async list(db: Queryable, actor: Actor, creditorId: string): Promise<CreditorBalance[]> {
      const creditor = await findCreditor(db, actor.organisationId, creditorId);
      return (await balancesOf(db, creditor.id)).map((balance) => ({ ...balance, creditor_id: creditor.id }));
    },
  };
}

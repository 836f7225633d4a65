import type { Queryable } from '../../db/db';
import { findBankAccountById } from '../bank-accounts/queries';
import { findCustomerGivenName } from '../customers/queries';
import { findMandate } from '../mandates/queries';
import { NAME_TRIGGERS } from '../scenarios/name-triggers';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, notFound } from '../shared/errors';
import { findSimulatedFunds, upsertSimulatedFunds } from './queries';

const PENNILESS = 'Penniless';

/** Mandates a payment could still be taken on: the others' accounts are not asked. */
const CAN_COLLECT = ['pending_customer_approval', 'pending_submission', 'submitted', 'active'];

/**
 * Funds availability (public API `funds_availability`): whether a mandate's account can take an
 * amount now. Only the sandbox can answer, from its simulated bank: the funds set for the account
 * (`setSimulatedFunds`), else enough, except for a payer named by the `Penniless` trigger. Live has
 * no bank connection to ask, so it refuses rather than guess (decision 0036).
 */
export function createFundsAvailabilityService(ctx: DomainContext) {
  return {
    async check(db: Queryable, actor: Actor, mandateId: string, amount: number): Promise<{ available: boolean }> {
      const mandate = await findMandate(db, actor.organisationId, mandateId);
      if (ctx.environment !== 'sandbox') {
        throw new DomainError('feature_disabled', { messageKey: 'reason.funds_availability_sandbox_only' });
      }
      if (!CAN_COLLECT.includes(mandate.status)) throw new DomainError('mandate_is_inactive');
      const set = await findSimulatedFunds(db, mandate.customer_bank_account_id);
      if (set) return { available: set.available_amount >= amount };
      // The name trigger whose payments fail for lack of funds holds none (schemes.md § 5).
      const givenName = await findCustomerGivenName(db, mandate.customer_id);
      return { available: !(givenName === PENNILESS && PENNILESS in NAME_TRIGGERS) };
    },

    /** Sandbox only: the funds the simulated bank says an account holds (tests, `cli sandbox-funds`). */
    async setSimulatedFunds(tx: Queryable, bankAccountId: string, availableAmount: number) {
      if (ctx.environment !== 'sandbox') {
        throw new DomainError('feature_disabled', { messageKey: 'reason.funds_availability_sandbox_only' });
      }
      const account = await findBankAccountById(tx, bankAccountId);
      if (!account) throw notFound('customer_bank_accounts');
      return upsertSimulatedFunds(
        tx,
        {
          customer_bank_account_id: account.id,
          organisation_id: account.organisation_id,
          available_amount: availableAmount,
        },
        ctx.clock.now(),
      );
    },
  };
}

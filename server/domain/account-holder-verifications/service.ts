import type { Queryable } from '../../db/db';
import type { BankAccountRow } from '../bank-accounts/types';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { asLink } from '../shared/lookup';
import { applyMove } from '../shared/state-machine';
import { findHolderVerification, insertHolderVerification } from './queries';
import { sandboxHolderMatch, type HolderMatch } from './sandbox-names';
import { HOLDER_VERIFICATION_MACHINE } from './state';
import type { HolderVerificationRow, HolderVerificationType } from './types';

export interface CreateHolderVerification {
  type: HolderVerificationType;
  reference?: string | null;
  links: { bank_account: string };
}

export interface HolderVerificationDeps {
  /** The organisation's bank account, 404 when it is not theirs or its customer was removed. */
  findBankAccount: (db: Queryable, actor: Actor, id: string) => Promise<BankAccountRow>;
}

/** Live has no confirmation-of-payee provider yet: every check answers that it could not be made. */
const NO_PROVIDER: HolderMatch = { result: 'unable_to_match', actualAccountName: null };

/**
 * Bank account holder verifications (confirmation of payee): use cases taking the caller's unit of
 * work first. The sandbox's bank answers at once from the holder name (`sandbox-names.ts`), so a
 * check is created `pending` and completed in the same unit of work; a live provider answering
 * later would complete it with the same move.
 */
export function createHolderVerificationService(ctx: DomainContext, deps: HolderVerificationDeps) {
  const askBank = (holderName: string): HolderMatch =>
    ctx.environment === 'sandbox' ? sandboxHolderMatch(holderName) : NO_PROVIDER;

  async function verify(tx: Queryable, actor: Actor, input: CreateHolderVerification, account: BankAccountRow) {
    const pending = await insertHolderVerification(tx, {
      id: ctx.ids('bankAccountHolderVerification'),
      organisation_id: actor.organisationId,
      customer_bank_account_id: account.id,
      reference: input.reference?.trim() || null,
      created_at: ctx.clock.now(),
    });
    const answer = askBank(account.account_holder_name);
    return applyMove(tx, ctx, HOLDER_VERIFICATION_MACHINE, pending, 'complete', {
      actor,
      set: { result: answer.result, actual_account_name: answer.actualAccountName },
    });
  }

  return {
    /** What the sandbox's or live's bank answers for a holder name, for the payer pages. */
    askBank,

    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateHolderVerification,
      options: { idempotencyKey?: string } = {},
    ): Promise<HolderVerificationRow> {
      const account = await asLink('bank_account', () => deps.findBankAccount(tx, actor, input.links.bank_account));
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => verify(tx, actor, input, account));
    },

    get: (db: Queryable, actor: Actor, id: string) => findHolderVerification(db, actor.organisationId, id),
  };
}

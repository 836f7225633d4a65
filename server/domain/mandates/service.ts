import type { Queryable } from '../../db/db';
import { bankAccountsTable } from '../bank-accounts/queries';
import type { BankAccountRow } from '../bank-accounts/types';
import type { EventDetails } from '../events/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import { unschedule, type ClockWork, type ScheduledTransition } from '../shared/schedule';
import { applyMove, canMove, type MoveOptions } from '../shared/state-machine';
import { findById } from '../shared/table';
import { applyScheduledMandateMove } from './clock';
import { createMandate, type MandateSetup } from './create';
import { createMandateForAccount, type CreateMandateForAccount, type MandateParties } from './create-for-account';
import {
  findMandate,
  listMandates,
  lockMandatesOf,
  lockMandatesReplacedBy,
  updateMandateMetadata,
  type MandateFilters,
  type MandateHolder,
  type mandatesTable,
} from './queries';
import { COLLECTABLE, MANDATE_MACHINE, MANDATE_MOVES, MAX_REINSTATEMENTS, type MandateMove } from './state';
import type { MandateRow } from './types';

export interface MandateDeps {
  /** Cancels what a cancelled mandate can no longer collect: pending payments, subscriptions, schedules. */
  cascadeCancellation: (tx: Queryable, actor: Actor, mandate: MandateRow) => Promise<void>;
  /** The account, creditor and customer a mandate on an existing account is made for (built after mandates). */
  parties: () => MandateParties;
}

/** Mandates: use cases taking the caller's unit of work (`tx`) first, as every service does. */
export function createMandateService(ctx: DomainContext, deps: MandateDeps) {
  const find = (db: Queryable, actor: Actor, id: string, lock = false) =>
    findMandate(db, actor.organisationId, id, { lock });

  /** Applies a move through the one state runner (event, follow-ups and refusal included). */
  const transition = (
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    name: MandateMove,
    extra: Omit<MoveOptions<typeof mandatesTable>, 'actor'> = {},
  ): Promise<MandateRow> => applyMove(tx, ctx, MANDATE_MACHINE, mandate, name, { actor, ...extra });

  /** Cancels the mandate and, with it, what it can no longer collect. */
  async function cancelMandate(
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    options: { metadata?: Metadata; cause?: string } = {},
  ) {
    const cancelled = await transition(tx, actor, mandate, 'cancel', options);
    await deps.cascadeCancellation(tx, actor, cancelled);
    return cancelled;
  }

  /** Cancels every mandate of the holder that can still be cancelled (cascade of removals). */
  async function cancelAllOf(tx: Queryable, actor: Actor, holder: MandateHolder, cause: string) {
    for (const mandate of await lockMandatesOf(tx, holder, MANDATE_MOVES.cancel.from)) {
      await cancelMandate(tx, actor, mandate, { cause });
    }
  }

  /** Replaces an old mandate by a new one: cancelled, with links.new_mandate (event `replaced`). */
  async function replace(tx: Queryable, actor: Actor, old: MandateRow, replacement: MandateRow) {
    const replaced = await transition(tx, actor, old, 'replace', {
      links: { new_mandate: replacement.id },
      set: { new_mandate_id: replacement.id },
    });
    await deps.cascadeCancellation(tx, actor, replaced);
    return replaced;
  }

  /**
   * A move the bank reports (in the sandbox, a scenario simulator). A mandate the move ends (failed,
   * expired, suspended) drops its scheduled moves and cancels what it can no longer collect.
   */
  async function bankMove(
    tx: Queryable,
    mandate: MandateRow,
    name: MandateMove,
    details?: EventDetails,
  ): Promise<MandateRow> {
    const bank: Actor = { organisationId: mandate.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
    const moved = await transition(tx, bank, mandate, name, { details, followUps: false });
    if (!COLLECTABLE.includes(moved.status)) {
      await unschedule(tx, mandate.id);
      await deps.cascadeCancellation(tx, bank, moved);
    }
    return moved;
  }

  return {
    find,
    bankMove,

    /** Creates a mandate in the caller's transaction: POST /mandates and billing request fulfilment. */
    create: (tx: Queryable, actor: Actor, setup: MandateSetup) => createMandate(tx, ctx, actor, setup),

    /** POST /mandates: a mandate on an existing customer bank account. */
    createForAccount: (
      tx: Queryable,
      actor: Actor,
      input: CreateMandateForAccount,
      options: { idempotencyKey?: string } = {},
    ) => createMandateForAccount(ctx, deps.parties())(tx, actor, input, options),

    /**
     * A new mandate replaces the customer's collectable ones with the same creditor and scheme on
     * another bank account (the customer moved to a new account): each is cancelled with links.new_mandate.
     */
    async replaceEarlier(tx: Queryable, actor: Actor, mandate: MandateRow): Promise<void> {
      for (const old of await lockMandatesReplacedBy(tx, mandate, COLLECTABLE)) await replace(tx, actor, old, mandate);
    },

    get: (db: Queryable, actor: Actor, id: string) => find(db, actor, id),

    list: (db: Queryable, actor: Actor, filters: MandateFilters, page: PageRequest): Promise<Page<MandateRow>> =>
      listMandates(db, actor.organisationId, filters, page),

    async updateMetadata(tx: Queryable, actor: Actor, id: string, metadata: Metadata): Promise<MandateRow> {
      await find(tx, actor, id, true);
      return updateMandateMetadata(tx, id, metadata, ctx.clock.now());
    },

    async cancel(tx: Queryable, actor: Actor, id: string, metadata?: Metadata): Promise<MandateRow> {
      return cancelMandate(tx, actor, await find(tx, actor, id, true), { metadata });
    },

    /**
     * Reinstates a cancelled or expired mandate (at most 10 times): `resubmission_requested` now,
     * then the scheme clock resubmits it (`submitted`) and, up to two working days later in live,
     * reinstates it (`reinstated`).
     */
    async reinstate(tx: Queryable, actor: Actor, id: string, metadata?: Metadata): Promise<MandateRow> {
      const mandate = await find(tx, actor, id, true);
      if (mandate.new_mandate_id)
        throw new DomainError('mandate_replaced', { links: { new_mandate: mandate.new_mandate_id } });
      if (!canMove(MANDATE_MACHINE, mandate.status, 'reinstate')) throw new DomainError('mandate_not_inactive');
      if (mandate.reinstate_count >= MAX_REINSTATEMENTS) {
        throw new DomainError('mandate_reinstatement_limit_reached', { params: { max: MAX_REINSTATEMENTS } });
      }
      const account = await findById<BankAccountRow>(tx, bankAccountsTable, mandate.customer_bank_account_id);
      if (!account?.enabled) throw new DomainError('bank_account_disabled');
      return transition(tx, actor, mandate, 'reinstate', {
        metadata,
        set: { reinstate_count: mandate.reinstate_count + 1 },
      });
    },

    cancelAllForCustomer: (tx: Queryable, actor: Actor, customerId: string) =>
      cancelAllOf(tx, actor, { customer: customerId }, 'customer_removed'),
    cancelAllForBankAccount: (tx: Queryable, actor: Actor, bankAccountId: string) =>
      cancelAllOf(tx, actor, { bankAccount: bankAccountId }, 'bank_account_disabled'),

    /** The scheme clock's moves for mandates. A move no longer possible (cancelled since) is dropped. */
    clockWork: {
      machine: MANDATE_MACHINE,
      apply: (tx: Queryable, item: ScheduledTransition) => applyScheduledMandateMove(tx, ctx, item),
    } satisfies ClockWork,
  };
}

export type MandateService = ReturnType<typeof createMandateService>;

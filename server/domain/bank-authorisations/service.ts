import type { Queryable } from '../../db/db';
import { checkBankAccount, type BankAccountInput, type BankAccountService } from '../bank-accounts/service';
import { findAction } from '../billing-requests/actions';
import { completeBankAuthorisation, setBankAuthorisation } from '../billing-requests/queries';
import type { BillingRequestCore } from '../billing-requests/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import type { ClockWork, ScheduledTransition } from '../shared/schedule';
import { applyMove, bookFollowUps } from '../shared/state-machine';
import {
  endLifetime,
  findBankAuthorisation,
  findBankAuthorisationById,
  insertBankAuthorisation,
  markVisited,
} from './queries';
import { BANK_AUTHORISATION_MACHINE, OUTCOME_MOVES } from './state';
import type { BankAuthorisationRow } from './types';

/** Spec: the URL lives about 15 minutes. */
export const BANK_AUTHORISATION_LIFETIME_MS = 15 * 60_000;

export type BankOutcome = 'authorised' | 'denied' | 'failed';

/** The scheme clock's expiry as booked before the machine declared it (`expire`): still applied. */
const EXPIRE_AS_BOOKED_BEFORE = 'expire_bank_authorisation';

/**
 * Bank authorisations: the payer's trip to their bank. Only the hosted flow creates them (a
 * merchant token cannot). The simulated bank reports an outcome, which writes the spec's events
 * (bank_authorisation_authorised / _denied / _failed) on the billing request; an authorisation
 * left for 15 minutes is expired and its outcome is a timeout. Every use case takes the caller's
 * unit of work first (`tx`, or `db` for reads).
 */
export function createBankAuthorisationService(
  ctx: DomainContext,
  deps: { billingRequests: BillingRequestCore; bankAccounts: BankAccountService },
) {
  const expired = (row: BankAuthorisationRow) => row.expires_at.getTime() <= ctx.clock.now().getTime();

  /**
   * What a read shows: a pending authorisation past its lifetime is expired. Reads never write;
   * the next write on it (`settle`) persists the move and its event.
   */
  const present = (row: BankAuthorisationRow): BankAuthorisationRow =>
    row.status === 'pending' && expired(row) ? { ...row, status: 'expired' } : row;

  const recordOutcome = async (tx: Queryable, actor: Actor, row: BankAuthorisationRow, action: string) => {
    const request = await deps.billingRequests.lock(tx, actor, row.billing_request_id);
    await deps.billingRequests.recordEvent(tx, actor, request, {
      action,
      links: { bank_authorisation: row.id, ...(row.flow_id ? { billing_request_flow: row.flow_id } : {}) },
    });
  };

  /** Marks an authorisation past its lifetime as expired (once), with its event. */
  async function expireIfDue(tx: Queryable, actor: Actor, row: BankAuthorisationRow): Promise<BankAuthorisationRow> {
    if (row.status !== 'pending' || !expired(row)) return row;
    const expiredRow = await applyMove(tx, ctx, BANK_AUTHORISATION_MACHINE, row, 'expire', {
      actor,
      set: { completed_at: ctx.clock.now() },
    });
    await recordOutcome(tx, actor, expiredRow, 'bank_authorisation_expired');
    return expiredRow;
  }

  async function lockRow(tx: Queryable, id: string): Promise<BankAuthorisationRow> {
    const row = await findBankAuthorisationById(tx, id, { lock: true });
    if (!row) throw new DomainError('resource_not_found', { params: { resource: 'bank_authorisations' } });
    return row;
  }

  /** Locks the authorisation and writes its expiry if it is due: what every write starts with. */
  const settle = async (tx: Queryable, actor: Actor, id: string) => expireIfDue(tx, actor, await lockRow(tx, id));

  /**
   * What the payer's authorisation at their bank does to the billing request: the
   * bank_authorisation action is completed and, where it stands for collect_bank_account, the
   * account the bank confirmed is attached. Also used by the sandbox's billing request simulators.
   */
  async function applyAuthorisation(tx: Queryable, actor: Actor, billingRequestId: string, account?: BankAccountInput) {
    const request = await deps.billingRequests.lock(tx, actor, billingRequestId);
    const view = await deps.billingRequests.settle(tx, request.id);
    let bankAccountId = request.customer_bank_account_id;
    const collects = findAction(view.actions, 'bank_authorisation')?.completes_actions.includes('collect_bank_account');
    if (collects && account) {
      const bankAccount = await deps.bankAccounts.collectForCustomer(
        tx,
        actor,
        request.customer_id,
        checkBankAccount(account),
      );
      bankAccountId = bankAccount.id;
    }
    await completeBankAuthorisation(tx, request.id, bankAccountId, ctx.clock.now());
    return deps.billingRequests.settle(tx, request.id);
  }

  return {
    expired,
    settle,
    applyAuthorisation,

    /** For the hosted flow: a new authorisation for the request's pending bank_authorisation action. */
    async createForFlow(
      tx: Queryable,
      actor: Actor,
      input: { billingRequestId: string; flowId: string | null; redirectUri: string },
    ): Promise<BankAuthorisationRow> {
      const request = await deps.billingRequests.lock(tx, actor, input.billingRequestId);
      const view = await deps.billingRequests.settle(tx, request.id);
      const action = findAction(view.actions, 'bank_authorisation');
      if (!action || action.status === 'completed')
        throw new DomainError('action_not_required', { params: { action: 'bank_authorisation' } });
      const missing = action.requires_actions.filter((r) => findAction(view.actions, r)?.status !== 'completed');
      if (missing.length)
        throw new DomainError('action_requirements_not_met', { params: { actions: missing.join(', ') } });
      const now = ctx.clock.now();
      const row = await insertBankAuthorisation(tx, {
        id: ctx.ids('bankAuthorisation'),
        organisation_id: request.organisation_id,
        billing_request_id: request.id,
        flow_id: input.flowId,
        institution_id: request.institution?.id ?? 'payto',
        authorisation_type: action.bank_authorisation!.authorisation_type,
        redirect_uri: input.redirectUri,
        created_at: now,
        expires_at: new Date(now.getTime() + BANK_AUTHORISATION_LIFETIME_MS),
      });
      await setBankAuthorisation(tx, request.id, row.id, now);
      await bookFollowUps(tx, ctx, BANK_AUTHORISATION_MACHINE, 'created', row);
      return row;
    },

    /**
     * The scheme clock's handler for billing requests' scheduled moves: an authorisation whose
     * lifetime ended expires (nothing happens to one already answered, or already expired).
     */
    clockWork: {
      machine: BANK_AUTHORISATION_MACHINE,
      async apply(tx: Queryable, item: ScheduledTransition): Promise<void> {
        if (item.transition !== 'expire' && item.transition !== EXPIRE_AS_BOOKED_BEFORE)
          throw new Error(`no scheduled move ${item.transition}`);
        const row = await findBankAuthorisationById(tx, item.resource_id, { lock: true });
        const clock: Actor = {
          organisationId: item.organisation_id,
          origin: 'gocardless',
          source: { type: 'gc_team' },
        };
        if (row) await expireIfDue(tx, clock, row);
      },
    } satisfies ClockWork,

    /** For the (simulated) bank: an authorisation by its id alone, which only its link carries. */
    async findForBank(db: Queryable, id: string): Promise<BankAuthorisationRow | undefined> {
      if (!/^BAU[0-9A-Z]{26}$/.test(id)) return undefined;
      const row = await findBankAuthorisationById(db, id);
      return row && present(row);
    },

    get: async (db: Queryable, actor: Actor, id: string): Promise<BankAuthorisationRow> =>
      present(await findBankAuthorisation(db, actor.organisationId, id)),

    /** The payer opened the bank's page: `last_visited_at`, and the visited event the first time. */
    async visit(tx: Queryable, actor: Actor, id: string): Promise<BankAuthorisationRow> {
      const row = await settle(tx, actor, id);
      if (row.status !== 'pending') return row;
      const visited = await markVisited(tx, id, ctx.clock.now());
      if (row.last_visited_at === null) await recordOutcome(tx, actor, visited, 'bank_authorisation_visited');
      return visited;
    },

    /**
     * Sandbox scenario: the payer lets the authorisation run out without waiting 15 minutes. Its
     * lifetime ends now, and it expires exactly as a real one would (event, then outcome=timeout).
     */
    async simulateTimeout(tx: Queryable, actor: Actor, id: string): Promise<BankAuthorisationRow> {
      if (ctx.environment !== 'sandbox') throw new DomainError('forbidden');
      const row = await lockRow(tx, id);
      if (row.status !== 'pending') throw new DomainError('bank_authorisation_not_pending');
      return expireIfDue(tx, actor, await endLifetime(tx, id, ctx.clock.now()));
    },

    /**
     * The payer chose another bank (or changed the account) after one was opened: the pending
     * authorisation can no longer be answered. Its lifetime ends now and it expires, with its event.
     */
    async withdraw(tx: Queryable, actor: Actor, id: string): Promise<BankAuthorisationRow> {
      const row = await settle(tx, actor, id);
      if (row.status !== 'pending') return row;
      return expireIfDue(tx, actor, await endLifetime(tx, id, ctx.clock.now()));
    },

    /**
     * The bank's answer. Authorised completes the bank_authorisation action and, where the request
     * sets up a mandate, attaches the account the bank confirmed. Refused once expired or decided.
     */
    async complete(
      tx: Queryable,
      actor: Actor,
      id: string,
      outcome: BankOutcome,
      account?: BankAccountInput,
    ): Promise<BankAuthorisationRow> {
      const row = await settle(tx, actor, id);
      if (row.status === 'expired') throw new DomainError('bank_authorisation_expired');
      const now = ctx.clock.now();
      const updated = await applyMove(tx, ctx, BANK_AUTHORISATION_MACHINE, row, OUTCOME_MOVES[outcome], {
        actor,
        set: { completed_at: now, authorised_at: outcome === 'authorised' ? now : null },
      });
      if (outcome === 'authorised') await applyAuthorisation(tx, actor, row.billing_request_id, account);
      await recordOutcome(tx, actor, updated, `bank_authorisation_${outcome}`);
      return updated;
    },
  };
}

export type BankAuthorisationService = ReturnType<typeof createBankAuthorisationService>;

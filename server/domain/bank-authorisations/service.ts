import type { Queryable } from '../../db/db';
import { applyMove } from '../shared/state-machine';
import { BANK_AUTHORISATION_MACHINE, OUTCOME_MOVES } from './state';
import { checkBankAccount, type BankAccountInput, type BankAccountService } from '../bank-accounts/service';
import { findAction } from '../billing-requests/actions';
import type { BillingRequestCore } from '../billing-requests/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import { findOwnedLegacy as findOwned } from '../shared/lookup';
import type { BankAuthorisationRow } from './types';

/** Spec: the URL lives about 15 minutes. */
export const BANK_AUTHORISATION_LIFETIME_MS = 15 * 60_000;

export type BankOutcome = 'authorised' | 'denied' | 'failed';

/**
 * Bank authorisations: the payer's trip to their bank. Only the hosted flow creates them (a
 * merchant token cannot). The simulated bank reports an outcome, which writes the spec's events
 * (bank_authorisation_authorised / _denied / _failed) on the billing request; an authorisation
 * left for 15 minutes is expired and its outcome is a timeout.
 */
export function createBankAuthorisationService(
  ctx: DomainContext,
  deps: { billingRequests: BillingRequestCore; bankAccounts: BankAccountService },
) {
  const expired = (row: BankAuthorisationRow) => row.expires_at.getTime() <= ctx.clock.now().getTime();

  const recordOutcome = (tx: Queryable, actor: Actor, row: BankAuthorisationRow, action: string) =>
    deps.billingRequests.lock(tx, actor, row.billing_request_id).then((request) =>
      deps.billingRequests.recordEvent(tx, actor, request, {
        action,
        links: { bank_authorisation: row.id, ...(row.flow_id ? { billing_request_flow: row.flow_id } : {}) },
      }),
    );

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

  /** Expiry is committed on its own, so a refused late answer still leaves the authorisation expired. */
  const settleExpiry = (actor: Actor, id: string) =>
    ctx.db.transaction(async (tx) => expireIfDue(tx, actor, await lockRow(tx, id)));

  async function lockRow(tx: Queryable, id: string): Promise<BankAuthorisationRow> {
    const { rows } = await tx.query<BankAuthorisationRow>(
      'SELECT * FROM bank_authorisations WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!rows[0]) throw new DomainError('resource_not_found', { params: { resource: 'bank_authorisations' } });
    return rows[0];
  }

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
    await tx.query(
      'UPDATE billing_requests SET completed_actions = array_append(array_remove(completed_actions, $2), $2), customer_bank_account_id = $3, updated_at = $4 WHERE id = $1',
      [request.id, 'bank_authorisation', bankAccountId, ctx.clock.now()],
    );
    return deps.billingRequests.settle(tx, request.id);
  }

  return {
    expired,
    applyAuthorisation,

    /** For the hosted flow: a new authorisation for the request's pending bank_authorisation action. */
    async createForFlow(
      actor: Actor,
      input: { billingRequestId: string; flowId: string; redirectUri: string },
    ): Promise<BankAuthorisationRow> {
      return ctx.db.transaction(async (tx) => {
        const request = await deps.billingRequests.lock(tx, actor, input.billingRequestId);
        const view = await deps.billingRequests.settle(tx, request.id);
        const action = findAction(view.actions, 'bank_authorisation');
        if (!action || action.status === 'completed')
          throw new DomainError('action_not_required', { params: { action: 'bank_authorisation' } });
        const missing = action.requires_actions.filter((r) => findAction(view.actions, r)?.status !== 'completed');
        if (missing.length)
          throw new DomainError('action_requirements_not_met', { params: { actions: missing.join(', ') } });
        const now = ctx.clock.now();
        const { rows } = await tx.query<BankAuthorisationRow>(
          `INSERT INTO bank_authorisations (id, organisation_id, billing_request_id, flow_id, institution_id, authorisation_type, redirect_uri, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
          [
            ctx.ids('bankAuthorisation'),
            request.organisation_id,
            request.id,
            input.flowId,
            request.institution?.id ?? 'payto',
            action.bank_authorisation!.authorisation_type,
            input.redirectUri,
            now,
            new Date(now.getTime() + BANK_AUTHORISATION_LIFETIME_MS),
          ],
        );
        await tx.query('UPDATE billing_requests SET bank_authorisation_id = $2, updated_at = $3 WHERE id = $1', [
          request.id,
          rows[0]!.id,
          now,
        ]);
        return rows[0]!;
      });
    },

    /** For the (simulated) bank: an authorisation by its id alone, which only its link carries. */
    async findForBank(id: string): Promise<BankAuthorisationRow | undefined> {
      if (!/^BAU[0-9A-Z]{26}$/.test(id)) return undefined;
      const { rows } = await ctx.db.query<BankAuthorisationRow>('SELECT * FROM bank_authorisations WHERE id = $1', [
        id,
      ]);
      return rows[0];
    },

    async get(actor: Actor, id: string): Promise<BankAuthorisationRow> {
      await findOwned<BankAuthorisationRow>(ctx.db, 'bank_authorisations', actor.organisationId, id, {
        resource: 'bank_authorisations',
      });
      return settleExpiry(actor, id);
    },

    /** The payer opened the bank's page: `last_visited_at`, and the visited event the first time. */
    async visit(actor: Actor, id: string): Promise<BankAuthorisationRow> {
      await settleExpiry(actor, id);
      return ctx.db.transaction(async (tx) => {
        const row = await lockRow(tx, id);
        if (row.status !== 'pending') return row;
        const first = row.last_visited_at === null;
        const { rows } = await tx.query<BankAuthorisationRow>(
          'UPDATE bank_authorisations SET last_visited_at = $2 WHERE id = $1 RETURNING *',
          [id, ctx.clock.now()],
        );
        if (first) await recordOutcome(tx, actor, rows[0]!, 'bank_authorisation_visited');
        return rows[0]!;
      });
    },

    /**
     * Sandbox scenario: the payer lets the authorisation run out without waiting 15 minutes. Its
     * lifetime ends now, and it expires exactly as a real one would (event, then outcome=timeout).
     */
    async simulateTimeout(actor: Actor, id: string): Promise<BankAuthorisationRow> {
      if (ctx.environment !== 'sandbox') throw new DomainError('forbidden');
      return ctx.db.transaction(async (tx) => {
        const row = await lockRow(tx, id);
        if (row.status !== 'pending') throw new DomainError('bank_authorisation_not_pending');
        const { rows } = await tx.query<BankAuthorisationRow>(
          'UPDATE bank_authorisations SET expires_at = $2 WHERE id = $1 RETURNING *',
          [id, ctx.clock.now()],
        );
        return expireIfDue(tx, actor, rows[0]!);
      });
    },

    /**
     * The bank's answer. Authorised completes the bank_authorisation action and, where the request
     * sets up a mandate, attaches the account the bank confirmed. Refused once expired or decided.
     */
    async complete(
      actor: Actor,
      id: string,
      outcome: BankOutcome,
      account?: BankAccountInput,
    ): Promise<BankAuthorisationRow> {
      await settleExpiry(actor, id);
      return ctx.db.transaction(async (tx) => {
        const row = await lockRow(tx, id);
        if (row.status === 'expired') throw new DomainError('bank_authorisation_expired');
        const now = ctx.clock.now();
        const updated = await applyMove(tx, ctx, BANK_AUTHORISATION_MACHINE, row, OUTCOME_MOVES[outcome], {
          actor,
          set: { completed_at: now, authorised_at: outcome === 'authorised' ? now : null },
        });
        if (outcome === 'authorised') await applyAuthorisation(tx, actor, row.billing_request_id, account);
        await recordOutcome(tx, actor, updated, `bank_authorisation_${outcome}`);
        return updated;
      });
    },
  };
}

export type BankAuthorisationService = ReturnType<typeof createBankAuthorisationService>;

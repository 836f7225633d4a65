import type { Queryable } from '../../db/db';
import { withSavepoint } from '../../db/savepoint';
import type { BankAccountInput } from '../bank-accounts/service';
import type { BankAuthorisationService, BankOutcome } from '../bank-authorisations/service';
import type { BankAuthorisationRow } from '../bank-authorisations/types';
import type { BillingRequestActions, CollectCustomerDetails } from '../billing-requests/actions-service';
import type { BillingRequestCore } from '../billing-requests/service';
import type { BillingRequestView } from '../billing-requests/view';
import type { CreditorService } from '../creditors/service';
import type { CreditorRow } from '../creditors/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, isDomainError } from '../shared/errors';
import type { Currency } from '../shared/money';
import { claimVisit, setPayerConfirmed } from './queries';
import { markPayerAnswered } from './resume-codes';
import { answerKeptOnFlow } from './steps';
import type { FlowRow } from './types';

/**
 * A flow's link records its visit at most once in this long, whatever the cookies (issue #41.2): a
 * link opened by a client that keeps no cookie is a new session each time, and must not fill the
 * merchant's events (the payer rate limit lets 120 a minute through).
 */
export const FLOW_VISIT_WINDOW_MS = 5 * 60_000;

export interface PayerFlow {
  flow: FlowRow;
  view: BillingRequestView;
  actor: Actor;
  /**
   * Set when the flow backs a redirect flow the payer already finished: the merchant's return
   * address. Looked up only while the request is ready to fulfil, the one time it decides anything.
   */
  handedOverTo: string | null;
}

/** What a step that may finish the request answers: the request after it, and why fulfilment was refused. */
export interface StepResult {
  view: BillingRequestView;
  refused?: string;
  /** The flow backs a redirect flow: the payer goes back to the merchant, nothing was fulfilled. */
  handedOverTo?: string;
}

/** A flow that backs a redirect flow (legacy API) is handed back to the merchant instead of fulfilled. */
export interface RedirectHandOver {
  payerCompleted(tx: Queryable, flow: FlowRow, actor: Actor): Promise<string | null>;
  handedOver(db: Queryable, flow: FlowRow): Promise<string | null>;
}

/**
 * What the hosted pages do on the payer's behalf. The payer is identified by the flow (an
 * unguessable id in the link the merchant sent), not by a merchant token; every change goes
 * through the same billing-request use cases as the API, as the payer (origin `payer`), and the
 * flow's locks are honoured here because the API (the merchant) is not bound by them.
 *
 * Each step runs in the unit of work the page's bridge opens (`tx`); reads take `db`.
 */
export function createPayerFlowService(
  ctx: DomainContext,
  deps: {
    /** The billing-request use cases the payer flow drives: the same ones the API calls. */
    billingRequests: BillingRequestCore;
    billingRequestActions: BillingRequestActions;
    bankAuthorisations: BankAuthorisationService;
    findFlow: (db: Queryable, id: string) => Promise<FlowRow | undefined>;
    handOver?: RedirectHandOver;
    /** The creditor every page names, read at most once a second (its owner's recent read). */
    creditors: Pick<CreditorService, 'getRecent'>;
  },
) {
  const actorFor = (flow: FlowRow): Actor => ({
    organisationId: flow.organisation_id,
    origin: 'payer',
    source: { type: 'billing_request_flow', name: flow.id },
  });

  /** The creditor a payer's page names (the view's creditor name comes from the same read). */
  const creditorOf = (db: Queryable, actor: Actor, request: { creditor_id: string }): Promise<CreditorRow> =>
    deps.creditors.getRecent(db, actor, request.creditor_id);

  /**
   * What every payer page starts from, in as few statements as it can (issue 15): the flow, the
   * request with its customer, billing detail and account, and the creditor from its recent read.
   */
  async function load(db: Queryable, flowId: string): Promise<PayerFlow | null> {
    if (!/^BRF[0-9A-Z]{26}$/.test(flowId)) return null;
    const flow = await deps.findFlow(db, flowId);
    if (!flow) return null;
    const actor = actorFor(flow);
    const view = await deps.billingRequests.view(
      db,
      flow.billing_request_id,
      async (q, request) => (await creditorOf(q, actor, request)).name,
    );
    const handedOverTo =
      view.request.status === 'ready_to_fulfil' ? ((await deps.handOver?.handedOver(db, flow)) ?? null) : null;
    return { flow, view, actor, handedOverTo };
  }

  const locked = (reason: string) =>
    new DomainError('action_not_required', { messageKey: `reason.flow_${reason}_locked` });

  /**
   * Fulfils once everything is done (auto_fulfil is always on). A refusal (a block, say) is
   * reported, not thrown: the fulfilment runs in a savepoint, so what it began is undone while
   * the payer's step that led to it stays done and is committed with the unit of work.
   */
  async function finishIfReady(tx: Queryable, p: PayerFlow): Promise<StepResult> {
    const view = await deps.billingRequests.view(tx, p.flow.billing_request_id);
    if (view.request.status !== 'ready_to_fulfil') return { view };
    const handedOverTo = await deps.handOver?.payerCompleted(tx, p.flow, p.actor);
    if (handedOverTo) return { view, handedOverTo };
    try {
      return { view: await withSavepoint(tx, () => deps.billingRequestActions.fulfil(tx, p.actor, view.request.id)) };
    } catch (error) {
      if (isDomainError(error)) return { view, refused: error.reason };
      throw error;
    }
  }

  /**
   * An answer changed: what the payer confirmed no longer stands (they are asked to check and
   * confirm again), and an authorisation opened for the old bank or account cannot be used.
   */
  async function answerChanged(tx: Queryable, p: PayerFlow, options: { endAuthorisation: boolean }) {
    if (p.flow.payer_confirmed_at) await setPayerConfirmed(tx, p.flow.id, null);
    const authorisationId = p.view.request.bank_authorisation_id;
    if (options.endAuthorisation && authorisationId)
      await deps.bankAuthorisations.withdraw(tx, p.actor, authorisationId);
  }

  /**
   * The bank answered: the confirmation the payer gave before going there is applied now that the
   * request has what it needed (the account the bank shared), as the API orders the actions.
   */
  async function applyKeptConfirmation(tx: Queryable, p: PayerFlow) {
    const flow = await deps.findFlow(tx, p.flow.id);
    if (!flow?.payer_confirmed_at) return;
    const view = await deps.billingRequests.view(tx, p.flow.billing_request_id);
    const confirm = view.actions.find((action) => action.type === 'confirm_payer_details');
    const ready = confirm?.requires_actions.every(
      (type) => view.actions.find((action) => action.type === type)?.status === 'completed',
    );
    if (confirm?.status === 'pending' && ready)
      await deps.billingRequestActions.confirmPayerDetails(tx, p.actor, p.flow.billing_request_id, {});
  }

  async function recordFlowEvent(tx: Queryable, p: PayerFlow, action: 'flow_visited' | 'flow_exited') {
    const request = await deps.billingRequests.lock(tx, p.actor, p.flow.billing_request_id);
    await deps.billingRequests.recordEvent(tx, p.actor, request, {
      action,
      links: { billing_request_flow: p.flow.id },
    });
  }

  return {
    load,
    actorFor,
    /** The creditor the payer's request is for, as its pages show it. */
    creditorOf: (db: Queryable, p: PayerFlow) => creditorOf(db, p.actor, p.view.request),
    finishIfReady,
    /** The payer opened the link: `flow_visited`, unless one was recorded within the window. */
    async recordVisit(tx: Queryable, p: PayerFlow) {
      const now = ctx.clock.now();
      const since = new Date(now.getTime() - FLOW_VISIT_WINDOW_MS);
      if (await claimVisit(tx, p.flow.id, now, since)) await recordFlowEvent(tx, p, 'flow_visited');
    },

    /** The payer leaves; an authorisation that ran out on the way is expired first (reads only showed it so). */
    async recordExit(tx: Queryable, p: PayerFlow) {
      const authorisationId = p.view.request.bank_authorisation_id;
      if (authorisationId) await deps.bankAuthorisations.settle(tx, p.actor, authorisationId);
      await recordFlowEvent(tx, p, 'flow_exited');
    },

    async chooseCurrency(tx: Queryable, p: PayerFlow, currency: Currency) {
      if (p.flow.lock_currency) throw locked('currency');
      await answerChanged(tx, p, { endAuthorisation: true });
      return deps.billingRequestActions.chooseCurrency(tx, p.actor, p.flow.billing_request_id, { currency });
    },

    async collectDetails(tx: Queryable, p: PayerFlow, input: CollectCustomerDetails) {
      if (p.flow.lock_customer_details) throw locked('customer_details');
      await answerChanged(tx, p, { endAuthorisation: false });
      await deps.billingRequestActions.collectCustomerDetails(tx, p.actor, p.flow.billing_request_id, input);
      await markPayerAnswered(tx, p.flow.id, ctx.clock.now());
      return finishIfReady(tx, p);
    },

    async collectBankAccount(tx: Queryable, p: PayerFlow, input: BankAccountInput & { pay_id?: string | null }) {
      if (p.flow.lock_bank_account) throw locked('bank_account');
      await answerChanged(tx, p, { endAuthorisation: true });
      await deps.billingRequestActions.collectBankAccount(tx, p.actor, p.flow.billing_request_id, input);
      await markPayerAnswered(tx, p.flow.id, ctx.clock.now());
      return finishIfReady(tx, p);
    },

    /** Another bank (or the same again): an authorisation opened at the one before is withdrawn. */
    async selectInstitution(tx: Queryable, p: PayerFlow, institution: string, countryCode: string) {
      await answerChanged(tx, p, { endAuthorisation: true });
      await markPayerAnswered(tx, p.flow.id, ctx.clock.now());
      return deps.billingRequestActions.selectInstitution(tx, p.actor, p.flow.billing_request_id, {
        institution,
        country_code: countryCode,
      });
    },

    async fallback(tx: Queryable, p: PayerFlow) {
      await answerChanged(tx, p, { endAuthorisation: true });
      return deps.billingRequestActions.fallback(tx, p.actor, p.flow.billing_request_id);
    },

    /**
     * The payer confirms. When the bank is still to give the account the confirmation needs, the
     * flow keeps it and the bank's answer applies it; otherwise the request takes it now.
     */
    async confirm(tx: Queryable, p: PayerFlow): Promise<StepResult> {
      if (answerKeptOnFlow('confirm', p.view, p.flow)) {
        await setPayerConfirmed(tx, p.flow.id, ctx.clock.now());
        return { view: p.view };
      }
      await deps.billingRequestActions.confirmPayerDetails(tx, p.actor, p.flow.billing_request_id, {});
      return finishIfReady(tx, p);
    },

    /** The authorisation in progress if it is still usable, else a new one for the bank step. */
    async bankAuthorisation(tx: Queryable, p: PayerFlow): Promise<BankAuthorisationRow> {
      const id = p.view.request.bank_authorisation_id;
      if (id) {
        const current = await deps.bankAuthorisations.settle(tx, p.actor, id);
        if (current.status === 'pending') return current;
      }
      return deps.bankAuthorisations.createForFlow(tx, p.actor, {
        billingRequestId: p.flow.billing_request_id,
        flowId: p.flow.id,
        // From the drop-in the bank opens in a tab of its own (banks refuse framing): its return
        // page there tells the payer to go back to the merchant's page, where the flow carries on.
        redirectUri: `${ctx.publicUrl}/pay/${p.flow.id}/bank-return${p.actor.source.type === 'dropin' ? '?dropin=1' : ''}`,
      });
    },

    /**
     * The simulated bank's answer for an authorisation; then fulfils if that was the last action.
     * An answer after the authorisation ran out is refused, and the expiry it found is kept.
     */
    async bankOutcome(
      tx: Queryable,
      p: PayerFlow,
      bankAuthorisationId: string,
      outcome: BankOutcome,
      account?: BankAccountInput,
    ): Promise<StepResult> {
      const current = await deps.bankAuthorisations.settle(tx, p.actor, bankAuthorisationId);
      if (current.status === 'expired') {
        return {
          view: await deps.billingRequests.view(tx, p.flow.billing_request_id),
          refused: 'bank_authorisation_expired',
        };
      }
      await deps.bankAuthorisations.complete(tx, p.actor, bankAuthorisationId, outcome, account);
      if (outcome !== 'authorised') return { view: await deps.billingRequests.view(tx, p.flow.billing_request_id) };
      await applyKeptConfirmation(tx, p);
      return finishIfReady(tx, p);
    },
  };
}

import type { BankAccountInput } from '../bank-accounts/service';
import type { BillingRequestActions } from '../billing-requests/actions-service';
import type { BillingRequestCore } from '../billing-requests/service';
import type { Metadata } from '../shared/metadata';
import type { BankAuthorisationService, BankOutcome } from '../bank-authorisations/service';
import type { BankAuthorisationRow } from '../bank-authorisations/types';
import type { CollectCustomerDetails } from '../billing-requests/actions-service';
import type { BillingRequestView } from '../billing-requests/view';
import { loadView } from '../billing-requests/view';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, isDomainError } from '../shared/errors';
import type { Currency } from '../shared/money';
import type { FlowRow } from './types';

/** The billing-request use cases the payer flow drives: the same ones the API calls. */
type PayerBillingRequests = BillingRequestCore &
  BillingRequestActions & { fulfil(actor: Actor, id: string, metadata?: Metadata): Promise<BillingRequestView> };

export interface PayerFlow {
  flow: FlowRow;
  view: BillingRequestView;
  actor: Actor;
}

/**
 * What the hosted pages do on the payer's behalf. The payer is identified by the flow (an
 * unguessable id in the link the merchant sent), not by a merchant token; every change goes
 * through the same billing-request use cases as the API, as the payer (origin `payer`), and the
 * flow's locks are honoured here because the API (the merchant) is not bound by them.
 */
export function createPayerFlowService(
  ctx: DomainContext,
  deps: {
    billingRequests: PayerBillingRequests;
    bankAuthorisations: BankAuthorisationService;
    findFlow: (id: string) => Promise<FlowRow | undefined>;
  },
) {
  const actorFor = (flow: FlowRow): Actor => ({
    organisationId: flow.organisation_id,
    origin: 'payer',
    source: { type: 'billing_request_flow', name: flow.id },
  });

  async function load(flowId: string): Promise<PayerFlow | null> {
    if (!/^BRF[0-9A-Z]{26}$/.test(flowId)) return null;
    const flow = await deps.findFlow(flowId);
    if (!flow) return null;
    return { flow, view: await loadView(ctx.db, flow.billing_request_id), actor: actorFor(flow) };
  }

  const locked = (reason: string) =>
    new DomainError('action_not_required', { messageKey: `reason.flow_${reason}_locked` });

  /** Fulfils once everything is done (auto_fulfil is always on); a refusal is reported, not thrown. */
  async function finishIfReady(p: PayerFlow): Promise<{ view: BillingRequestView; refused?: string }> {
    const view = await loadView(ctx.db, p.flow.billing_request_id);
    if (view.request.status !== 'ready_to_fulfil') return { view };
    try {
      return { view: await deps.billingRequests.fulfil(p.actor, view.request.id) };
    } catch (error) {
      if (isDomainError(error)) return { view, refused: error.reason };
      throw error;
    }
  }

  async function recordFlowEvent(p: PayerFlow, action: 'flow_visited' | 'flow_exited') {
    await ctx.db.transaction(async (tx) => {
      const request = await deps.billingRequests.lock(tx, p.actor, p.flow.billing_request_id);
      await deps.billingRequests.recordEvent(tx, p.actor, request, {
        action,
        links: { billing_request_flow: p.flow.id },
      });
    });
  }

  return {
    load,
    actorFor,
    finishIfReady,
    recordVisit: (p: PayerFlow) => recordFlowEvent(p, 'flow_visited'),
    recordExit: (p: PayerFlow) => recordFlowEvent(p, 'flow_exited'),

    async chooseCurrency(p: PayerFlow, currency: Currency) {
      if (p.flow.lock_currency) throw locked('currency');
      return deps.billingRequests.chooseCurrency(p.actor, p.flow.billing_request_id, { currency });
    },

    async collectDetails(p: PayerFlow, input: CollectCustomerDetails) {
      if (p.flow.lock_customer_details) throw locked('customer_details');
      await deps.billingRequests.collectCustomerDetails(p.actor, p.flow.billing_request_id, input);
      return finishIfReady(p);
    },

    async collectBankAccount(p: PayerFlow, input: BankAccountInput & { pay_id?: string | null }) {
      if (p.flow.lock_bank_account) throw locked('bank_account');
      await deps.billingRequests.collectBankAccount(p.actor, p.flow.billing_request_id, input);
      return finishIfReady(p);
    },

    selectInstitution: (p: PayerFlow, institution: string, countryCode: string) =>
      deps.billingRequests.selectInstitution(p.actor, p.flow.billing_request_id, {
        institution,
        country_code: countryCode,
      }),

    fallback: (p: PayerFlow) => deps.billingRequests.fallback(p.actor, p.flow.billing_request_id),

    async confirm(p: PayerFlow) {
      await deps.billingRequests.confirmPayerDetails(p.actor, p.flow.billing_request_id, {});
      return finishIfReady(p);
    },

    /** The authorisation in progress if it is still usable, else a new one for the bank step. */
    async bankAuthorisation(p: PayerFlow): Promise<BankAuthorisationRow> {
      const id = p.view.request.bank_authorisation_id;
      if (id) {
        const current = await deps.bankAuthorisations.get(p.actor, id);
        if (current.status === 'pending') return current;
      }
      return deps.bankAuthorisations.createForFlow(p.actor, {
        billingRequestId: p.flow.billing_request_id,
        flowId: p.flow.id,
        redirectUri: `${ctx.publicUrl}/pay/${p.flow.id}/bank-return`,
      });
    },

    /** The simulated bank's answer for an authorisation; then fulfils if that was the last action. */
    async bankOutcome(p: PayerFlow, bankAuthorisationId: string, outcome: BankOutcome, account?: BankAccountInput) {
      await deps.bankAuthorisations.complete(p.actor, bankAuthorisationId, outcome, account);
      return outcome === 'authorised' ? finishIfReady(p) : { view: await loadView(ctx.db, p.flow.billing_request_id) };
    },
  };
}

export type PayerFlowService = ReturnType<typeof createPayerFlowService>;

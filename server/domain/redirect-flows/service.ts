import { timingSafeEqual, createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { BillingRequestActions } from '../billing-requests/actions-service';
import type { BillingRequestCore } from '../billing-requests/service';
import type { CreditorService } from '../creditors/service';
import type { FlowService } from '../flows/service';
import { checkMerchantUri } from '../flows/service';
import type { FlowRow } from '../flows/types';
import { idempotentCreate } from '../idempotency/service';
import { CURRENCY_OF_SCHEME } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { isLanguage } from '../../../i18n/languages';
import { DomainError, validationFailed } from '../shared/errors';
import { applyMove } from '../shared/state-machine';
import { findRedirectFlow, findRedirectFlowByFlow, insertRedirectFlow } from './queries';
import { REDIRECT_FLOW_MACHINE } from './state';
import {
  REDIRECT_FLOW_LIFETIME_MS,
  redirectFlowExpiresAt,
  type CreateRedirectFlow,
  type RedirectFlowRow,
} from './types';

export interface RedirectFlowDeps {
  creditors: CreditorService;
  billingRequests: BillingRequestCore;
  billingRequestActions: BillingRequestActions;
  flows: FlowService;
}

/** Compared by digest in constant time: a wrong token must not leak how much of it was right. */
const sameToken = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** Where the payer goes once the hosted pages are done: the merchant's URL with `redirect_flow_id`. */
export function successReturn(row: Pick<RedirectFlowRow, 'id' | 'success_redirect_url'>): string {
  const url = new URL(row.success_redirect_url);
  url.searchParams.set('redirect_flow_id', row.id);
  return url.toString();
}

/**
 * Redirect flows (legacy API). Each is backed by an internal mandate-only billing request and its
 * hosted flow, so the payer fills exactly the pages (and sees exactly the mandate text) of a
 * billing request flow. The difference is at the end: the payer's confirmation does not fulfil
 * the request but hands the payer back to the merchant (`payerCompleted`), and the merchant's
 * `complete`, with the session token it chose at creation, fulfils it within 30 minutes.
 */
export function createRedirectFlowService(ctx: DomainContext, deps: RedirectFlowDeps) {
  const expired = (row: RedirectFlowRow) => redirectFlowExpiresAt(row).getTime() <= ctx.clock.now().getTime();

  async function insert(tx: Queryable, actor: Actor, input: CreateRedirectFlow): Promise<RedirectFlowRow> {
    const issue = checkMerchantUri(input.success_redirect_url, 'success_redirect_url', ctx.environment);
    if (issue) throw validationFailed([issue]);
    const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
    // Without a scheme the payer's currency decides it; GBP (Bacs) is the default as in the API.
    const currency = input.scheme ? CURRENCY_OF_SCHEME[input.scheme] : 'GBP';
    const view = await deps.billingRequests.create(tx, actor, {
      mandate_request: {
        currency,
        scheme: input.scheme ?? null,
        description: input.description ?? null,
        metadata: {},
        // The billing request API's own defaults.
        funds_settlement: 'managed',
        verify: 'recommended',
      },
      links: { creditor: creditor.id },
    });
    const { language, phone_number: _phone, ...customer } = input.prefilled_customer ?? {};
    const flow = await deps.flows.create(
      tx,
      actor,
      {
        links: { billing_request: view.request.id },
        language: language && isLanguage(language) ? language : null,
        prefilled_customer: Object.keys(customer).length ? customer : null,
        prefilled_bank_account: input.prefilled_bank_account ?? null,
      },
      { lifetimeMs: REDIRECT_FLOW_LIFETIME_MS },
    );
    return insertRedirectFlow(tx, {
      id: ctx.ids('redirectFlow'),
      organisation_id: actor.organisationId,
      creditor_id: creditor.id,
      billing_request_id: view.request.id,
      billing_request_flow_id: flow.id,
      session_token: input.session_token,
      success_redirect_url: input.success_redirect_url,
      description: input.description ?? null,
      scheme: input.scheme ?? null,
      metadata: input.metadata ?? {},
      created_at: ctx.clock.now(),
    });
  }

  return {
    create(tx: Queryable, actor: Actor, input: CreateRedirectFlow, options: { idempotencyKey?: string } = {}) {
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => insert(tx, actor, input));
    },

    get: (db: Queryable, actor: Actor, id: string) => findRedirectFlow(db, actor.organisationId, id),

    /**
     * The merchant's complete: the same session token, within 30 minutes, once, after the payer
     * finished the pages. Fulfils the internal billing request (customer, bank account, mandate).
     */
    async complete(tx: Queryable, actor: Actor, id: string, sessionToken: string): Promise<RedirectFlowRow> {
      const row = await findRedirectFlow(tx, actor.organisationId, id, { lock: true });
      if (!sameToken(row.session_token, sessionToken)) throw new DomainError('session_token_mismatch');
      if (row.status === 'completed') throw new DomainError('redirect_flow_already_completed');
      if (expired(row)) throw new DomainError('redirect_flow_expired');
      if (row.status !== 'payer_completed') throw new DomainError('redirect_flow_incomplete');
      // The internal request is visible (links.billing_request): a merchant who fulfilled it through
      // the billing request API already made the mandate, and complete names what was made.
      const current = await deps.billingRequests.view(tx, row.billing_request_id);
      const view =
        current.request.status === 'fulfilled'
          ? current
          : await deps.billingRequestActions.fulfil(tx, actor, row.billing_request_id);
      return applyMove(tx, ctx, REDIRECT_FLOW_MACHINE, row, 'complete', {
        actor,
        set: {
          customer_id: view.request.customer_id,
          customer_bank_account_id: view.request.customer_bank_account_id,
          mandate_id: view.request.mandate_id,
        },
      });
    },

    /**
     * Called by the payer pages when the internal request is ready to fulfil: a flow that backs a
     * redirect flow is handed back to the merchant instead of fulfilled. Answers where the payer
     * goes, or null for an ordinary billing request flow.
     */
    async payerCompleted(tx: Queryable, flow: FlowRow, actor: Actor): Promise<string | null> {
      const row = await findRedirectFlowByFlow(tx, flow.id, { lock: true });
      if (!row) return null;
      if (row.status === 'created') await applyMove(tx, ctx, REDIRECT_FLOW_MACHINE, row, 'payer_complete', { actor });
      return successReturn(row);
    },

    /** The merchant's address for a payer who comes back to a flow already handed over (a read). */
    async handedOver(db: Queryable, flow: FlowRow): Promise<string | null> {
      const row = await findRedirectFlowByFlow(db, flow.id);
      return row && row.status !== 'created' ? successReturn(row) : null;
    },
  };
}

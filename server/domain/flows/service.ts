import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { findAction } from '../billing-requests/actions';
import type { BillingRequestCore } from '../billing-requests/service';
import { isLanguage } from '../../../i18n/languages';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed, type FieldIssue } from '../shared/errors';
import { asLink } from '../shared/lookup';
import { findFlow, findFlowById, insertFlow, setSessionTokenHash } from './queries';
import type { FlowRow, PrefilledCustomer } from './types';

/** Spec: a flow lasts 7 days. */
export const FLOW_LIFETIME_MS = 7 * 86_400_000;

export interface CreateFlow {
  redirect_uri?: string | null;
  exit_uri?: string | null;
  language?: string | null;
  lock_bank_account?: boolean | null;
  lock_currency?: boolean | null;
  lock_customer_details?: boolean | null;
  prefilled_customer?: PrefilledCustomer | null;
  prefilled_bank_account?: { account_type?: 'savings' | 'checking' | null } | null;
  show_redirect_buttons?: boolean | null;
  show_success_redirect_button?: boolean | null;
  skip_success_screen?: boolean | null;
  auto_fulfil?: boolean | null;
  customer_details_captured?: boolean | null;
  links: { billing_request: string };
}

/**
 * A merchant's redirect URIs are the only places a payer is ever sent back to, so they must be
 * absolute http(s) URLs (https in live) without credentials; nothing else is accepted later.
 */
export function checkMerchantUri(value: string, field: string, environment: 'sandbox' | 'live'): FieldIssue | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { field, code: 'invalid_uri' };
  }
  const allowed = environment === 'live' ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol) || url.username || url.password) return { field, code: 'invalid_uri' };
  return null;
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createFlowService(ctx: DomainContext, deps: { billingRequests: BillingRequestCore }) {
  async function insert(tx: Queryable, actor: Actor, input: CreateFlow, lifetimeMs: number): Promise<FlowRow> {
    const request = await asLink('billing_request', () =>
      deps.billingRequests.lock(tx, actor, input.links.billing_request),
    );
    if (request.status !== 'pending' && request.status !== 'ready_to_fulfil') {
      throw new DomainError('billing_request_not_pending', { params: { status: request.status } });
    }
    const view = await deps.billingRequests.settle(tx, request.id);
    const issues: FieldIssue[] = [];
    for (const field of ['redirect_uri', 'exit_uri'] as const) {
      const value = input[field];
      const issue = value ? checkMerchantUri(value, field, ctx.environment) : null;
      if (issue) issues.push(issue);
    }
    if (input.language && !isLanguage(input.language))
      issues.push({
        field: 'language',
        code: 'invalid_choice',
        params: { values: 'en, fr, de, pt, es, it, nl, da, nb, sl, sv' },
      });
    // Spec: auto_fulfil is experimental and may not be turned off.
    if (input.auto_fulfil === false) issues.push({ field: 'auto_fulfil', code: 'must_be_true' });
    // Spec: details can be locked only once they are complete.
    const completed = (type: 'collect_customer_details' | 'collect_bank_account') =>
      findAction(view.actions, type)?.status === 'completed';
    if (input.lock_customer_details && !completed('collect_customer_details'))
      issues.push({ field: 'lock_customer_details', code: 'not_yet_completed' });
    if (input.lock_bank_account && !completed('collect_bank_account'))
      issues.push({ field: 'lock_bank_account', code: 'not_yet_completed' });
    if (input.lock_currency && !findAction(view.actions, 'choose_currency'))
      issues.push({ field: 'lock_currency', code: 'mandate_only' });
    const pc = input.prefilled_customer;
    if (pc?.company_name && (pc.given_name || pc.family_name))
      issues.push({ field: 'prefilled_customer.company_name', code: 'names_given' });
    if (input.prefilled_bank_account?.account_type && view.request.mandate_request?.currency !== 'USD') {
      issues.push({ field: 'prefilled_bank_account.account_type', code: 'account_type_not_allowed' });
    }
    if (issues.length) throw validationFailed(issues);

    const now = ctx.clock.now();
    const flow = await insertFlow(tx, {
      id: ctx.ids('billingRequestFlow'),
      organisation_id: actor.organisationId,
      billing_request_id: request.id,
      redirect_uri: input.redirect_uri ?? null,
      exit_uri: input.exit_uri ?? null,
      language: input.language ?? null,
      lock_bank_account: input.lock_bank_account ?? false,
      lock_currency: input.lock_currency ?? false,
      lock_customer_details: input.lock_customer_details ?? false,
      prefilled_customer: pc ?? null,
      prefilled_bank_account: input.prefilled_bank_account ?? null,
      show_redirect_buttons: input.show_redirect_buttons ?? false,
      show_success_redirect_button: input.show_success_redirect_button ?? false,
      skip_success_screen: input.skip_success_screen ?? false,
      customer_details_captured: input.customer_details_captured ?? false,
      expires_at: new Date(now.getTime() + lifetimeMs),
      created_at: now,
    });
    await deps.billingRequests.recordEvent(tx, actor, request, {
      action: 'flow_created',
      links: { billing_request_flow: flow.id },
    });
    return flow;
  }

  return {
    /** Makes a flow in the caller's unit of work (the API's create, and `notify` when none is usable). */
    create(
      tx: Queryable,
      actor: Actor,
      input: CreateFlow,
      // A redirect flow's internal flow lives as long as the redirect flow (30 minutes).
      options: { idempotencyKey?: string; lifetimeMs?: number } = {},
    ) {
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        insert(tx, actor, input, options.lifetimeMs ?? FLOW_LIFETIME_MS),
      );
    },

    /**
     * A fresh session token for a client-side integration, returned once; only its hash is kept,
     * and each call replaces the previous token.
     */
    async initialise(tx: Queryable, actor: Actor, id: string): Promise<{ flow: FlowRow; sessionToken: string }> {
      const flow = await findFlow(tx, actor.organisationId, id);
      if (flow.expires_at.getTime() <= ctx.clock.now().getTime()) throw new DomainError('billing_request_flow_expired');
      const sessionToken = `sess_${randomBytes(24).toString('base64url')}`;
      return { flow: await setSessionTokenHash(tx, id, hashSessionToken(sessionToken)), sessionToken };
    },

    /** The flow a payer opened, found by id alone (the hosted pages have no merchant token). */
    findForPayer: (db: Queryable, id: string): Promise<FlowRow | undefined> => findFlowById(db, id),
  };
}

export type FlowService = ReturnType<typeof createFlowService>;

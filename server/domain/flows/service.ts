import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import { findAction } from '../billing-requests/actions';
import type { BillingRequestCore } from '../billing-requests/service';
import { isLanguage } from '../shared/languages';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed, type FieldIssue } from '../shared/errors';
import { asLink, findOwnedLegacy as findOwned } from '../shared/lookup';
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
  async function createInTx(tx: Queryable, actor: Actor, input: CreateFlow): Promise<FlowRow> {
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
    const { rows } = await tx.query<FlowRow>(
      `INSERT INTO billing_request_flows (id, organisation_id, billing_request_id, redirect_uri, exit_uri, language, lock_bank_account, lock_currency,
         lock_customer_details, prefilled_customer, prefilled_bank_account, show_redirect_buttons, show_success_redirect_button, skip_success_screen,
         auto_fulfil, customer_details_captured, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, true, $15, $16, $17) RETURNING *`,
      [
        ctx.ids('billingRequestFlow'),
        actor.organisationId,
        request.id,
        input.redirect_uri ?? null,
        input.exit_uri ?? null,
        input.language ?? null,
        input.lock_bank_account ?? false,
        input.lock_currency ?? false,
        input.lock_customer_details ?? false,
        pc ? json(pc) : null,
        input.prefilled_bank_account ? json(input.prefilled_bank_account) : null,
        input.show_redirect_buttons ?? false,
        input.show_success_redirect_button ?? false,
        input.skip_success_screen ?? false,
        input.customer_details_captured ?? false,
        new Date(now.getTime() + FLOW_LIFETIME_MS),
        now,
      ],
    );
    const flow = rows[0]!;
    await deps.billingRequests.recordEvent(tx, actor, request, {
      action: 'flow_created',
      links: { billing_request_flow: flow.id },
    });
    return flow;
  }

  const find = (db: Queryable, actor: Actor, id: string) =>
    findOwned<FlowRow>(db, 'billing_request_flows', actor.organisationId, id, { resource: 'billing_request_flows' });

  return {
    createInTx,

    create(actor: Actor, input: CreateFlow, options: { idempotencyKey?: string } = {}) {
      return ctx.db.transaction((tx) =>
        idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => createInTx(tx, actor, input)),
      );
    },

    /**
     * A fresh session token for a client-side integration, returned once; only its hash is kept,
     * and each call replaces the previous token.
     */
    async initialise(actor: Actor, id: string): Promise<{ flow: FlowRow; sessionToken: string }> {
      return ctx.db.transaction(async (tx) => {
        const flow = await find(tx, actor, id);
        if (flow.expires_at.getTime() <= ctx.clock.now().getTime())
          throw new DomainError('billing_request_flow_expired');
        const sessionToken = `sess_${randomBytes(24).toString('base64url')}`;
        const { rows } = await tx.query<FlowRow>(
          'UPDATE billing_request_flows SET session_token_hash = $2 WHERE id = $1 RETURNING *',
          [id, hashSessionToken(sessionToken)],
        );
        return { flow: rows[0]!, sessionToken };
      });
    },

    /** The flow a payer opened, found by id alone (the hosted pages have no merchant token). */
    async findForPayer(db: Queryable, id: string): Promise<FlowRow | undefined> {
      const { rows } = await db.query<FlowRow>('SELECT * FROM billing_request_flows WHERE id = $1', [id]);
      return rows[0];
    },
  };
}

export type FlowService = ReturnType<typeof createFlowService>;

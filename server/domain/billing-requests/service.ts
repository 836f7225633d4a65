import type { Queryable } from '../../db/db';
import { applyMove } from '../shared/state-machine';
import { BILLING_REQUEST_MACHINE, OPEN_STATUSES } from './state';
import { Params, json } from '../../db/sql';
import type { BankAccountService } from '../bank-accounts/service';
import type { CreditorService } from '../creditors/service';
import type { CustomerService } from '../customers/service';
import type { EventService } from '../events/service';
import { idempotentCreate } from '../idempotency/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink, findOwnedLegacy as findOwned } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { findAction, openStatusFor } from './actions';
import { checkBillingRequest, type BillingRequestDraft } from './rules';
import type { ActionType, BillingRequestRow, BillingRequestStatus } from './types';
import { loadView, toView, VIEW_FROM, VIEW_SELECT, type BillingRequestView, type ViewRow } from './view';

export interface CreateBillingRequest extends BillingRequestDraft {
  metadata?: Metadata;
  fallback_enabled?: boolean | null;
  purpose_code?: string | null;
  payment_context_code?: string | null;
  payment_purpose_code?: string | null;
  links?: { creditor?: string | null; customer?: string | null; customer_bank_account?: string | null } | null;
}

export interface BillingRequestFilters {
  customer?: string;
  status?: BillingRequestStatus;
  createdAt?: TimeRange;
}

export interface BillingRequestDeps {
  events: EventService;
  customers: CustomerService;
  bankAccounts: BankAccountService;
  creditors: CreditorService;
}

/** What an action did, for its event. */
export interface ActionOutcome {
  action: string;
  links?: Record<string, string>;
  metadata?: Metadata;
}

const OPEN = OPEN_STATUSES;

export function createBillingRequestCore(ctx: DomainContext, deps: BillingRequestDeps) {
  const { events } = deps;

  const lock = (tx: Queryable, actor: Actor, id: string) =>
    findOwned<BillingRequestRow>(tx, 'billing_requests', actor.organisationId, id, {
      lock: true,
      resource: 'billing_requests',
    });

  function recordEvent(tx: Queryable, actor: Actor, request: BillingRequestRow, outcome: ActionOutcome) {
    return events.record(tx, {
      organisationId: request.organisation_id,
      resourceType: 'billing_requests',
      action: outcome.action,
      links: { billing_request: request.id, customer: request.customer_id, ...outcome.links },
      details: {
        origin: actor.origin,
        cause: `billing_request_${outcome.action}`,
        description: `Billing request ${outcome.action.replace(/_/g, ' ')}.`,
      },
      metadata: outcome.metadata,
      resourceMetadata: request.metadata,
      source: actor.source,
    });
  }

  /** Recomputes the actions after a change and moves the status between pending and ready_to_fulfil. */
  async function settle(tx: Queryable, id: string): Promise<BillingRequestView> {
    const view = await loadView(tx, id);
    if (!OPEN.includes(view.request.status)) return view;
    const status = openStatusFor(view.actions);
    if (status === view.request.status) return view;
    const moved = await applyMove(
      tx,
      ctx,
      BILLING_REQUEST_MACHINE,
      view.request,
      status === 'ready_to_fulfil' ? 'ready' : 'unready',
      {
        // Following its actions writes no event, so no one needs naming as its author.
        actor: { organisationId: view.request.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } },
      },
    );
    return { ...view, request: moved };
  }

  /**
   * Runs one action on an open billing request: locks it, checks the action is part of the request
   * and its required actions are done, applies `change`, recomputes the actions and status, and
   * writes the action's event — all in one transaction.
   */
  async function act(
    actor: Actor,
    id: string,
    type: ActionType | null,
    change: (tx: Queryable, view: BillingRequestView) => Promise<ActionOutcome | null>,
  ): Promise<BillingRequestView> {
    return ctx.db.transaction(async (tx) => {
      const request = await lock(tx, actor, id);
      if (!OPEN.includes(request.status))
        throw new DomainError('billing_request_not_pending', { params: { status: request.status } });
      const view = await loadView(tx, id);
      if (type) {
        const action = findAction(view.actions, type);
        if (!action) throw new DomainError('action_not_required', { params: { action: type } });
        const missing = action.requires_actions.filter((r) => findAction(view.actions, r)?.status !== 'completed');
        if (missing.length)
          throw new DomainError('action_requirements_not_met', { params: { actions: missing.join(', ') } });
      }
      const outcome = await change(tx, view);
      const after = await settle(tx, id);
      if (outcome) await recordEvent(tx, actor, after.request, outcome);
      return after;
    });
  }

  async function create(
    actor: Actor,
    input: CreateBillingRequest,
    options: { idempotencyKey?: string } = {},
  ): Promise<BillingRequestView> {
    const { issues, unsupportedByScheme } = checkBillingRequest(input, ctx.clock.now());
    if (unsupportedByScheme.length)
      throw new DomainError('request_type_not_supported_by_scheme', { fields: unsupportedByScheme });
    if (issues.length) throw validationFailed(issues);

    return ctx.db.transaction(async (tx) => {
      const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
      let customer;
      if (input.links?.customer) {
        const customerId = input.links.customer;
        customer = await asLink('customer', () => deps.customers.findActive(tx, actor, customerId));
      }
      let bankAccountId: string | null = null;
      if (input.links?.customer_bank_account) {
        const accountId = input.links.customer_bank_account;
        const account = await asLink('customer_bank_account', () => deps.bankAccounts.findActive(tx, actor, accountId));
        if (customer && account.customer_id !== customer.id)
          throw validationFailed([{ field: 'links.customer_bank_account', code: 'other_customer' }]);
        if (!account.enabled) throw new DomainError('bank_account_disabled');
        customer ??= await deps.customers.findActive(tx, actor, account.customer_id);
        bankAccountId = account.id;
      }

      const created = await idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
        customer ??= await deps.customers.insert(tx, actor, {});
        const billingDetail = await deps.customers.insertBillingDetail(tx, actor, customer);
        const withId = <T extends object>(kind: Parameters<typeof ctx.ids>[0], value: T | null | undefined) =>
          value ? { id: ctx.ids(kind), ...value } : null;
        const now = ctx.clock.now();
        const { rows } = await tx.query<BillingRequestRow>(
          `INSERT INTO billing_requests (id, organisation_id, creditor_id, customer_id, customer_billing_detail_id, customer_bank_account_id, status,
             mandate_request, payment_request, subscription_request, instalment_schedule_request, metadata, fallback_enabled,
             purpose_code, payment_context_code, payment_purpose_code, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING *`,
          [
            ctx.ids('billingRequest'),
            actor.organisationId,
            creditor.id,
            customer.id,
            billingDetail.id,
            bankAccountId,
            nullableJson(withId('mandateRequest', input.mandate_request)),
            nullableJson(withId('paymentRequest', input.payment_request)),
            nullableJson(withId('subscriptionRequest', input.subscription_request)),
            nullableJson(withId('instalmentScheduleRequest', input.instalment_schedule_request)),
            json(input.metadata ?? {}),
            input.fallback_enabled ?? false,
            input.purpose_code ?? null,
            input.payment_context_code ?? null,
            input.payment_purpose_code ?? null,
            now,
          ],
        );
        const request = rows[0]!;
        const view = await settle(tx, request.id);
        await recordEvent(tx, actor, view.request, { action: 'created' });
        return { id: request.id, view };
      });
      return created.view;
    });
  }

  return {
    act,
    settle,
    recordEvent,
    lock,
    create,

    async get(actor: Actor, id: string): Promise<BillingRequestView> {
      await findOwned(ctx.db, 'billing_requests', actor.organisationId, id, { resource: 'billing_requests' });
      return loadView(ctx.db, id);
    },

    async list(actor: Actor, filters: BillingRequestFilters, page: PageRequest): Promise<Page<BillingRequestView>> {
      const params = new Params();
      const where = [`br.organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.customer) where.push(`br.customer_id = ${params.add(filters.customer)}`);
      if (filters.status) where.push(`br.status = ${params.add(filters.status)}`);
      whereInRange(where, params, 'br.created_at', filters.createdAt);
      const result = await pageQuery<ViewRow>(
        ctx.db,
        { from: VIEW_FROM, select: VIEW_SELECT, idColumn: 'br.id', where, params },
        page,
      );
      return { ...result, items: result.items.map(toView) };
    },
  };
}

const nullableJson = (value: unknown) => (value === null || value === undefined ? null : json(value));

export type BillingRequestCore = ReturnType<typeof createBillingRequestCore>;

import type { Queryable } from '../../db/db';
import type { BankAccountService } from '../bank-accounts/service';
import type { CreditorService } from '../creditors/service';
import type { CustomerService } from '../customers/service';
import type { EventService } from '../events/service';
import { idempotentCreate } from '../idempotency/service';
import { requireSchemeContact } from '../schemes/contact';
import { DEFAULT_SCHEME_FOR_CURRENCY, type Scheme } from '../schemes/types';
import type { Currency } from '../shared/money';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import { applyMove } from '../shared/state-machine';
import { findAction, openStatusFor } from './actions';
import {
  findBillingRequest,
  findBillingRequestById,
  insertBillingRequest,
  listBillingRequests,
  type BillingRequestFilters,
} from './queries';
import { checkBillingRequest, type BillingRequestDraft } from './rules';
import { BILLING_REQUEST_MACHINE, OPEN_STATUSES } from './state';
import type { ActionType, BillingRequestRow } from './types';
import { composeViews, type BillingRequestView, type CreditorNameOf } from './view';

export type { BillingRequestFilters } from './queries';

export interface CreateBillingRequest extends BillingRequestDraft {
  metadata?: Metadata;
  fallback_enabled?: boolean | null;
  purpose_code?: string | null;
  payment_context_code?: string | null;
  payment_purpose_code?: string | null;
  links?: { creditor?: string | null; customer?: string | null; customer_bank_account?: string | null } | null;
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

/** The service itself, for moves that follow from others (its actions) and lookups of what a request names. */
const ownerOf = (request: BillingRequestRow): Actor => ({
  organisationId: request.organisation_id,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

/** Billing requests: use cases taking the caller's unit of work (`tx`, or `db` for reads) first. */
export function createBillingRequestCore(ctx: DomainContext, deps: BillingRequestDeps) {
  const { events } = deps;

  const creditorName: CreditorNameOf = async (db, request) =>
    (await deps.creditors.resolve(db, ownerOf(request), request.creditor_id)).name;

  /**
   * The request `id` with what its answer embeds; `id` comes from a row that names it. `names`
   * lets a caller that reads the creditor anyway (the payer pages) give its name.
   */
  async function view(db: Queryable, id: string, names: CreditorNameOf = creditorName): Promise<BillingRequestView> {
    const request = await findBillingRequestById(db, id);
    if (!request) throw new DomainError('resource_not_found', { params: { resource: 'billing_requests' } });
    return (await composeViews(db, [request], names))[0]!;
  }

  const lock = (tx: Queryable, actor: Actor, id: string) =>
    findBillingRequest(tx, actor.organisationId, id, { lock: true });

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
    const current = await view(tx, id);
    if (!OPEN.includes(current.request.status)) return current;
    const status = openStatusFor(current.actions);
    if (status === current.request.status) return current;
    // Following its actions writes no event, so no one needs naming as its author.
    const moved = await applyMove(
      tx,
      ctx,
      BILLING_REQUEST_MACHINE,
      current.request,
      status === 'ready_to_fulfil' ? 'ready' : 'unready',
      { actor: ownerOf(current.request) },
    );
    return { ...current, request: moved };
  }

  /**
   * Runs one action on an open billing request in the caller's unit of work: locks it, checks the
   * action is part of the request and its required actions are done, applies `change`, recomputes
   * the actions and status, and writes the action's event.
   */
  async function act(
    tx: Queryable,
    actor: Actor,
    id: string,
    type: ActionType | null,
    change: (tx: Queryable, view: BillingRequestView) => Promise<ActionOutcome | null>,
  ): Promise<BillingRequestView> {
    const request = await lock(tx, actor, id);
    if (!OPEN.includes(request.status))
      throw new DomainError('billing_request_not_pending', { params: { status: request.status } });
    const before = await view(tx, id);
    if (type) {
      const action = findAction(before.actions, type);
      if (!action) throw new DomainError('action_not_required', { params: { action: type } });
      const missing = action.requires_actions.filter((r) => findAction(before.actions, r)?.status !== 'completed');
      if (missing.length)
        throw new DomainError('action_requirements_not_met', { params: { actions: missing.join(', ') } });
    }
    const outcome = await change(tx, before);
    const after = await settle(tx, id);
    if (outcome) await recordEvent(tx, actor, after.request, outcome);
    return after;
  }

  /** The customer and bank account the request names in `links`, checked against each other. */
  async function linkedParties(tx: Queryable, actor: Actor, links: CreateBillingRequest['links']) {
    let customer;
    if (links?.customer) {
      const customerId = links.customer;
      customer = await asLink('customer', () => deps.customers.findActive(tx, actor, customerId));
    }
    let bankAccountId: string | null = null;
    if (links?.customer_bank_account) {
      const accountId = links.customer_bank_account;
      const account = await asLink('customer_bank_account', () => deps.bankAccounts.findActive(tx, actor, accountId));
      if (customer && account.customer_id !== customer.id)
        throw validationFailed([{ field: 'links.customer_bank_account', code: 'other_customer' }]);
      if (!account.enabled) throw new DomainError('bank_account_disabled');
      customer ??= await deps.customers.findActive(tx, actor, account.customer_id);
      bankAccountId = account.id;
    }
    return { customer, bankAccountId };
  }

  async function create(
    tx: Queryable,
    actor: Actor,
    input: CreateBillingRequest,
    options: { idempotencyKey?: string; template?: string } = {},
  ): Promise<BillingRequestView> {
    const { issues, unsupportedByScheme } = checkBillingRequest(input, ctx.clock.now());
    if (unsupportedByScheme.length)
      throw new DomainError('request_type_not_supported_by_scheme', { fields: unsupportedByScheme });
    if (issues.length) throw validationFailed(issues);

    refuseInstantInLive(ctx.environment, input);
    const creditor = await deps.creditors.resolve(tx, actor, input.links?.creditor);
    // A mandate whose scheme must name the creditor's phone or email cannot be taken without one (live).
    const mandate = input.mandate_request;
    const scheme = mandate
      ? ((mandate.scheme as Scheme | null | undefined) ?? DEFAULT_SCHEME_FOR_CURRENCY[mandate.currency as Currency])
      : undefined;
    if (scheme) requireSchemeContact(creditor, scheme, ctx.environment);
    const parties = await linkedParties(tx, actor, input.links);
    const created = await idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, async () => {
      const customer = parties.customer ?? (await deps.customers.insert(tx, actor, {}));
      const billingDetail = await deps.customers.insertBillingDetail(tx, actor, customer);
      const withId = <T extends object>(kind: Parameters<typeof ctx.ids>[0], value: T | null | undefined) =>
        value ? { id: ctx.ids(kind), ...value } : null;
      const request = await insertBillingRequest(tx, {
        id: ctx.ids('billingRequest'),
        organisation_id: actor.organisationId,
        creditor_id: creditor.id,
        customer_id: customer.id,
        customer_billing_detail_id: billingDetail.id,
        customer_bank_account_id: parties.bankAccountId,
        mandate_request: withId('mandateRequest', input.mandate_request) as BillingRequestRow['mandate_request'],
        payment_request: withId('paymentRequest', input.payment_request) as BillingRequestRow['payment_request'],
        subscription_request: withId(
          'subscriptionRequest',
          input.subscription_request,
        ) as BillingRequestRow['subscription_request'],
        instalment_schedule_request: withId(
          'instalmentScheduleRequest',
          input.instalment_schedule_request,
        ) as BillingRequestRow['instalment_schedule_request'],
        metadata: input.metadata ?? {},
        fallback_enabled: input.fallback_enabled ?? false,
        purpose_code: input.purpose_code ?? null,
        payment_context_code: input.payment_context_code ?? null,
        payment_purpose_code: input.payment_purpose_code ?? null,
        billing_request_template_id: options.template ?? null,
        created_at: ctx.clock.now(),
      });
      const settled = await settle(tx, request.id);
      await recordEvent(tx, actor, settled.request, { action: 'created' });
      return { id: request.id, view: settled };
    });
    return created.view;
  }

  return {
    act,
    settle,
    recordEvent,
    lock,
    create,
    view,

    async get(db: Queryable, actor: Actor, id: string): Promise<BillingRequestView> {
      const request = await findBillingRequest(db, actor.organisationId, id);
      return (await composeViews(db, [request], creditorName))[0]!;
    },

    async list(
      db: Queryable,
      actor: Actor,
      filters: BillingRequestFilters,
      page: PageRequest,
    ): Promise<Page<BillingRequestView>> {
      const result = await listBillingRequests(db, actor.organisationId, filters, page);
      return { ...result, items: await composeViews(db, result.items, creditorName) };
    },
  };
}

export type BillingRequestCore = ReturnType<typeof createBillingRequestCore>;

/** Schemes whose mandates are authorised in the payer's bank through an open-banking provider. */
const OPEN_BANKING_MANDATE_SCHEMES: readonly string[] = ['faster_payments', 'pay_to'];

/**
 * Live never pretends (issue #36, decision 0092): an instant bank payment (any payment request:
 * Faster Payments, SEPA credit transfers, a PayTo payment) and a VRP or PayTo mandate need an
 * open-banking provider that bankflow does not have. The sandbox simulates them; live refuses them
 * before anything is written (docs/live-banking.md, "What is still not real").
 */
function refuseInstantInLive(environment: string, input: CreateBillingRequest): void {
  if (environment !== 'live') return;
  const mandate = input.mandate_request;
  const mandateScheme = mandate
    ? ((mandate.scheme as string | null | undefined) ?? DEFAULT_SCHEME_FOR_CURRENCY[mandate.currency as Currency])
    : undefined;
  if (input.payment_request || (mandateScheme && OPEN_BANKING_MANDATE_SCHEMES.includes(mandateScheme)))
    throw new DomainError('instant_payments_not_available', { messageKey: 'bank.instant_not_in_live' });
}

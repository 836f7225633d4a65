import type { Queryable } from '../../db/db';
import type { SubscriptionRequest } from '../billing-requests/types';
import { idempotentCreate } from '../idempotency/service';
import { findMandate, findMandateSchemes, listMandateIdsOfCustomer } from '../mandates/queries';
import type { MandateRow } from '../mandates/types';
import type { PaymentService } from '../payments/service';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { ClockWork } from '../shared/schedule';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import { createSubscriptionCharges, recordSubscriptionEvent } from './charges';
import { startSubscription } from './create';
import { createSubscriptionPauses } from './pauses';
import {
  findSubscription,
  listSubscriptions,
  lockSubscriptionsOfMandate,
  updateSubscriptionTerms,
  type StoredSubscription,
} from './queries';
import { checkChanges, NON_RECURRING_SCHEMES, SUBSCRIPTION_SCHEMES } from './rules';
import { SUBSCRIPTION_MACHINE, SUBSCRIPTION_MOVES } from './state';
import type { NewSubscription, SubscriptionChanges, SubscriptionFilters, SubscriptionRow } from './types';

/** Subscriptions with their mandate's scheme, which picks the calendar their dates roll on. */
async function withSchemes(db: Queryable, stored: StoredSubscription[]): Promise<SubscriptionRow[]> {
  const schemes = await findMandateSchemes(
    db,
    stored.map((s) => s.mandate_id),
  );
  return stored.map((s) => ({ ...s, scheme: schemes.get(s.mandate_id)! }));
}

/**
 * Recurring payments under an ACH or PAD mandate, created one at a time by the scheme clock: use
 * cases taking the caller's unit of work (`tx`) first, as every service does.
 */
export function createSubscriptionService(ctx: DomainContext, deps: { payments: () => PaymentService }) {
  const charges = createSubscriptionCharges(ctx, deps);
  const pauses = createSubscriptionPauses(ctx, charges);

  async function find(db: Queryable, actor: Actor, id: string, lock = false): Promise<SubscriptionRow> {
    const [sub] = await withSchemes(db, [await findSubscription(db, actor.organisationId, id, { lock })]);
    return sub!;
  }

  return {
    /** Fulfilment of a billing request's subscription_request: the subscription and its first payment. */
    async create(
      tx: Queryable,
      actor: Actor,
      mandate: MandateRow,
      request: SubscriptionRequest,
    ): Promise<SubscriptionRow> {
      const scheme = mandate.scheme as Scheme;
      if (!SUBSCRIPTION_SCHEMES.includes(scheme)) {
        throw new DomainError('request_type_not_supported_by_scheme', {
          fields: [{ field: 'subscription_request', code: 'request_type_not_supported_by_scheme', params: { scheme } }],
        });
      }
      return startSubscription(tx, ctx, charges, actor, mandate, request, 'subscription_request.');
    },

    /**
     * POST /subscriptions: a subscription on the organisation's mandate `links.mandate` names, which
     * must be a direct-debit mandate that can still collect (its first payment says so otherwise).
     */
    async createOnMandate(
      tx: Queryable,
      actor: Actor,
      mandateId: string,
      input: NewSubscription,
      options: { idempotencyKey?: string } = {},
    ): Promise<SubscriptionRow> {
      const mandate = await asLink('mandate', () => findMandate(tx, actor.organisationId, mandateId, { lock: true }));
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => {
        if (NON_RECURRING_SCHEMES.includes(mandate.scheme as Scheme))
          throw new DomainError('request_type_not_supported_by_scheme', { params: { scheme: mandate.scheme } });
        return startSubscription(tx, ctx, charges, actor, mandate, input);
      });
    },

    async pause(
      tx: Queryable,
      actor: Actor,
      id: string,
      input: { pauseCycles?: number | null; metadata?: Metadata },
    ): Promise<SubscriptionRow> {
      return pauses.pause(tx, actor, await find(tx, actor, id, true), input);
    },

    async resume(tx: Queryable, actor: Actor, id: string, metadata?: Metadata): Promise<SubscriptionRow> {
      return pauses.resume(tx, actor, await find(tx, actor, id, true), metadata);
    },

    get: (db: Queryable, actor: Actor, id: string) => find(db, actor, id),

    async list(
      db: Queryable,
      actor: Actor,
      filters: SubscriptionFilters,
      page: PageRequest,
    ): Promise<Page<SubscriptionRow>> {
      const { customer, ...rest } = filters;
      const customerMandates = customer
        ? await listMandateIdsOfCustomer(db, actor.organisationId, customer)
        : undefined;
      const found = await listSubscriptions(db, actor.organisationId, { ...rest, customerMandates }, page);
      return { ...found, items: await withSchemes(db, found.items) };
    },

    /** PUT: changes apply to payments created from now on (event `amended` unless only metadata changed). */
    async update(tx: Queryable, actor: Actor, id: string, changes: SubscriptionChanges): Promise<SubscriptionRow> {
      const sub = await find(tx, actor, id, true);
      // What can be empty (answered null) is cleared by null; amount and retry_if_possible always
      // have a value, so null there means "not given", as in every body.
      const next = {
        amount: changes.amount ?? sub.amount,
        app_fee: changes.app_fee !== undefined ? changes.app_fee : sub.app_fee,
        name: changes.name !== undefined ? changes.name : sub.name,
        payment_reference: changes.payment_reference !== undefined ? changes.payment_reference : sub.payment_reference,
        retry_if_possible: changes.retry_if_possible ?? sub.retry_if_possible,
      };
      const issues = checkChanges(next, sub.scheme as Scheme);
      if (issues.length) throw validationFailed(issues);
      const terms = { ...next, metadata: changes.metadata ?? sub.metadata };
      const updated: SubscriptionRow = {
        ...(await updateSubscriptionTerms(tx, id, terms, ctx.clock.now())),
        scheme: sub.scheme,
      };
      const amended = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== sub[key]);
      if (amended) await recordSubscriptionEvent(tx, ctx, actor, updated, 'amended', 'subscription_amended');
      return updated;
    },

    async cancel(tx: Queryable, actor: Actor, id: string, metadata?: Metadata): Promise<SubscriptionRow> {
      return charges.cancel(tx, actor, await find(tx, actor, id, true), { metadata });
    },

    /** The mandate was cancelled or replaced: its subscriptions end with it, each with its event. */
    async cancelForMandate(tx: Queryable, actor: Actor, mandateId: string): Promise<void> {
      const subs = await withSchemes(
        tx,
        await lockSubscriptionsOfMandate(tx, mandateId, SUBSCRIPTION_MOVES.cancel.from),
      );
      for (const sub of subs) await charges.move(tx, actor, sub, 'cancel', { cause: 'mandate_cancelled' });
      // Also catches a payment the scheme clock created for one of them while this cancel waited.
      await deps.payments().cancelPendingOf(tx, actor, { mandate: mandateId });
    },

    /** The scheme clock's `create_payment` and `resume` (see `createSubscriptionCharges`). */
    clockWork: { machine: SUBSCRIPTION_MACHINE, apply: charges.applyScheduled } satisfies ClockWork,
  };
}

import type { Queryable } from '../../db/db';
import { recordEvent } from '../events/queries';
import { idempotentCreate } from '../idempotency/service';
import { findMandate, listMandateIdsOfCustomer } from '../mandates/queries';
import { COLLECTABLE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import type { BankReport } from '../scenarios/bank-reports';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import { unschedule, type ClockWork, type ScheduledTransition } from '../shared/schedule';
import { applyMove, bookFollowUps, canMove } from '../shared/state-machine';
import { applyScheduledPaymentMove, bankMoves, type Payouts } from './bank';
import {
  findPayment,
  insertPayment,
  listPayments,
  lockPendingPaymentsOf,
  updatePaymentSettings,
  type PaymentOwner,
} from './queries';
import { checkMandatePayment } from './rules';
import { PAYMENT_MACHINE, PAYMENT_MOVES, type PaymentMove } from './state';
import type { NewPayment, PaymentFilters, PaymentRow } from './types';

/** A mandate payments may still be collected under, or the reason it may not. */
function checkCollectable(mandate: MandateRow): void {
  if (mandate.new_mandate_id)
    throw new DomainError('mandate_replaced', { links: { new_mandate: mandate.new_mandate_id } });
  if (!COLLECTABLE.includes(mandate.status)) throw new DomainError('mandate_is_inactive');
}

/**
 * Payments, collected under a mandate or (instant bank payments) authorised once at the payer's
 * bank: use cases taking the caller's unit of work (`tx`) first, as every service does.
 */
export function createPaymentService(ctx: DomainContext, deps: { payouts?: Payouts } = {}) {
  const find = (db: Queryable, actor: Actor, id: string, lock = false) =>
    findPayment(db, actor.organisationId, id, { lock });

  async function insert(
    tx: Queryable,
    actor: Actor,
    values: { creditorId: string; mandateId: string | null; scheme: string; chargeDate: string | null },
    input: NewPayment,
  ) {
    const payment = await insertPayment(tx, {
      id: ctx.ids('payment'),
      organisationId: actor.organisationId,
      ...values,
      input,
      now: ctx.clock.now(),
    });
    await recordEvent(tx, ctx, {
      organisationId: payment.organisation_id,
      resourceType: 'payments',
      action: 'created',
      // Only the payment: a filter by mandate or subscription returns that resource's own events.
      links: { payment: payment.id },
      details: {
        origin: actor.origin,
        cause: 'payment_created',
        description: 'Payment created.',
        scheme: payment.scheme,
      },
      resourceMetadata: payment.metadata,
      source: actor.source,
    });
    return payment;
  }

  /** A payment under a mandate, in the caller's transaction, submitted by the scheme clock on its day. */
  async function createForMandate(
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    input: NewPayment,
  ): Promise<PaymentRow> {
    checkCollectable(mandate);
    const { chargeDate, issues } = checkMandatePayment(mandate, input, ctx.clock.now());
    if (issues.length) throw validationFailed(issues);
    const payment = await insert(
      tx,
      actor,
      { creditorId: mandate.creditor_id, mandateId: mandate.id, scheme: mandate.scheme, chargeDate },
      input,
    );
    await bookFollowUps(tx, ctx, PAYMENT_MACHINE, 'created', {
      ...payment,
      mandateActive: mandate.status === 'active',
    });
    return payment;
  }

  const move = (tx: Queryable, actor: Actor, payment: PaymentRow, name: PaymentMove, metadata?: Metadata) =>
    applyMove(tx, ctx, PAYMENT_MACHINE, payment, name, { actor, metadata });

  return {
    find,
    createForMandate,

    /** POST /payments: a payment under the mandate `links.mandate` names. */
    async create(
      tx: Queryable,
      actor: Actor,
      mandateId: string,
      input: NewPayment,
      options: { idempotencyKey?: string } = {},
    ): Promise<PaymentRow> {
      const mandate = await asLink('mandate', () => findMandate(tx, actor.organisationId, mandateId, { lock: true }));
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        createForMandate(tx, actor, mandate, input),
      );
    },

    /** An instant bank payment the payer authorised at their bank: submitted straight away. */
    async createInstant(
      tx: Queryable,
      actor: Actor,
      creditorId: string,
      scheme: string,
      input: NewPayment,
    ): Promise<PaymentRow> {
      const today = ctx.clock.now().toISOString().slice(0, 10);
      const payment = await insert(tx, actor, { creditorId, mandateId: null, scheme, chargeDate: today }, input);
      await bookFollowUps(tx, ctx, PAYMENT_MACHINE, 'created', payment);
      return payment;
    },

    get: (db: Queryable, actor: Actor, id: string) => find(db, actor, id),

    async list(db: Queryable, actor: Actor, filters: PaymentFilters, page: PageRequest): Promise<Page<PaymentRow>> {
      const { customer, ...rest } = filters;
      const customerMandates = customer
        ? await listMandateIdsOfCustomer(db, actor.organisationId, customer)
        : undefined;
      return listPayments(db, actor.organisationId, { ...rest, customerMandates }, page);
    },

    async updateMetadata(
      tx: Queryable,
      actor: Actor,
      id: string,
      changes: { metadata?: Metadata; retryIfPossible?: boolean },
    ): Promise<PaymentRow> {
      const payment = await find(tx, actor, id, true);
      return updatePaymentSettings(tx, id, {
        metadata: changes.metadata ?? payment.metadata,
        retryIfPossible: changes.retryIfPossible ?? payment.retry_if_possible,
        now: ctx.clock.now(),
      });
    },

    async cancel(tx: Queryable, actor: Actor, id: string, metadata?: Metadata): Promise<PaymentRow> {
      return move(tx, actor, await find(tx, actor, id, true), 'cancel', metadata);
    },

    /** Cancels what a mandate, subscription or instalment schedule that ended still has pending. */
    async cancelPendingOf(tx: Queryable, actor: Actor, owner: PaymentOwner) {
      for (const payment of await lockPendingPaymentsOf(tx, owner, PAYMENT_MOVES.cancel.from)) {
        await move(tx, actor, payment, 'cancel');
      }
    },

    /**
     * Public API `retry`: a failed payment goes back to pending submission, to be collected on
     * the given charge date or the mandate's next possible one, if its mandate can still collect.
     */
    async retry(
      tx: Queryable,
      actor: Actor,
      id: string,
      input: { chargeDate?: string | null; metadata?: Metadata },
    ): Promise<PaymentRow> {
      const payment = await find(tx, actor, id, true);
      if (!canMove(PAYMENT_MACHINE, payment.status, 'retry') || !payment.mandate_id)
        throw new DomainError('retry_failed');
      const mandate = await findMandate(tx, actor.organisationId, payment.mandate_id, { lock: true });
      checkCollectable(mandate);
      const { amount, currency } = payment;
      const { chargeDate, issues } = checkMandatePayment(
        mandate,
        { amount, currency, chargeDate: input.chargeDate },
        ctx.clock.now(),
      );
      if (issues.length) throw validationFailed(issues);
      // What was booked for the failed payment goes; the retry books its new submission.
      await unschedule(tx, id);
      return applyMove(tx, ctx, PAYMENT_MACHINE, { ...payment, mandateActive: mandate.status === 'active' }, 'retry', {
        actor,
        metadata: input.metadata,
        set: { charge_date: chargeDate },
      });
    },

    /** The bank's moves in a row (a simulator's path), the last carrying the bank's report. */
    bankMoves: (tx: Queryable, payment: PaymentRow, moves: readonly PaymentMove[], report?: BankReport) =>
      bankMoves(tx, ctx, payment, moves, report, deps.payouts),

    /** Takes a payout's first lock for this payment's funds; call it before locking the payment to pay it out. */
    lockFundsOf: async (tx: Queryable, payment: PaymentRow) => deps.payouts?.lockFunds(tx, payment),

    /** The scheme clock's moves for payments. A move no longer possible (cancelled since) is dropped. */
    clockWork: {
      machine: PAYMENT_MACHINE,
      apply: (tx: Queryable, item: ScheduledTransition) => applyScheduledPaymentMove(tx, ctx, item, deps.payouts),
    } satisfies ClockWork,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

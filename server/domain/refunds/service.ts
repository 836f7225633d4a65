import type { Queryable } from '../../db/db';
import { recordEvent } from '../events/queries';
import { idempotentCreate } from '../idempotency/service';
import { accountBalance, lockPaymentAccount } from '../ledger/queries';
import { paymentAccountFor } from '../ledger/service';
import type { NegativeBalanceLimitService } from '../negative-balance-limits/service';
import { addAmountRefunded, findPayment } from '../payments/queries';
import type { PaymentRow } from '../payments/types';
import { findMandate } from '../mandates/queries';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import { applyMove } from '../shared/state-machine';
import { bankRefundMove, applyScheduledRefundMove } from './bank';
import { countRefundsOfPayment, findRefund, insertRefund, listRefunds, updateRefundMetadata } from './queries';
import { REFUND_MACHINE, type RefundMove } from './state';
import type { NewRefund, RefundFilters, RefundRow } from './types';
import type { ClockWork, ScheduledTransition } from '../shared/schedule';

/** Spec: a payment can be refunded at most five times (`number_of_refunds_exceeded`). */
export const MAX_REFUNDS_PER_PAYMENT = 5;
const REFUNDABLE: readonly string[] = ['confirmed', 'paid_out'];

/**
 * Refunds of payments: use cases taking the caller's unit of work (`tx`) first. Creating one
 * locks the creditor's payment account (refunds of different payments at once cannot together
 * overdraw the balance) and then its payment (two refunds of the last remaining amount: the second
 * waits, then sees the first's `amount_refunded`). That is the order payout runs lock in too
 * (account, then the payments they pay out), so a refund and a payout cannot deadlock.
 */
export function createRefundService(ctx: DomainContext, deps: { limits: NegativeBalanceLimitService }) {
  /** Every refusal of a refund, checked before anything is written. */
  async function check(tx: Queryable, payment: PaymentRow, input: NewRefund): Promise<void> {
    if (!REFUNDABLE.includes(payment.status)) throw new DomainError('refund_payment_invalid_state');
    if ((await countRefundsOfPayment(tx, payment.id)) >= MAX_REFUNDS_PER_PAYMENT)
      throw new DomainError('number_of_refunds_exceeded');
    const remaining = payment.amount - payment.amount_refunded;
    if (input.amount > remaining) {
      throw new DomainError('validation_failed', {
        fields: [{ field: 'amount', code: 'refund_exceeds_remaining', params: { remaining }, metadata: { remaining } }],
      });
    }
    const total = payment.amount_refunded + input.amount;
    if (input.totalAmountConfirmation != null && input.totalAmountConfirmation !== total)
      throw new DomainError('total_amount_confirmation_invalid');

    // The balance, read under the payment account's lock (taken by `create`): a concurrent refund waited.
    const balance = await accountBalance(tx, payment.creditor_id, payment.currency, 'confirmed');
    const limit = await deps.limits.limitOf(tx, payment.creditor_id, payment.currency);
    if (balance - input.amount < -limit) {
      throw new DomainError('available_refund_amount_insufficient', {
        metadata: { available_refund_amount: Math.max(0, balance + limit) },
      });
    }
  }

  async function createFor(tx: Queryable, actor: Actor, payment: PaymentRow, input: NewRefund): Promise<RefundRow> {
    await check(tx, payment, input);
    const refund = await insertRefund(
      tx,
      {
        id: ctx.ids('refund'),
        organisation_id: actor.organisationId,
        creditor_id: payment.creditor_id,
        payment_id: payment.id,
        mandate_id: payment.mandate_id,
        amount: input.amount,
        currency: payment.currency,
        reference: input.reference ?? null,
        metadata: input.metadata ?? {},
      },
      ctx.clock.now(),
    );
    // The public API's refund `created` event is caused by `payment_refunded`; it links the payment too.
    await recordEvent(tx, ctx, {
      organisationId: refund.organisation_id,
      resourceType: 'refunds',
      action: 'created',
      links: { refund: refund.id, payment: payment.id },
      details: {
        origin: actor.origin,
        cause: 'payment_refunded',
        description: 'The refund has been created, and will be submitted in the next batch.',
      },
      resourceMetadata: refund.metadata,
      source: actor.source,
    });
    await addAmountRefunded(tx, payment.id, refund.amount, ctx.clock.now());
    // Queued at once: its money leaves the confirmed funds in this transaction.
    return applyMove(tx, ctx, REFUND_MACHINE, { ...refund, paymentScheme: payment.scheme }, 'queue', { actor });
  }

  return {
    /** POST /refunds: a refund of the payment `links.payment` names. */
    async create(
      tx: Queryable,
      actor: Actor,
      links: { payment: string; mandate?: string | null },
      input: NewRefund,
      options: { idempotencyKey?: string } = {},
    ): Promise<RefundRow> {
      const found = await asLink('payment', () => findPayment(tx, actor.organisationId, links.payment));
      await lockPaymentAccount(tx, paymentAccountFor(ctx, found), ctx.clock.now());
      const payment = await findPayment(tx, actor.organisationId, found.id, { lock: true });
      // A mandate named beside the payment must be the organisation's, and the payment's own.
      if (links.mandate) {
        const mandate = await asLink('mandate', () => findMandate(tx, actor.organisationId, links.mandate!));
        if (mandate.id !== payment.mandate_id) throw validationFailed([{ field: 'links.mandate', code: 'invalid' }]);
      }
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () => createFor(tx, actor, payment, input));
    },

    get: (db: Queryable, actor: Actor, id: string) => findRefund(db, actor.organisationId, id),

    /** Another organisation's payment or mandate in a filter is not found, as on its own GET. */
    async list(db: Queryable, actor: Actor, filters: RefundFilters, page: PageRequest): Promise<Page<RefundRow>> {
      if (filters.payment) await findPayment(db, actor.organisationId, filters.payment);
      if (filters.mandate) await findMandate(db, actor.organisationId, filters.mandate);
      return listRefunds(db, actor.organisationId, filters, page);
    },

    async updateMetadata(tx: Queryable, actor: Actor, id: string, metadata: Metadata | undefined) {
      const refund = await findRefund(tx, actor.organisationId, id, { lock: true });
      return updateRefundMetadata(tx, id, metadata ?? refund.metadata, ctx.clock.now());
    },

    /** The organisation's refund, locked for a simulator's moves. */
    find: (tx: Queryable, actor: Actor, id: string) => findRefund(tx, actor.organisationId, id, { lock: true }),

    /** The bank's moves in a row (a simulator's path). */
    async bankMoves(tx: Queryable, refund: RefundRow, moves: readonly RefundMove[]): Promise<RefundRow> {
      let moved = refund;
      for (const move of moves) moved = await bankRefundMove(tx, ctx, moved, move);
      return moved;
    },

    clockWork: {
      machine: REFUND_MACHINE,
      apply: (tx: Queryable, item: ScheduledTransition) => applyScheduledRefundMove(tx, ctx, item),
    } satisfies ClockWork,
  };
}

export type RefundService = ReturnType<typeof createRefundService>;

import type { Queryable } from '../../db/db';
import { asLink } from '../shared/lookup';
import type { EventService } from '../events/service';
import type { EventDetails } from '../events/types';
import { idempotentCreate } from '../idempotency/service';
import type { MandateService } from '../mandates/service';
import { bankReportDetails, type BankReport } from '../scenarios/bank-reports';
import { nameTrigger } from '../scenarios/name-triggers';
import { ACTIVATION, COLLECTABLE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import { afterWorkingDays, paymentConfirmationAt, paymentSubmissionAt } from '../schemes/timing';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import { findOwnedLegacy as findOwned } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest, TimeRange } from '../shared/pagination';
import { schedule, unschedule, type ScheduledTransition } from '../shared/schedule';
import { applyMove, type MoveOptions } from '../shared/state-machine';
import {
  insertPayment,
  listPayments,
  lockPendingPaymentsOf,
  paymentsTable,
  updatePaymentSettings,
  type PaymentOwner,
} from './queries';
import { checkMandatePayment } from './rules';
import { PAYMENT_MACHINE, PAYMENT_MOVES, type PaymentMove } from './state';
import type { PaymentRow } from './types';

export interface NewPayment {
  amount: number;
  currency: string;
  chargeDate?: string | null;
  description?: string | null;
  reference?: string | null;
  metadata?: Metadata;
  appFee?: number | null;
  retryIfPossible?: boolean | null;
  fasterAch?: boolean | null;
  fundsSettlement?: 'managed' | 'direct' | null;
  subscriptionId?: string;
  instalmentScheduleId?: string;
}

/** The scheme whose calendar times a payment: credit transfers follow the SEPA (TARGET) calendar. */
const calendarScheme = (scheme: string): Scheme => (scheme.startsWith('sepa_') ? 'sepa_core' : (scheme as Scheme));

export interface PaymentFilters {
  createdAt?: TimeRange;
  chargeDate?: { gt?: string; gte?: string; lt?: string; lte?: string };
  creditor?: string;
  currency?: string;
  customer?: string;
  mandate?: string;
  scheme?: string;
  status?: string;
  subscription?: string;
  instalmentSchedule?: string;
}

/** Extra parts of a move: request metadata for its event, the bank's event details, columns to set with it. */
type MoveExtra = Omit<MoveOptions<typeof paymentsTable>, 'actor'>;

/** Payments, collected under a mandate or (instant bank payments) authorised once at the payer's bank. */
export function createPaymentService(
  ctx: DomainContext,
  deps: { events: EventService; mandates: () => MandateService },
) {
  const { events } = deps;

  const find = (db: Queryable, actor: Actor, id: string, lock = false) =>
    findOwned<PaymentRow>(db, 'payments', actor.organisationId, id, { lock, resource: 'payments' });

  function recordEvent(
    tx: Queryable,
    actor: Actor,
    payment: PaymentRow,
    action: string,
    cause: string,
    extra: MoveExtra = {},
  ) {
    return events.record(tx, {
      organisationId: payment.organisation_id,
      resourceType: 'payments',
      action,
      // Only the payment: a filter by mandate or subscription returns that resource's own events.
      links: { payment: payment.id },
      details: extra.details ?? {
        origin: actor.origin,
        cause,
        description: `Payment ${action.replace(/_/g, ' ')}.`,
        scheme: payment.scheme,
      },
      metadata: extra.metadata,
      resourceMetadata: payment.metadata,
      source: actor.source,
    });
  }

  /** Applies a move through the one state runner (event, follow-ups and refusal included). */
  const transition = (tx: Queryable, actor: Actor, payment: PaymentRow, name: PaymentMove, extra: MoveExtra = {}) =>
    applyMove(tx, ctx, PAYMENT_MACHINE, payment, name, { actor, ...extra });

  /**
   * A move reported by the bank, shared by the scheme clock and the sandbox's simulators.
   * Submitting the first payment of a mandate activated with its first payment submits that
   * mandate too, and the bank's answer on that payment (confirmed, or failed for lack of funds,
   * which says the account exists) activates it. With `scheduleNext`, the clock books the
   * payment's next move; the simulators apply their moves themselves.
   */
  async function bankMove(
    tx: Queryable,
    payment: PaymentRow,
    name: PaymentMove,
    options: { scheduleNext?: boolean; details?: EventDetails } = {},
  ) {
    const bank: Actor = { organisationId: payment.organisation_id, origin: 'bank', source: { type: 'gc_team' } };
    const mandate = payment.mandate_id
      ? (await tx.query<MandateRow>('SELECT * FROM mandates WHERE id = $1 FOR UPDATE', [payment.mandate_id])).rows[0]
      : undefined;
    const withFirstPayment = mandate !== undefined && ACTIVATION[mandate.scheme as Scheme] === 'first_payment';
    const scheme = calendarScheme(payment.scheme);
    const now = ctx.clock.now();

    let mandateStatus = mandate?.status;
    if (name === 'submit' && withFirstPayment && mandateStatus === 'pending_submission') {
      await deps.mandates().transition(tx, bank, mandate!, 'submit');
      mandateStatus = 'submitted';
    }
    const moved = await transition(tx, bank, payment, name, { details: options.details });
    if ((name === 'confirm' || name === 'fail') && withFirstPayment && mandateStatus === 'submitted') {
      await deps.mandates().transition(tx, bank, mandate!, 'activate');
    }
    if (options.scheduleNext && name === 'submit') {
      const chargeDate = payment.charge_date ?? now.toISOString().slice(0, 10);
      await scheduleMove(tx, moved, 'confirm', paymentConfirmationAt(scheme, chargeDate, now, ctx.environment));
    }
    if (options.scheduleNext && name === 'confirm')
      await scheduleMove(tx, moved, 'pay_out', afterWorkingDays(scheme, now, 1, ctx.environment));
    return moved;
  }

  /** Several bank moves in a row, the last carrying the bank's report (a simulator's or a name trigger's path). */
  async function bankMoves(tx: Queryable, payment: PaymentRow, moves: readonly PaymentMove[], report?: BankReport) {
    let moved = payment;
    for (const [index, move] of moves.entries()) {
      const last = index === moves.length - 1;
      moved = await bankMove(tx, moved, move, {
        details: last && report ? bankReportDetails(report, payment.scheme, 'payments') : undefined,
      });
    }
    return moved;
  }

  const scheduleMove = (tx: Queryable, payment: PaymentRow, name: PaymentMove, dueAt: Date) =>
    schedule(tx, ctx, {
      organisationId: payment.organisation_id,
      resourceType: 'payments',
      resourceId: payment.id,
      transition: name,
      dueAt,
    });

  async function insert(
    tx: Queryable,
    actor: Actor,
    values: {
      creditorId: string;
      mandateId: string | null;
      scheme: string;
      chargeDate: string | null;
      input: NewPayment;
    },
  ) {
    const { input } = values;
    const now = ctx.clock.now();
    const payment = await insertPayment(tx, {
      id: ctx.ids('payment'),
      organisationId: actor.organisationId,
      creditorId: values.creditorId,
      mandateId: values.mandateId,
      scheme: values.scheme,
      chargeDate: values.chargeDate,
      input,
      now,
    });
    await recordEvent(tx, actor, payment, 'created', 'payment_created');
    return payment;
  }

  /** A payment under a mandate, in the caller's transaction, submitted by the scheme clock on its day. */
  async function createForMandateInTx(
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    input: NewPayment,
  ): Promise<PaymentRow> {
    if (mandate.new_mandate_id)
      throw new DomainError('mandate_replaced', { links: { new_mandate: mandate.new_mandate_id } });
    if (!COLLECTABLE.includes(mandate.status)) throw new DomainError('mandate_is_inactive');
    const { chargeDate, issues } = checkMandatePayment(mandate, input, ctx.clock.now());
    if (issues.length) throw validationFailed(issues);
    const payment = await insert(tx, actor, {
      creditorId: mandate.creditor_id,
      mandateId: mandate.id,
      scheme: mandate.scheme,
      chargeDate,
      input,
    });
    const scheme = mandate.scheme as Scheme;
    await scheduleMove(
      tx,
      payment,
      'submit',
      paymentSubmissionAt(scheme, chargeDate, mandate.status === 'active', ctx.clock.now()),
    );
    return payment;
  }

  /** The sandbox's name-triggered scenario for this payment's payer at this move, if any. */
  async function sandboxNameTrigger(tx: Queryable, payment: PaymentRow, move: PaymentMove) {
    if (!payment.mandate_id) return undefined;
    const { rows } = await tx.query<{ given_name: string | null }>(
      'SELECT c.given_name FROM mandates m JOIN customers c ON c.id = m.customer_id WHERE m.id = $1',
      [payment.mandate_id],
    );
    return nameTrigger(rows[0]?.given_name, payment.scheme, move);
  }

  return {
    find,
    createForMandateInTx,

    async create(actor: Actor, mandateId: string, input: NewPayment, options: { idempotencyKey?: string } = {}) {
      return ctx.db.transaction(async (tx) => {
        const mandate = await asLink('mandate', () => deps.mandates().find(tx, actor, mandateId, true));
        return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
          createForMandateInTx(tx, actor, mandate, input),
        );
      });
    },

    /** An instant bank payment the payer authorised at their bank: submitted straight away. */
    async createInstantInTx(
      tx: Queryable,
      actor: Actor,
      creditorId: string,
      scheme: string,
      input: NewPayment,
    ): Promise<PaymentRow> {
      const today = ctx.clock.now().toISOString().slice(0, 10);
      const payment = await insert(tx, actor, { creditorId, mandateId: null, scheme, chargeDate: today, input });
      await scheduleMove(tx, payment, 'submit', ctx.clock.now());
      return payment;
    },

    get: (actor: Actor, id: string) => find(ctx.db, actor, id),

    list: (actor: Actor, filters: PaymentFilters, page: PageRequest): Promise<Page<PaymentRow>> =>
      listPayments(ctx.db, actor.organisationId, filters, page),

    async updateMetadata(actor: Actor, id: string, changes: { metadata?: Metadata; retryIfPossible?: boolean }) {
      return ctx.db.transaction(async (tx) => {
        const payment = await find(tx, actor, id, true);
        return updatePaymentSettings(tx, id, {
          metadata: changes.metadata ?? payment.metadata,
          retryIfPossible: changes.retryIfPossible ?? payment.retry_if_possible,
          now: ctx.clock.now(),
        });
      });
    },

    async cancel(actor: Actor, id: string, metadata?: Metadata): Promise<PaymentRow> {
      return ctx.db.transaction(async (tx) => {
        const payment = await find(tx, actor, id, true);
        const cancelled = await transition(tx, actor, payment, 'cancel', { metadata });
        return cancelled;
      });
    },

    /** Cancels what a mandate, subscription or instalment schedule that ended still has pending. */
    async cancelPendingOf(tx: Queryable, actor: Actor, owner: PaymentOwner) {
      for (const payment of await lockPendingPaymentsOf(tx, owner, PAYMENT_MOVES.cancel.from)) {
        await transition(tx, actor, payment, 'cancel');
      }
    },

    /**
     * Public API `retry`: a failed payment goes back to pending submission, to be collected on
     * the given charge date or the mandate's next possible one, if its mandate can still collect.
     */
    async retry(
      actor: Actor,
      id: string,
      input: { chargeDate?: string | null; metadata?: Metadata },
    ): Promise<PaymentRow> {
      return ctx.db.transaction(async (tx) => {
        const payment = await find(tx, actor, id, true);
        if (!(PAYMENT_MOVES.retry.from as readonly string[]).includes(payment.status) || !payment.mandate_id)
          throw new DomainError('retry_failed');
        const mandate = await deps.mandates().find(tx, actor, payment.mandate_id, true);
        if (mandate.new_mandate_id)
          throw new DomainError('mandate_replaced', { links: { new_mandate: mandate.new_mandate_id } });
        if (!COLLECTABLE.includes(mandate.status)) throw new DomainError('mandate_is_inactive');
        const { chargeDate, issues } = checkMandatePayment(
          mandate,
          {
            amount: payment.amount,
            currency: payment.currency,
            chargeDate: input.chargeDate,
          },
          ctx.clock.now(),
        );
        if (issues.length) throw validationFailed(issues);
        const retried = await transition(tx, actor, payment, 'retry', {
          metadata: input.metadata,
          set: { charge_date: chargeDate },
        });
        await unschedule(tx, id);
        const submitAt = paymentSubmissionAt(
          mandate.scheme as Scheme,
          chargeDate,
          mandate.status === 'active',
          ctx.clock.now(),
        );
        await scheduleMove(tx, retried, 'submit', submitAt);
        return retried;
      });
    },

    bankMoves,

    /** The scheme clock's moves for payments. A move no longer possible (cancelled since) is dropped. */
    async applyScheduled(tx: Queryable, item: ScheduledTransition): Promise<void> {
      const { rows } = await tx.query<PaymentRow>('SELECT * FROM payments WHERE id = $1 FOR UPDATE', [
        item.resource_id,
      ]);
      const payment = rows[0];
      const name = item.transition as PaymentMove;
      if (
        !payment ||
        !(name in PAYMENT_MOVES) ||
        !(PAYMENT_MOVES[name].from as readonly string[]).includes(payment.status)
      )
        return;
      if (name === 'submit' && payment.mandate_id) {
        const { rows: mandates } = await tx.query<MandateRow>('SELECT status FROM mandates WHERE id = $1', [
          payment.mandate_id,
        ]);
        if (!mandates[0] || !COLLECTABLE.includes(mandates[0].status)) return;
      }
      const trigger =
        ctx.environment === 'sandbox' && !payment.subscription_id
          ? await sandboxNameTrigger(tx, payment, name)
          : undefined;
      if (!trigger) {
        await bankMove(tx, payment, name, { scheduleNext: true });
        return;
      }
      await bankMoves(tx, payment, trigger.moves, trigger.report);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { EventService } from '../events/service';
import type { EventDetails } from '../events/types';
import { idempotentCreate } from '../idempotency/service';
import type { MandateService } from '../mandates/service';
import { bankReportDetails, type BankReport } from '../scenarios/bank-reports';
import { nameTrigger } from '../scenarios/name-triggers';
import { ACTIVATION, COLLECTABLE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import { resolveChargeDate } from '../schemes/charge-dates';
import { checkPaymentAmount } from '../schemes/limits';
import { validatePaymentReference } from '../schemes/references';
import { afterWorkingDays, paymentConfirmationAt, paymentSubmissionAt } from '../schemes/timing';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed, type FieldIssue } from '../shared/errors';
import { findOwnedLegacy as findOwned } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { schedule, unschedule, type ScheduledTransition } from '../shared/schedule';
import { applyMove, type MoveOptions } from '../shared/state-machine';
import { paymentsTable } from './queries';
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

  /** The checks a mandate payment must pass; the payment's charge date comes back resolved. */
  function checkMandatePayment(mandate: MandateRow, input: NewPayment): { chargeDate: string; issues: FieldIssue[] } {
    const scheme = mandate.scheme as Scheme;
    const issues: FieldIssue[] = [];
    if (input.currency !== CURRENCY_OF_SCHEME[scheme])
      issues.push({
        field: 'currency',
        code: 'scheme_currency_mismatch',
        params: { currency: CURRENCY_OF_SCHEME[scheme] },
      });
    const amount = checkPaymentAmount(scheme, input.amount);
    if (amount)
      issues.push({ field: 'amount', code: amount === 'too_small' ? 'amount_too_small' : 'amount_too_large' });
    if (input.reference && !validatePaymentReference(scheme, input.reference, mandate.reference)) {
      issues.push({ field: 'reference', code: 'invalid_format' });
    }
    const resolved = resolveChargeDate(scheme, input.chargeDate ?? undefined, {
      now: ctx.clock.now(),
      mandateActive: mandate.status === 'active',
      faster: Boolean(input.fasterAch),
    });
    if (!resolved.ok)
      issues.push({ field: 'charge_date', code: 'invalid_charge_date', params: { date: resolved.earliest } });
    return { chargeDate: resolved.ok ? resolved.chargeDate : '', issues };
  }

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
    const { rows } = await tx.query<PaymentRow>(
      `INSERT INTO payments (id, organisation_id, creditor_id, mandate_id, subscription_id, instalment_schedule_id, amount, app_fee, currency,
         charge_date, description, reference, scheme, status, metadata, retry_if_possible, faster_ach, funds_settlement, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending_submission', $14, $15, $16, $17, $18, $18) RETURNING *`,
      [
        ctx.ids('payment'),
        actor.organisationId,
        values.creditorId,
        values.mandateId,
        input.subscriptionId ?? null,
        input.instalmentScheduleId ?? null,
        input.amount,
        input.appFee ?? null,
        input.currency,
        values.chargeDate,
        input.description ?? null,
        input.reference ?? null,
        values.scheme,
        json(input.metadata ?? {}),
        input.retryIfPossible ?? false,
        input.fasterAch ?? null,
        input.fundsSettlement ?? 'managed',
        now,
      ],
    );
    const payment = rows[0]!;
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
    const { chargeDate, issues } = checkMandatePayment(mandate, input);
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
        const mandate = await deps
          .mandates()
          .find(tx, actor, mandateId, true)
          .catch((error) => {
            throw error instanceof DomainError && error.reason === 'resource_not_found'
              ? new DomainError('link_not_found', {
                  params: { link: 'mandate' },
                  fields: [{ field: 'links.mandate', code: 'not_found' }],
                })
              : error;
          });
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

    async list(actor: Actor, filters: PaymentFilters, page: PageRequest): Promise<Page<PaymentRow>> {
      const params = new Params();
      const where = [`p.organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.creditor) where.push(`p.creditor_id = ${params.add(filters.creditor)}`);
      if (filters.currency) where.push(`p.currency = ${params.add(filters.currency)}`);
      if (filters.mandate) where.push(`p.mandate_id = ${params.add(filters.mandate)}`);
      if (filters.scheme) where.push(`p.scheme = ${params.add(filters.scheme)}`);
      if (filters.status) where.push(`p.status = ${params.add(filters.status)}`);
      if (filters.subscription) where.push(`p.subscription_id = ${params.add(filters.subscription)}`);
      if (filters.instalmentSchedule)
        where.push(`p.instalment_schedule_id = ${params.add(filters.instalmentSchedule)}`);
      if (filters.customer)
        where.push(`p.mandate_id IN (SELECT id FROM mandates WHERE customer_id = ${params.add(filters.customer)})`);
      whereInRange(where, params, 'p.created_at', filters.createdAt);
      const ops = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
      for (const [op, value] of Object.entries(filters.chargeDate ?? {})) {
        if (value) where.push(`p.charge_date ${ops[op as keyof typeof ops]} ${params.add(value)}`);
      }
      return pageQuery<PaymentRow>(
        ctx.db,
        { from: 'payments p', select: 'p.*', idColumn: 'p.id', where, params },
        page,
      );
    },

    async updateMetadata(actor: Actor, id: string, changes: { metadata?: Metadata; retryIfPossible?: boolean }) {
      return ctx.db.transaction(async (tx) => {
        const payment = await find(tx, actor, id, true);
        const { rows } = await tx.query<PaymentRow>(
          'UPDATE payments SET metadata = $2, retry_if_possible = $3, updated_at = $4 WHERE id = $1 RETURNING *',
          [
            id,
            json(changes.metadata ?? payment.metadata),
            changes.retryIfPossible ?? payment.retry_if_possible,
            ctx.clock.now(),
          ],
        );
        return rows[0]!;
      });
    },

    async cancel(actor: Actor, id: string, metadata?: Metadata): Promise<PaymentRow> {
      return ctx.db.transaction(async (tx) => {
        const payment = await find(tx, actor, id, true);
        const cancelled = await transition(tx, actor, payment, 'cancel', { metadata });
        return cancelled;
      });
    },

    /** Cancels what `column = value` still has pending (a mandate, subscription or schedule ending). */
    async cancelPendingWhere(
      tx: Queryable,
      actor: Actor,
      column: 'mandate_id' | 'subscription_id' | 'instalment_schedule_id',
      value: string,
    ) {
      const { rows } = await tx.query<PaymentRow>(
        `SELECT * FROM payments WHERE ${column} = $1 AND status = ANY($2) ORDER BY id FOR UPDATE`,
        [value, PAYMENT_MOVES.cancel.from],
      );
      for (const payment of rows) {
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
        const { chargeDate, issues } = checkMandatePayment(mandate, {
          amount: payment.amount,
          currency: payment.currency,
          chargeDate: input.chargeDate,
        });
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

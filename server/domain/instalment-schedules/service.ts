import type { Queryable } from '../../db/db';
import { applyMove } from '../shared/state-machine';
import { INSTALMENT_SCHEDULE_MACHINE } from './state';
import { Params, json } from '../../db/sql';
import type { InstalmentScheduleRequest } from '../billing-requests/types';
import type { EventService } from '../events/service';
import { idempotentCreate } from '../idempotency/service';
import type { MandateService } from '../mandates/service';
import { COLLECTABLE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import type { PaymentService } from '../payments/service';
import { calendarFor } from '../schemes/calendars';
import { isIsoDate } from '../schemes/calendars/dates';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, isDomainError, notFound, validationFailed, type FieldIssue } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { upcomingChargeDates } from '../subscriptions/schedule';
import {
  INSTALMENT_SCHEDULE_NAME_MAX,
  type CreateInstalmentSchedule,
  type DatedInstalment,
  type InstalmentInterval,
  type InstalmentScheduleFilters,
  type InstalmentScheduleRow,
} from './types';

/** A schedule to create, from the API body or a billing request's instalment_schedule_request. */
type Draft = Omit<CreateInstalmentSchedule, 'links'>;

/** One payment of the schedule; a null charge date is the earliest possible. */
interface PlannedPayment {
  amount: number;
  chargeDate: string | null;
  description: string | null;
}

/**
 * Where a refusal points in what the client sent: `instalments` in the API body, the
 * `instalments_with_dates` / `_with_schedule` of a billing request's instalment_schedule_request.
 */
interface FieldPaths {
  prefix: string;
  instalments: string;
}

/** Its payment ids are selected with every schedule (one query for a whole list page). */
const WITH_PAYMENT_IDS = (alias: string) =>
  `${alias}.*, COALESCE((SELECT array_agg(p.id ORDER BY p.id) FROM payments p WHERE p.instalment_schedule_id = ${alias}.id), '{}') AS payment_ids`;

/** Spec: instalment schedule requests are for ACH and PAD mandates only. */
const REQUEST_SCHEMES: readonly Scheme[] = ['ach', 'pad'];

const isInterval = (instalments: Draft['instalments']): instalments is InstalmentInterval =>
  !Array.isArray(instalments);

/** Payments collected on set dates under one mandate, all created with the schedule. */
export function createInstalmentScheduleService(
  ctx: DomainContext,
  deps: { events: EventService; payments: () => PaymentService; mandates: () => MandateService },
) {
  const { events } = deps;

  const recordEvent = (
    tx: Queryable,
    actor: Actor,
    schedule: Omit<InstalmentScheduleRow, 'payment_ids'>,
    action: string,
    cause: string,
  ) =>
    events.record(tx, {
      organisationId: schedule.organisation_id,
      resourceType: 'instalment_schedules',
      action,
      links: { instalment_schedule: schedule.id, mandate: schedule.mandate_id },
      details: { origin: actor.origin, cause, description: `Instalment schedule ${action.replace(/_/g, ' ')}.` },
      resourceMetadata: schedule.metadata,
      source: actor.source,
    });

  async function find(db: Queryable, actor: Actor, id: string, lock = false): Promise<InstalmentScheduleRow> {
    const { rows } = await db.query<InstalmentScheduleRow>(
      `SELECT ${WITH_PAYMENT_IDS('i')} FROM instalment_schedules i WHERE i.id = $1 AND i.organisation_id = $2${lock ? ' FOR UPDATE OF i' : ''}`,
      [id, actor.organisationId],
    );
    if (!rows[0]) throw notFound('instalment_schedules');
    return rows[0];
  }

  /** The schedule and all its payments; every refused instalment is reported at once. */
  async function createScheduleInTx(
    tx: Queryable,
    actor: Actor,
    mandate: MandateRow,
    draft: Draft,
    paths: FieldPaths,
  ): Promise<InstalmentScheduleRow> {
    const scheme = mandate.scheme as Scheme;
    const issues = checkDraft(draft, scheme, paths);
    if (issues.length) throw validationFailed(issues);
    const now = ctx.clock.now();
    const { rows } = await tx.query<Omit<InstalmentScheduleRow, 'payment_ids'>>(
      `INSERT INTO instalment_schedules (id, organisation_id, mandate_id, customer_id, currency, name, total_amount, app_fee, payment_reference,
         retry_if_possible, status, metadata, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', $11, $12, $12) RETURNING *`,
      [
        ctx.ids('instalmentSchedule'),
        actor.organisationId,
        mandate.id,
        mandate.customer_id,
        draft.currency,
        draft.name,
        draft.total_amount,
        draft.app_fee ?? null,
        draft.payment_reference ?? null,
        draft.retry_if_possible ?? false,
        json(draft.metadata ?? {}),
        now,
      ],
    );
    const schedule = rows[0]!;
    await recordEvent(tx, actor, schedule, 'created', 'instalment_schedule_created');
    const earliest = nextPossibleChargeDate(scheme, { now, mandateActive: mandate.status === 'active' });
    const paymentIds: string[] = [];
    const refused: FieldIssue[] = [];
    for (const [index, planned] of planOf(draft, scheme, earliest).entries()) {
      try {
        const payment = await deps.payments().createForMandateInTx(tx, actor, mandate, {
          amount: planned.amount,
          currency: draft.currency,
          chargeDate: planned.chargeDate,
          description: planned.description,
          reference: draft.payment_reference,
          appFee: draft.app_fee,
          retryIfPossible: draft.retry_if_possible,
          instalmentScheduleId: schedule.id,
        });
        paymentIds.push(payment.id);
      } catch (error) {
        // The payment service refuses before writing anything, so the others can still be tried.
        if (!isDomainError(error) || error.reason !== 'validation_failed') throw error;
        refused.push(
          ...(error.options.fields ?? []).map((issue) => ({
            ...issue,
            field: instalmentField(paths, draft, index, issue.field),
          })),
        );
      }
    }
    if (refused.length) throw validationFailed(withoutRepeats(refused));
    return { ...schedule, payment_ids: paymentIds };
  }

  return {
    /** Fulfilment of a billing request's instalment_schedule_request. */
    async createInTx(
      tx: Queryable,
      actor: Actor,
      mandate: MandateRow,
      request: InstalmentScheduleRequest,
    ): Promise<InstalmentScheduleRow> {
      const scheme = mandate.scheme as Scheme;
      const prefix = 'instalment_schedule_request';
      if (!REQUEST_SCHEMES.includes(scheme)) {
        throw new DomainError('request_type_not_supported_by_scheme', {
          fields: [{ field: prefix, code: 'request_type_not_supported_by_scheme', params: { scheme } }],
        });
      }
      const { instalments_with_dates: dates, instalments_with_schedule: interval, ...rest } = request;
      const instalments = dates ?? interval;
      if (!instalments)
        throw validationFailed([
          {
            field: `${prefix}.instalments_with_dates`,
            code: 'exactly_one_of',
            params: { other: 'instalments_with_schedule' },
          },
        ]);
      const paths = {
        prefix: `${prefix}.`,
        instalments: dates ? 'instalments_with_dates' : 'instalments_with_schedule',
      };
      return createScheduleInTx(tx, actor, mandate, { ...rest, instalments }, paths);
    },

    async create(
      actor: Actor,
      input: CreateInstalmentSchedule,
      options: { idempotencyKey?: string } = {},
    ): Promise<InstalmentScheduleRow> {
      return ctx.db.transaction(async (tx) => {
        const mandate = await asLink('mandate', () => deps.mandates().find(tx, actor, input.links.mandate, true));
        if (!COLLECTABLE.includes(mandate.status)) throw new DomainError('mandate_is_inactive');
        const { links: _links, ...draft } = input;
        return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
          createScheduleInTx(tx, actor, mandate, draft, { prefix: '', instalments: 'instalments' }),
        );
      });
    },

    get: (actor: Actor, id: string) => find(ctx.db, actor, id),

    async list(
      actor: Actor,
      filters: InstalmentScheduleFilters,
      page: PageRequest,
    ): Promise<Page<InstalmentScheduleRow>> {
      const params = new Params();
      const where = [`i.organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.customer) where.push(`i.customer_id = ${params.add(filters.customer)}`);
      if (filters.mandate) where.push(`i.mandate_id = ${params.add(filters.mandate)}`);
      if (filters.statuses?.length) where.push(`i.status = ANY(${params.add(filters.statuses)})`);
      whereInRange(where, params, 'i.created_at', filters.createdAt);
      return pageQuery<InstalmentScheduleRow>(
        ctx.db,
        { from: 'instalment_schedules i', select: WITH_PAYMENT_IDS('i'), idColumn: 'i.id', where, params },
        page,
      );
    },

    async updateMetadata(actor: Actor, id: string, metadata: Metadata): Promise<InstalmentScheduleRow> {
      const { rows } = await ctx.db.query<InstalmentScheduleRow>(
        `UPDATE instalment_schedules i SET metadata = $3, updated_at = $4 WHERE i.id = $1 AND i.organisation_id = $2 RETURNING ${WITH_PAYMENT_IDS('i')}`,
        [id, actor.organisationId, json(metadata), ctx.clock.now()],
      );
      if (!rows[0]) throw notFound('instalment_schedules');
      return rows[0];
    },

    /** Cancels the schedule and its payments not yet submitted; a completed or cancelled one cannot be. */
    async cancel(actor: Actor, id: string): Promise<InstalmentScheduleRow> {
      return ctx.db.transaction(async (tx) => {
        const found = await find(tx, actor, id, true);
        const cancelled = await applyMove(tx, ctx, INSTALMENT_SCHEDULE_MACHINE, found, 'cancel', { actor });
        await deps.payments().cancelPendingOf(tx, actor, { instalmentSchedule: id });
        return cancelled;
      });
    },

    /** The mandate was cancelled or replaced: its schedules end with it, each with its event. */
    async cancelForMandateInTx(tx: Queryable, actor: Actor, mandateId: string): Promise<void> {
      const { rows } = await tx.query<Omit<InstalmentScheduleRow, 'payment_ids'>>(
        'SELECT * FROM instalment_schedules WHERE mandate_id = $1 AND status = ANY($2) ORDER BY id FOR UPDATE',
        [mandateId, INSTALMENT_SCHEDULE_MACHINE.moves.cancel.from],
      );
      if (!rows.length) return;
      for (const schedule of rows) {
        await applyMove(tx, ctx, INSTALMENT_SCHEDULE_MACHINE, schedule, 'cancel', {
          actor,
          cause: 'mandate_cancelled',
        });
      }
      await deps.payments().cancelPendingOf(tx, actor, { mandate: mandateId });
    },
  };
}

/** The rules of the schedule as a whole; each payment's own checks come from the payment service. */
function checkDraft(draft: Draft, scheme: Scheme, paths: FieldPaths): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (field: string) => `${paths.prefix}${field}`;
  if (!draft.name.trim()) issues.push({ field: at('name'), code: 'blank' });
  if (draft.name.length > INSTALMENT_SCHEDULE_NAME_MAX)
    issues.push({ field: at('name'), code: 'too_long', params: { max: INSTALMENT_SCHEDULE_NAME_MAX } });
  const currency = CURRENCY_OF_SCHEME[scheme];
  if (draft.currency !== currency)
    issues.push({ field: at('currency'), code: 'currency_mismatch', params: { currency } });
  const amounts = isInterval(draft.instalments) ? draft.instalments.amounts : draft.instalments.map((i) => i.amount);
  if (!amounts.length) issues.push({ field: at(paths.instalments), code: 'too_few', params: { min: 1 } });
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (sum !== draft.total_amount) issues.push({ field: at('total_amount'), code: 'must_equal_sum', params: { sum } });
  const smallest = Math.min(...amounts);
  if (draft.app_fee && draft.app_fee > smallest)
    issues.push({ field: at('app_fee'), code: 'too_large', params: { max: smallest } });
  if (isInterval(draft.instalments)) {
    const { interval, start_date: start } = draft.instalments;
    if (!Number.isInteger(interval) || interval < 1)
      issues.push({ field: at(`${paths.instalments}.interval`), code: 'too_small', params: { min: 1 } });
    if (start && !isIsoDate(start)) issues.push({ field: at(`${paths.instalments}.start_date`), code: 'invalid_date' });
  } else {
    draft.instalments.forEach((instalment: DatedInstalment, n) => {
      if (instalment.charge_date && !isIsoDate(instalment.charge_date))
        issues.push({ field: at(`${paths.instalments}.${n}.charge_date`), code: 'invalid_date' });
    });
  }
  return issues;
}

/** Each instalment's amount, charge date (null: earliest possible) and payment description. */
function planOf(draft: Draft, scheme: Scheme, earliest: string): PlannedPayment[] {
  if (!isInterval(draft.instalments)) {
    return draft.instalments.map((i) => ({
      amount: i.amount,
      chargeDate: i.charge_date ?? null,
      description: i.description ?? null,
    }));
  }
  const { amounts, interval, interval_unit: intervalUnit, start_date: start } = draft.instalments;
  const startDate = start ?? earliest;
  const rule = { startDate, interval, intervalUnit, count: amounts.length, calendar: calendarFor(scheme) };
  const dates = upcomingChargeDates(rule, startDate, amounts.length);
  // Spec: the schedule's name is copied to its payments in schedule-based creation.
  return amounts.map((amount, n) => ({ amount, chargeDate: dates[n]!, description: draft.name }));
}

/** A payment's refused field, as the field of the instalment it came from. */
function instalmentField(paths: FieldPaths, draft: Draft, index: number, field: string): string {
  const at = `${paths.prefix}${paths.instalments}`;
  if (field === 'reference') return `${paths.prefix}payment_reference`;
  if (field === 'currency') return `${paths.prefix}currency`;
  if (!isInterval(draft.instalments)) return `${at}.${index}.${field}`;
  if (field === 'amount') return `${at}.amounts.${index}`;
  return field === 'charge_date' ? `${at}.start_date` : `${at}.${field}`;
}

/** One issue per field and code: a start date too early refuses several instalments alike. */
function withoutRepeats(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.field} ${issue.code}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

export type InstalmentScheduleService = ReturnType<typeof createInstalmentScheduleService>;

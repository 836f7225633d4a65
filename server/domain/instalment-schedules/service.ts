import type { Queryable } from '../../db/db';
import type { InstalmentScheduleRequest } from '../billing-requests/types';
import { recordEvent } from '../events/queries';
import { idempotentCreate } from '../idempotency/service';
import { findMandate } from '../mandates/queries';
import { COLLECTABLE } from '../mandates/state';
import type { MandateRow } from '../mandates/types';
import { listPaymentIdsOfSchedules } from '../payments/queries';
import type { PaymentService } from '../payments/service';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, isDomainError, notFound, validationFailed, type FieldIssue } from '../shared/errors';
import { asLink } from '../shared/lookup';
import type { Metadata } from '../shared/metadata';
import type { Page, PageRequest } from '../shared/pagination';
import { applyMove } from '../shared/state-machine';
import {
  findInstalmentSchedule,
  insertInstalmentSchedule,
  listInstalmentSchedules,
  lockInstalmentSchedulesOfMandate,
  updateInstalmentScheduleMetadata,
  type StoredInstalmentSchedule,
} from './queries';
import { INSTALMENT_SCHEDULE_MACHINE } from './state';
import {
  REQUEST_SCHEMES,
  checkDraft,
  instalmentField,
  planOf,
  withoutRepeats,
  type Draft,
  type FieldPaths,
} from './rules';
import type { CreateInstalmentSchedule, InstalmentScheduleFilters, InstalmentScheduleRow } from './types';

/** Schedules with their payments' ids (one query for a whole list page). */
async function withPaymentIds(db: Queryable, stored: StoredInstalmentSchedule[]): Promise<InstalmentScheduleRow[]> {
  const ids = await listPaymentIdsOfSchedules(
    db,
    stored.map((s) => s.id),
  );
  return stored.map((s) => ({ ...s, payment_ids: ids.get(s.id) ?? [] }));
}

/**
 * Payments collected on set dates under one mandate, all created with the schedule: use cases
 * taking the caller's unit of work (`tx`) first, as every service does.
 */
export function createInstalmentScheduleService(ctx: DomainContext, deps: { payments: () => PaymentService }) {
  const recordCreated = (tx: Queryable, actor: Actor, schedule: StoredInstalmentSchedule) =>
    recordEvent(tx, ctx, {
      organisationId: schedule.organisation_id,
      resourceType: 'instalment_schedules',
      action: 'created',
      links: { instalment_schedule: schedule.id, mandate: schedule.mandate_id },
      details: {
        origin: actor.origin,
        cause: 'instalment_schedule_created',
        description: 'Instalment schedule created.',
      },
      resourceMetadata: schedule.metadata,
      source: actor.source,
    });

  async function find(db: Queryable, actor: Actor, id: string, lock = false): Promise<InstalmentScheduleRow> {
    const [schedule] = await withPaymentIds(db, [await findInstalmentSchedule(db, actor.organisationId, id, { lock })]);
    return schedule!;
  }

  /** The schedule and all its payments; every refused instalment is reported at once. */
  async function createSchedule(
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
    const schedule = await insertInstalmentSchedule(tx, {
      id: ctx.ids('instalmentSchedule'),
      organisation_id: actor.organisationId,
      mandate_id: mandate.id,
      customer_id: mandate.customer_id,
      currency: draft.currency,
      name: draft.name,
      total_amount: draft.total_amount,
      app_fee: draft.app_fee ?? null,
      payment_reference: draft.payment_reference ?? null,
      retry_if_possible: draft.retry_if_possible ?? false,
      metadata: draft.metadata ?? {},
      created_at: now,
    });
    await recordCreated(tx, actor, schedule);
    const earliest = nextPossibleChargeDate(scheme, { now, mandateActive: mandate.status === 'active' });
    const paymentIds: string[] = [];
    const refused: FieldIssue[] = [];
    for (const [index, planned] of planOf(draft, scheme, earliest).entries()) {
      try {
        const payment = await deps.payments().createForMandate(tx, actor, mandate, {
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
    async createFromRequest(
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
      return createSchedule(tx, actor, mandate, { ...rest, instalments }, paths);
    },

    /** POST /instalment_schedules: a schedule under the mandate `links.mandate` names. */
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateInstalmentSchedule,
      options: { idempotencyKey?: string } = {},
    ): Promise<InstalmentScheduleRow> {
      const mandate = await asLink('mandate', () =>
        findMandate(tx, actor.organisationId, input.links.mandate, { lock: true }),
      );
      if (!COLLECTABLE.includes(mandate.status)) throw new DomainError('mandate_is_inactive');
      const { links: _links, ...draft } = input;
      return idempotentCreate(tx, ctx.clock, actor, options.idempotencyKey, () =>
        createSchedule(tx, actor, mandate, draft, { prefix: '', instalments: 'instalments' }),
      );
    },

    get: (db: Queryable, actor: Actor, id: string) => find(db, actor, id),

    async list(
      db: Queryable,
      actor: Actor,
      filters: InstalmentScheduleFilters,
      page: PageRequest,
    ): Promise<Page<InstalmentScheduleRow>> {
      const found = await listInstalmentSchedules(db, actor.organisationId, filters, page);
      return { ...found, items: await withPaymentIds(db, found.items) };
    },

    async updateMetadata(tx: Queryable, actor: Actor, id: string, metadata: Metadata): Promise<InstalmentScheduleRow> {
      const updated = await updateInstalmentScheduleMetadata(tx, actor.organisationId, id, metadata, ctx.clock.now());
      if (!updated) throw notFound('instalment_schedules');
      const [schedule] = await withPaymentIds(tx, [updated]);
      return schedule!;
    },

    /** Cancels the schedule and its payments not yet submitted; a completed or cancelled one cannot be. */
    async cancel(tx: Queryable, actor: Actor, id: string): Promise<InstalmentScheduleRow> {
      const found = await find(tx, actor, id, true);
      const cancelled = await applyMove(tx, ctx, INSTALMENT_SCHEDULE_MACHINE, found, 'cancel', { actor });
      await deps.payments().cancelPendingOf(tx, actor, { instalmentSchedule: id });
      return cancelled;
    },

    /** The mandate was cancelled or replaced: its schedules end with it, each with its event. */
    async cancelForMandate(tx: Queryable, actor: Actor, mandateId: string): Promise<void> {
      const rows = await lockInstalmentSchedulesOfMandate(tx, mandateId, INSTALMENT_SCHEDULE_MACHINE.moves.cancel.from);
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

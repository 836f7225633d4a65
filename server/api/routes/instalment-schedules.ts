import { z } from 'zod';
import { instalmentScheduleWire, serializeInstalmentSchedule } from '../wire/instalment-schedules';
import {
  INSTALMENT_SCHEDULE_NAME_MAX,
  INSTALMENT_SCHEDULE_STATUSES,
  type DatedInstalment,
  type InstalmentInterval,
  type InstalmentScheduleRow,
} from '../../domain/instalment-schedules/types';
import { INTERVAL_UNITS } from '../../domain/subscriptions/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { documentedAs } from '../documented';
import { created, defineRoute, listResult, ok } from '../route';
import { amount, commaList, currency, isoDate, metadata, optionalString, wireInteger } from '../schemas';

const datedInstalments = z
  .array(z.strictObject({ amount, charge_date: isoDate.nullish(), description: optionalString(255) }))
  .min(1)
  .max(100);

const instalmentInterval = z.strictObject({
  amounts: z.array(amount).min(1).max(100),
  interval: wireInteger(1),
  interval_unit: z.enum(INTERVAL_UNITS),
  start_date: isoDate.nullish(),
});

type Form = 'with_dates' | 'with_schedule';
const EXPECTED: Record<Form, string> = { with_dates: 'array', with_schedule: 'object' };
const FORM_DESCRIPTIONS: Record<Form, string> = {
  with_dates: 'an array of { amount, charge_date (null: earliest possible), description }',
  with_schedule: 'an object { amounts, interval, interval_unit, start_date }',
};

/**
 * `instalments` is an array of dated instalments (with_dates) or an interval object
 * (with_schedule). The JSON shape picks the schema, so a bad field inside one form is reported
 * on that field rather than as "matches neither" (what a union would say); a form the path does
 * not take is a 422 on `instalments` itself.
 */
function instalmentsOf(forms: readonly Form[]) {
  const schema = z
    .unknown()
    .transform((value, ctx): DatedInstalment[] | InstalmentInterval => {
      const form: Form | null = Array.isArray(value)
        ? 'with_dates'
        : typeof value === 'object' && value !== null
          ? 'with_schedule'
          : null;
      if (value === undefined || value === null) {
        ctx.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
      if (!form || !forms.includes(form)) {
        ctx.addIssue({
          code: 'custom',
          message: 'wrong_type',
          params: { expected: forms.map((f) => EXPECTED[f]).join(' or ') },
        });
        return z.NEVER;
      }
      const result = (form === 'with_dates' ? datedInstalments : instalmentInterval).safeParse(value, {
        reportInput: true,
      });
      if (result.success) return result.data;
      // The issues keep their own codes and paths; the body schema puts `instalments.` in front.
      for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    })
    .meta({ description: forms.map((f) => FORM_DESCRIPTIONS[f]).join(', or ') });
  const only = forms.length === 1 ? (forms[0] === 'with_dates' ? datedInstalments : instalmentInterval) : undefined;
  documentedAs.set(schema, only ?? z.union([datedInstalments, instalmentInterval]));
  return schema;
}

const createBody = (forms: readonly Form[]) =>
  z.strictObject({
    name: z.string().min(1).max(INSTALMENT_SCHEDULE_NAME_MAX),
    currency,
    total_amount: amount,
    instalments: instalmentsOf(forms),
    app_fee: wireInteger(0).nullish(),
    payment_reference: optionalString(140),
    retry_if_possible: z.boolean().nullish(),
    metadata,
    links: z.strictObject({ mandate: z.string().min(1) }),
  });

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  customer: z.string().optional(),
  mandate: z.string().optional(),
  status: commaList(INSTALMENT_SCHEDULE_STATUSES).optional(),
});

const common = {
  tag: 'Instalment schedules',
  resourceKey: 'instalment_schedules',
  response: instalmentScheduleWire,
} as const;

/** POST /instalment_schedules takes either form; the spec's and the client's alias paths take one each. */
const CREATE_PATHS: { path: string; operationId: string; forms: readonly Form[]; summary: string }[] = [
  {
    path: '/instalment_schedules',
    operationId: 'createInstalmentSchedule',
    forms: ['with_dates', 'with_schedule'],
    summary: 'Create an instalment schedule',
  },
  {
    path: '/instalment_schedules/with_dates',
    operationId: 'createInstalmentScheduleWithDates',
    forms: ['with_dates'],
    summary: 'Create an instalment schedule from dated instalments',
  },
  {
    path: '/instalment_schedules/with_schedule',
    operationId: 'createInstalmentScheduleWithSchedule',
    forms: ['with_schedule'],
    summary: 'Create an instalment schedule from an interval',
  },
  {
    path: '/instalment_schedules/create_with_dates',
    operationId: 'createInstalmentScheduleCreateWithDates',
    forms: ['with_dates'],
    summary: 'Create an instalment schedule from dated instalments (client path)',
  },
  {
    path: '/instalment_schedules/create_with_schedule',
    operationId: 'createInstalmentScheduleCreateWithSchedule',
    forms: ['with_schedule'],
    summary: 'Create an instalment schedule from an interval (client path)',
  },
];

const createRoutes = CREATE_PATHS.map(({ path, operationId, forms, summary }) =>
  defineRoute({
    ...common,
    method: 'POST',
    path,
    operationId,
    summary,
    kind: 'create',
    status: 201,
    body: createBody(forms),
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const schedule = await services.instalmentSchedules.create(tx, actor, body, { idempotencyKey });
      return created(
        'instalment_schedules',
        serializeInstalmentSchedule(schedule),
        `${config.publicUrl}/instalment_schedules/${schedule.id}`,
      );
    },
  }),
);

export const instalmentScheduleRoutes = [
  ...createRoutes,
  defineRoute({
    ...common,
    method: 'GET',
    path: '/instalment_schedules',
    operationId: 'listInstalmentSchedules',
    summary: 'List instalment schedules',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.instalmentSchedules.list(
        tx,
        actor,
        { createdAt: query.created_at, customer: query.customer, mandate: query.mandate, statuses: query.status },
        pageOf(query),
      );
      return listResult('instalment_schedules', page, (row: InstalmentScheduleRow) => serializeInstalmentSchedule(row));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/instalment_schedules/:id',
    operationId: 'getInstalmentSchedule',
    summary: 'Get an instalment schedule',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok(
        'instalment_schedules',
        serializeInstalmentSchedule(await services.instalmentSchedules.get(tx, actor, params.id)),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/instalment_schedules/:id',
    operationId: 'updateInstalmentSchedule',
    summary: 'Update an instalment schedule (metadata)',
    kind: 'update',
    status: 200,
    body: z.strictObject({ metadata }),
    async handler({ services, tx, actor, params, body }) {
      const schedule = body.metadata
        ? await services.instalmentSchedules.updateMetadata(tx, actor, params.id, body.metadata)
        : await services.instalmentSchedules.get(tx, actor, params.id);
      return ok('instalment_schedules', serializeInstalmentSchedule(schedule));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/instalment_schedules/:id/actions/cancel',
    operationId: 'cancelInstalmentSchedule',
    summary: 'Cancel an instalment schedule and its pending payments',
    kind: 'action',
    status: 200,
    bodyKeys: ['instalment_schedules'],
    async handler({ services, tx, actor, params }) {
      return ok(
        'instalment_schedules',
        serializeInstalmentSchedule(await services.instalmentSchedules.cancel(tx, actor, params.id)),
      );
    },
  }),
];

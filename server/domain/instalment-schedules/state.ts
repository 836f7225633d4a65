import { defineMachine } from '../shared/state-machine';
import { defineTable } from '../shared/table';
import { INSTALMENT_SCHEDULE_STATUSES, type InstalmentScheduleRow, type InstalmentScheduleStatus } from './types';

/** The `instalment_schedules` table as its owner declares it (its SQL still lives in service.ts; #12). */
export const instalmentSchedulesTable = defineTable('instalment_schedules', [
  'id',
  'organisation_id',
  'mandate_id',
  'customer_id',
  'currency',
  'name',
  'total_amount',
  'app_fee',
  'payment_reference',
  'retry_if_possible',
  'status',
  'payment_errors',
  'metadata',
  'created_at',
  'updated_at',
]);

/**
 * An instalment schedule's moves, applied by the one runner: cancellable until completed or
 * cancelled (`cancellation_failed` after). Creation writes `pending` or `active` directly: it is
 * not a move from anything.
 */
export const INSTALMENT_SCHEDULE_MACHINE = defineMachine<
  InstalmentScheduleStatus,
  'cancel',
  Omit<InstalmentScheduleRow, 'payment_ids'>
>({
  table: instalmentSchedulesTable,
  resourceType: 'instalment_schedules',
  statuses: INSTALMENT_SCHEDULE_STATUSES,
  moves: {
    cancel: {
      from: ['pending', 'active'],
      to: 'cancelled',
      event: 'cancelled',
      cause: 'instalment_schedule_cancelled',
      refused: 'cancellation_failed',
    },
  },
  links: (schedule) => ({ instalment_schedule: schedule.id, mandate: schedule.mandate_id }),
  eventContext: (schedule) => ({ resourceMetadata: schedule.metadata }),
});

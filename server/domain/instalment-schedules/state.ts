import { defineMachine } from '../shared/state-machine';
import { instalmentSchedulesTable } from './queries';
import { INSTALMENT_SCHEDULE_STATUSES, type InstalmentScheduleRow, type InstalmentScheduleStatus } from './types';

/**
 * An instalment schedule's moves, applied by the one runner: cancellable until completed or
 * cancelled (`cancellation_failed` after); completed once every instalment is paid out, which
 * the bank's last `paid_out` does (refused with `status_changed` if a cancel came first).
 * Creation writes `pending` or `active` directly: it is not a move from anything.
 */
export const INSTALMENT_SCHEDULE_MACHINE = defineMachine<
  InstalmentScheduleStatus,
  'cancel' | 'complete',
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
    complete: {
      from: ['active'],
      to: 'completed',
      event: 'completed',
      cause: 'instalment_schedule_completed',
      refused: 'status_changed',
    },
  },
  links: (schedule) => ({ instalment_schedule: schedule.id, mandate: schedule.mandate_id }),
  eventContext: (schedule) => ({ resourceMetadata: schedule.metadata }),
});

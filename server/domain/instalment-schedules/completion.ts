import type { Queryable } from '../../db/db';
import { countPaymentsOfInstalmentSchedule } from '../payments/queries';
import type { Actor } from '../shared/actor';
import { applyMove, type MoveContext } from '../shared/state-machine';
import { findInstalmentScheduleById } from './queries';
import { INSTALMENT_SCHEDULE_MACHINE } from './state';

/**
 * Called in the transaction of a payment's move to `paid_out`: when that was the schedule's last
 * instalment still to be paid out, the schedule is `completed` (event `completed`) in the same
 * transaction. A schedule no longer active (cancelled, errored) stays as it is.
 */
export async function completeInstalmentScheduleIfPaidOut(
  tx: Queryable,
  ctx: MoveContext,
  scheduleId: string,
): Promise<void> {
  const schedule = await findInstalmentScheduleById(tx, scheduleId, { lock: true });
  if (!schedule || schedule.status !== 'active') return;
  const { total, paidOut } = await countPaymentsOfInstalmentSchedule(tx, scheduleId);
  if (total === 0 || paidOut < total) return;
  const bank: Actor = { organisationId: schedule.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
  await applyMove(tx, ctx, INSTALMENT_SCHEDULE_MACHINE, schedule, 'complete', { actor: bank });
}

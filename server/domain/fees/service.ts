import type { Queryable } from '../../db/db';
import type { DomainContext } from '../shared/context';
import { findFeeSchedule, saveFeeSchedule } from './queries';
import { checkFeeSchedule, type FeeSchedule } from './rules';

/** The operator's fee schedules (CLI); payments read them when they are confirmed. */
export function createFeeService(ctx: DomainContext) {
  return {
    get: (db: Queryable, organisationId: string) => findFeeSchedule(db, organisationId),

    async set(tx: Queryable, organisationId: string, schedule: FeeSchedule): Promise<FeeSchedule> {
      const problems = checkFeeSchedule(schedule);
      if (problems.length) throw new RangeError(problems.join('; '));
      await saveFeeSchedule(tx, organisationId, schedule, ctx.clock.now());
      return schedule;
    },
  };
}

import type { Queryable } from '../../db/db';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule } from './rules';
import { col, defineTable } from '../shared/table';

/** The only file that names `fee_schedules` in SQL. */
export const feeSchedulesTable = defineTable('fee_schedules', {
  organisation_id: col.text(),
  percent_basis_points: col.integer(),
  fixed_minor: col.integer(),
  cap_minor: col.integer().nullable(),
  updated_at: col.timestamptz(),
});

interface FeeScheduleRow {
  percent_basis_points: number;
  fixed_minor: number;
  cap_minor: number | null;
}

/** The organisation's fee schedule, or the default when the operator set none. */
export async function findFeeSchedule(db: Queryable, organisationId: string): Promise<FeeSchedule> {
  const { rows } = await db.query<FeeScheduleRow>(
    'SELECT percent_basis_points, fixed_minor, cap_minor FROM fee_schedules WHERE organisation_id = $1',
    [organisationId],
  );
  const row = rows[0];
  return row
    ? { percentBasisPoints: row.percent_basis_points, fixedMinor: row.fixed_minor, capMinor: row.cap_minor }
    : DEFAULT_FEE_SCHEDULE;
}

export async function saveFeeSchedule(tx: Queryable, organisationId: string, schedule: FeeSchedule, now: Date) {
  await tx.query(
    `INSERT INTO fee_schedules (organisation_id, percent_basis_points, fixed_minor, cap_minor, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (organisation_id) DO UPDATE SET percent_basis_points = $2, fixed_minor = $3, cap_minor = $4, updated_at = $5`,
    [organisationId, schedule.percentBasisPoints, schedule.fixedMinor, schedule.capMinor, now],
  );
}

import type { OrganisationRow } from '../access/types';
import type { Environment } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';

/**
 * A sandbox organisation's test clock (issue #39, decision 0079), as pure rules: where it stands,
 * how an advance's `to` or `by` is read, and what is refused. The server applies what falls due
 * (server/sandbox-clocks.ts); this file knows no database.
 */
export type ClockColumns = Pick<OrganisationRow, 'sandbox_clock_at' | 'sandbox_clock_set_at' | 'sandbox_clock_frozen'>;

/** The API's view of the clock. */
export interface SandboxClockView {
  /** The organisation's time. */
  now: string;
  /** `real_time`: no test clock; `frozen`: stands still; `running`: runs on from where it was set. */
  status: 'real_time' | 'frozen' | 'running';
}

/** The organisation's time, given real time: its row's clock, frozen or run on since it was set. */
export function organisationNow(row: ClockColumns, real: Date): Date {
  if (!row.sandbox_clock_at) return real;
  const at = new Date(row.sandbox_clock_at).getTime();
  if (row.sandbox_clock_frozen || !row.sandbox_clock_set_at) return new Date(at);
  return new Date(at + (real.getTime() - new Date(row.sandbox_clock_set_at).getTime()));
}

export function clockView(row: ClockColumns, real: Date): SandboxClockView {
  const status = !row.sandbox_clock_at ? 'real_time' : row.sandbox_clock_frozen ? 'frozen' : 'running';
  return { now: organisationNow(row, real).toISOString(), status };
}

/** Test clocks exist only in the sandbox: the same refusal as `/sandbox/settings` in live. */
export function requireSandbox(environment: Environment): void {
  if (environment !== 'sandbox')
    throw new DomainError('feature_disabled', { messageKey: 'sandbox.settings_sandbox_only' });
}

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/**
 * `from` moved on by an ISO 8601 duration (`P1M`, `P2Y`, `P1DT12H`, `P3W`), or null when it is not
 * one. Years and months are calendar ones in UTC: a month after 31 January is the last day of
 * February, as a monthly subscription's charge day is held to its month's last day.
 */
export function addDuration(from: Date, duration: string): Date | null {
  const m = DURATION.exec(duration);
  if (!m || duration === 'P' || duration.endsWith('T')) return null;
  const [years, months, weeks, days, hours, minutes, seconds] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const at = new Date(from.getTime());
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + years! * 12 + months!);
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
  return new Date(at.getTime() + ((weeks! * 7 + days!) * 86_400 + hours! * 3600 + minutes! * 60 + seconds!) * 1000);
}

/** The furthest one advance may go: far beyond any schedule, short of a date no calendar knows. */
const MAX_AHEAD_MS = 20 * 366 * 86_400_000;

/**
 * Where an advance goes: `to` (an RFC 3339 time) or `by` (an ISO 8601 duration from the
 * organisation's time), exactly one of them, never backwards. Refusals are `validation_failed`.
 */
export function advanceTarget(input: { to?: string; by?: string }, now: Date): Date {
  if (input.to !== undefined && input.by !== undefined)
    throw validationFailed([{ field: 'by', code: 'not_with', params: { other: 'to' } }]);
  if (input.to === undefined && input.by === undefined) throw validationFailed([{ field: 'to', code: 'required' }]);
  const field = input.to !== undefined ? 'to' : 'by';
  const target = input.to !== undefined ? new Date(input.to) : addDuration(now, input.by!);
  if (!target || Number.isNaN(target.getTime()))
    throw validationFailed([{ field, code: field === 'to' ? 'invalid_timestamp' : 'invalid_format' }]);
  if (target.getTime() < now.getTime())
    throw validationFailed([{ field, code: 'before_clock', params: { now: now.toISOString() } }]);
  if (target.getTime() - now.getTime() > MAX_AHEAD_MS)
    throw validationFailed([{ field, code: 'too_far_ahead', params: { years: 20 } }]);
  return target;
}

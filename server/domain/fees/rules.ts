/**
 * What the service charges per confirmed payment: a percentage (in basis points) of the amount
 * plus a fixed part, capped, in the payment's minor units. An organisation without a schedule of
 * its own pays the default (README: "Fees").
 */
export interface FeeSchedule {
  percentBasisPoints: number;
  fixedMinor: number;
  /** Most a single payment is charged; null for no cap. */
  capMinor: number | null;
}

/** 1% + 20 minor units, at most 400 per payment (£4.00 on a GBP payment). */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = { percentBasisPoints: 100, fixedMinor: 20, capMinor: 400 };

/**
 * The service's fee and the partner's app fee on a confirmed payment, in minor units. Together
 * they never exceed the payment (the app fee is taken first: the merchant agreed to it).
 */
export function feesFor(schedule: FeeSchedule, amount: number, appFee: number | null): { fee: number; appFee: number } {
  const app = Math.min(Math.max(appFee ?? 0, 0), amount);
  const raw = Math.round((amount * schedule.percentBasisPoints) / 10_000) + schedule.fixedMinor;
  const capped = schedule.capMinor === null ? raw : Math.min(raw, schedule.capMinor);
  return { fee: Math.min(capped, amount - app), appFee: app };
}

export function checkFeeSchedule(schedule: FeeSchedule): string[] {
  const problems: string[] = [];
  const whole = (v: number) => Number.isSafeInteger(v) && v >= 0;
  if (!whole(schedule.percentBasisPoints) || schedule.percentBasisPoints > 10_000)
    problems.push('percent basis points must be a whole number from 0 to 10000');
  if (!whole(schedule.fixedMinor)) problems.push('the fixed fee must be a whole number of minor units, 0 or more');
  if (schedule.capMinor !== null && !whole(schedule.capMinor))
    problems.push('the cap must be a whole number of minor units, 0 or more');
  return problems;
}

import { isMinorUnits } from '../shared/money';
import type { Scheme } from './types';

export interface AmountLimits {
  /** Smallest amount per payment, in minor units. */
  min: number;
  /** Largest amount per payment, in minor units. */
  max: number;
}

/**
 * GC's default per-payment limits (schemes.md "GC default limits per payment"), in minor units.
 * They are defaults a creditor can have raised, not scheme rules, so callers may override them.
 */
export const PAYMENT_AMOUNT_LIMITS: Record<Scheme, AmountLimits | null> = {
  bacs: { min: 100, max: 500_000 }, // GBP 1–5,000
  sepa_core: { min: 100, max: 500_000 }, // EUR 1–5,000
  autogiro: { min: 1_000, max: 5_000_000 }, // SEK 10–50,000
  betalingsservice: { min: 1_000, max: 5_000_000 }, // DKK 10–50,000
  becs: { min: 200, max: 1_000_000 }, // AUD 2–10,000
  becs_nz: { min: 200, max: 1_000_000 }, // NZD 2–10,000
  pad: { min: 200, max: 500_000 }, // CAD 2–5,000
  // No GC default found: any positive amount up to the Same Day ACH cap of USD 1,000,000 per entry.
  ach: { min: 1, max: 100_000_000 },
  // Pay.UK's scheme cap of GBP 1,000,000 per payment (since Feb 2022).
  faster_payments: { min: 1, max: 100_000_000 },
  // Same AUD account and payer as becs, so the same defaults.
  pay_to: { min: 200, max: 1_000_000 },
};

/** `null` when the amount is within the scheme's limits; throws if it is not whole minor units. */
export function checkPaymentAmount(scheme: Scheme, amount: number): 'too_small' | 'too_large' | null {
  if (!isMinorUnits(amount)) throw new RangeError(`Amount must be an integer in minor units: ${amount}`);
  const limits = PAYMENT_AMOUNT_LIMITS[scheme];
  if (!limits) return null;
  if (amount < limits.min) return 'too_small';
  if (amount > limits.max) return 'too_large';
  return null;
}

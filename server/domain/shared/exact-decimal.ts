/**
 * Money arithmetic with decimal rates and percentages, exact: a decimal string ("1.149425", "20.0")
 * is read as a fraction of integers, never a float, and every result is rounded once, to the
 * nearest minor unit, halves away from zero (decision 0041). The one rounding rule for exchange
 * rates and taxes.
 */
function fraction(decimal: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new RangeError(`not a decimal: ${decimal}`);
  const decimals = match[2] ?? '';
  return { numerator: BigInt(match[1]! + decimals), denominator: 10n ** BigInt(decimals.length) };
}

/** n / d to the nearest integer, halves away from zero (d > 0). */
function roundedQuotient(n: bigint, d: bigint): number {
  const magnitude = n < 0n ? -n : n;
  const rounded = (2n * magnitude + d) / (2n * d);
  const value = Number(n < 0n ? -rounded : rounded);
  if (!Number.isSafeInteger(value)) throw new RangeError('amount out of range');
  return value;
}

const minorUnits = (amount: number): bigint => {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not minor units: ${amount}`);
  return BigInt(amount);
};

/**
 * `amount` minor units converted at `rate`. The eight currencies all have two decimals, so minor
 * units convert to minor units without rescaling.
 */
export function convertMinorUnits(amount: number, rate: string): number {
  const { numerator, denominator } = fraction(rate);
  return roundedQuotient(minorUnits(amount) * numerator, denominator);
}

/**
 * The tax part of a fee whose amount includes tax at `percentage` per cent (decision 0041: the fee
 * schedule's prices include tax): gross × p / (100 + p).
 */
export function taxIncludedIn(gross: number, percentage: string): number {
  const { numerator, denominator } = fraction(percentage);
  return roundedQuotient(minorUnits(gross) * numerator, 100n * denominator + numerator);
}

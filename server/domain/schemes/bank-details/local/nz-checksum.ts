import { isValidNZBankNumber } from '@fnzc/nz-bank-account-validator';

/**
 * New Zealand account check (IRD RWT/NRWT specification, schemes.md § 2.7). The 18-digit form
 * is bank 2 + branch 4 + base 8 + suffix 4. The bank picks the weights and modulus.
 */
type Algorithm = 'A' | 'B' | 'D' | 'E' | 'F' | 'G' | 'X';

interface Weighting {
  weights: readonly number[];
  modulus: number;
  /** E and G reduce each product to one digit by summing its digits before adding up. */
  sumProductDigits: boolean;
}

const WEIGHTINGS: Record<Exclude<Algorithm, 'X'>, Weighting> = {
  A: { weights: [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11, sumProductDigits: false },
  B: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11, sumProductDigits: false },
  D: { weights: [0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0], modulus: 11, sumProductDigits: false },
  E: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 0, 0, 0, 1], modulus: 11, sumProductDigits: true },
  F: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 7, 3, 1, 7, 3, 1, 0, 0, 0, 0], modulus: 10, sumProductDigits: false },
  G: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 1, 3, 7, 1, 0, 3, 7, 1], modulus: 10, sumProductDigits: true },
};

/** Accounts from base 00990000 up use B instead of A (schemes.md § 2.7). */
const ALGORITHM_B_FROM_BASE = 990000;

function algorithmOf(bank: string, base: string): Algorithm {
  switch (Number(bank)) {
    case 8:
      return 'D';
    case 9:
      return 'E';
    case 25:
    case 33:
      return 'F';
    case 26:
    case 28:
    case 29:
      return 'G';
    case 31:
      return 'X';
    default:
      return Number(base) >= ALGORITHM_B_FROM_BASE ? 'B' : 'A';
  }
}

const digitSum = (value: number): number => (value > 9 ? digitSum(Math.floor(value / 10) + (value % 10)) : value);

function passesChecksum(algorithm: Algorithm, digits18: string): boolean {
  if (algorithm === 'X') return true;
  const { weights, modulus, sumProductDigits } = WEIGHTINGS[algorithm];
  const total = weights.reduce((sum, weight, index) => {
    const product = weight * Number(digits18[index]);
    return sum + (sumProductDigits ? digitSum(product) : product);
  }, 0);
  return total % modulus === 0;
}

export type NzAccountCheck = 'valid' | 'checksum_failed' | 'unknown_branch';

/**
 * Checks a 2 + 4 + 7 + 3 digit account. `@fnzc/nz-bank-account-validator` knows each bank's
 * branch ranges, but sums E and G products without reducing them to one digit, so it wrongly
 * rejects valid bank 09/26/28/29 accounts: for those only the checksum is applied (as schemes.md
 * § 2.7 does for `26-2600-0320871-032`); for the others the package's branch ranges are applied
 * after our checksum.
 */
export function checkNzAccount(bank: string, branch: string, base: string, suffix: string): NzAccountCheck {
  const algorithm = algorithmOf(bank, base);
  const digits18 = bank + branch + base.padStart(8, '0') + suffix.padStart(4, '0');
  if (Number(base) === 0 || !passesChecksum(algorithm, digits18)) return 'checksum_failed';
  if (algorithm === 'E' || algorithm === 'G') return 'valid';
  return isValidNZBankNumber(bank, branch, base, suffix) ? 'valid' : 'unknown_branch';
}

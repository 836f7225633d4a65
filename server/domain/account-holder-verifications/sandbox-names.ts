/**
 * The sandbox's confirmation-of-payee answers, deterministic from the holder name so merchants
 * can test every outcome (README "Sandbox"). The first word of the name, in any case, decides:
 *   - `Partial` → partial_match; the bank holds the rest of the name in capitals
 *     (`Partial Jane Doe` → `JANE DOE`, or `A N OTHER` when nothing follows)
 *   - `Nomatch` → no_match
 *   - `Unable` → unable_to_match (the recipient bank could not be asked)
 *   - anything else → full_match
 */
export const HOLDER_MATCH_RESULTS = ['full_match', 'partial_match', 'no_match', 'unable_to_match'] as const;
export type HolderMatchResult = (typeof HOLDER_MATCH_RESULTS)[number];

export interface HolderMatch {
  result: HolderMatchResult;
  /** The name the bank holds; only a partial match reveals it. */
  actualAccountName: string | null;
}

const STAND_IN_NAME = 'A N OTHER';

export function sandboxHolderMatch(holderName: string): HolderMatch {
  const [first = '', ...rest] = holderName.trim().split(/\s+/);
  switch (first.toLowerCase()) {
    case 'partial':
      return { result: 'partial_match', actualAccountName: rest.join(' ').toUpperCase() || STAND_IN_NAME };
    case 'nomatch':
      return { result: 'no_match', actualAccountName: null };
    case 'unable':
      return { result: 'unable_to_match', actualAccountName: null };
    default:
      return { result: 'full_match', actualAccountName: null };
  }
}

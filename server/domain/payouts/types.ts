import type { RowOf } from '../shared/table';
import type { TimeRange } from '../shared/pagination';
import type { payoutsTable } from './queries';

/** A row of `payouts` as stored: its table's declaration. */
export type PayoutRow = RowOf<typeof payoutsTable>;

export interface PayoutFilters {
  createdAt?: TimeRange;
  creditor?: string;
  creditorBankAccount?: string;
  currency?: string;
  metadata?: Record<string, string>;
  payoutType?: string;
  reference?: string;
  status?: string;
}

import type { RowOf } from '../shared/table';
import type { TimeRange } from '../shared/pagination';
import type { creditorBankAccountsTable } from './queries';

/** A row of `creditor_bank_accounts` as stored: its table's declaration. */
export type CreditorBankAccountRow = RowOf<typeof creditorBankAccountsTable>;

export interface CreditorBankAccountFilters {
  creditor?: string;
  enabled?: boolean;
  createdAt?: TimeRange;
}

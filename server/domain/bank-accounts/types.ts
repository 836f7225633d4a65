import type { RowOf } from '../shared/table';
import type { bankAccountsTable } from './queries';

/** A row of `customer_bank_accounts` as stored: its table's declaration. */
export type BankAccountRow = RowOf<typeof bankAccountsTable>;

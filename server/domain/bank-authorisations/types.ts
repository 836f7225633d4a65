import type { RowOf } from '../shared/table';
import type { bankAuthorisationsTable } from './queries';
/** A row of `bank_authorisations` as stored: its table's declaration. */
export type BankAuthorisationRow = RowOf<typeof bankAuthorisationsTable>;

import type { RowOf } from '../shared/table';
import type { Metadata } from '../shared/metadata';
import type { mandateImportEntriesTable } from './queries';
import type { mandateImportsTable } from './queries';

export const MANDATE_IMPORT_STATUSES = ['created', 'submitted', 'cancelled', 'processing', 'processed'] as const;
export type MandateImportStatus = (typeof MANDATE_IMPORT_STATUSES)[number];

export const ENTRY_STATUSES = ['pending', 'successfully_processed', 'unsuccessfully_processed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** A row of `mandate_imports` as stored: its table's declaration. */
export type MandateImportRow = RowOf<typeof mandateImportsTable>;

/** The entry's customer as the public API takes it (mandate_import_entries create `customer`). */
export interface EntryCustomer {
  address_line1?: string | null;
  address_line2?: string | null;
  address_line3?: string | null;
  city?: string | null;
  company_name?: string | null;
  country_code?: string | null;
  danish_identity_number?: string | null;
  email?: string | null;
  family_name?: string | null;
  given_name?: string | null;
  language?: string | null;
  metadata?: Metadata;
  phone_number?: string | null;
  postal_code?: string | null;
  region?: string | null;
  swedish_identity_number?: string | null;
}

export interface EntryBankAccount {
  account_holder_name?: string | null;
  account_number?: string | null;
  account_type?: 'savings' | 'checking' | null;
  bank_code?: string | null;
  branch_code?: string | null;
  country_code?: string | null;
  iban?: string | null;
  metadata?: Metadata;
}

export interface EntryMandate {
  authorisation_source?: 'web' | 'telephone' | 'paper' | null;
  metadata?: Metadata;
  reference?: string | null;
}

export interface EntryAmendment {
  original_creditor_id: string;
  original_creditor_name: string;
  original_mandate_reference: string;
}

export interface NewEntryInput {
  record_identifier?: string | null;
  customer: EntryCustomer;
  bank_account: EntryBankAccount;
  mandate?: EntryMandate | null;
  amendment?: EntryAmendment | null;
  links: { mandate_import: string };
}

/** Why processing refused an entry, as `processing_errors` answers it: field → messages. */
export type ProcessingErrors = Record<string, string[]>;

/** A row of `mandate_import_entries` as stored: its table's declaration. */
export type MandateImportEntryRow = RowOf<typeof mandateImportEntriesTable>;

export interface EntryFilters {
  mandateImport: string;
  status?: Exclude<EntryStatus, 'pending'>;
}

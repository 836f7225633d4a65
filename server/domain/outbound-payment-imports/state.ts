import { defineMachine, type Move } from '../shared/state-machine';
import { outboundPaymentImportEntriesTable, outboundPaymentImportsTable } from './queries';
import {
  ENTRY_STATUSES,
  OUTBOUND_PAYMENT_IMPORT_STATUSES,
  type OutboundEntryStatus,
  type OutboundPaymentImportEntryRow,
  type OutboundPaymentImportRow,
  type OutboundPaymentImportStatus,
} from './types';

/**
 * An outbound payment import (decision 0043). It is stored `validating` with its entries and, in
 * the same request, validated: `valid` when every entry is, `invalid` otherwise (`created` is never
 * seen: validation needs no wait). A valid import is authorised by a person in the dashboard (its
 * `authorisation_url`), which starts processing; the processing job makes an outbound payment of
 * each valid entry and moves it to `processed`. Cancellable until authorised. The public API
 * names no events for imports; each move writes one under the resource type `outbound_payment_imports`,
 * as mandate imports do.
 */
export const OUTBOUND_PAYMENT_IMPORT_MOVES = {
  validate: {
    from: ['created', 'validating'],
    to: 'valid',
    event: 'validated',
    cause: 'outbound_payment_import_valid',
    refused: 'status_changed',
  },
  invalidate: {
    from: ['created', 'validating'],
    to: 'invalid',
    event: 'invalidated',
    cause: 'outbound_payment_import_invalid',
    refused: 'status_changed',
  },
  authorise: {
    from: ['valid'],
    to: 'processing',
    event: 'authorised',
    cause: 'outbound_payment_import_authorised',
    refused: 'outbound_payment_import_not_valid',
  },
  finish: {
    from: ['processing'],
    to: 'processed',
    event: 'processed',
    cause: 'outbound_payment_import_processed',
    refused: 'status_changed',
  },
  cancel: {
    from: ['created', 'validating', 'valid', 'invalid'],
    to: 'cancelled',
    event: 'cancelled',
    cause: 'outbound_payment_import_cancelled',
    refused: 'cancellation_failed',
  },
} as const satisfies Record<string, Move<OutboundPaymentImportStatus>>;

export type OutboundPaymentImportMove = keyof typeof OUTBOUND_PAYMENT_IMPORT_MOVES;

export const OUTBOUND_PAYMENT_IMPORT_MACHINE = defineMachine<
  OutboundPaymentImportStatus,
  OutboundPaymentImportMove,
  OutboundPaymentImportRow
>({
  table: outboundPaymentImportsTable,
  resourceType: 'outbound_payment_imports',
  statuses: OUTBOUND_PAYMENT_IMPORT_STATUSES,
  moves: OUTBOUND_PAYMENT_IMPORT_MOVES,
  links: (row) => ({ outbound_payment_import: row.id, creditor: row.creditor_id }),
  eventContext: () => ({ scheme: 'faster_payments' }),
});

/**
 * A valid entry is processed once, one way or the other. The entry has no events of its own: the
 * outbound payment it made writes them (`created`, then its own moves).
 */
export const OUTBOUND_PAYMENT_IMPORT_ENTRY_MACHINE = defineMachine<
  OutboundEntryStatus,
  'process' | 'fail',
  OutboundPaymentImportEntryRow
>({
  table: outboundPaymentImportEntriesTable,
  resourceType: 'outbound_payment_imports',
  statuses: ENTRY_STATUSES,
  moves: {
    process: {
      from: ['valid'],
      to: 'processed',
      event: null,
      cause: 'outbound_payment_import_entry_processed',
      refused: 'status_changed',
    },
    fail: {
      from: ['valid'],
      to: 'failed_to_process',
      event: null,
      cause: 'outbound_payment_import_entry_failed',
      refused: 'status_changed',
    },
  },
  links: (row) => ({ outbound_payment_import: row.outbound_payment_import_id }),
});

/** What an import is once its entries are validated. */
export const validationMove = (invalidEntries: number): OutboundPaymentImportMove =>
  invalidEntries === 0 ? 'validate' : 'invalidate';

export const statusOfEntry = (errors: Record<string, string[]>): OutboundEntryStatus =>
  Object.keys(errors).length === 0 ? 'valid' : 'invalid';

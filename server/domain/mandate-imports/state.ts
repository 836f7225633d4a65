import { workingDaysAfter } from '../schemes/timing';
import { defineMachine } from '../shared/state-machine';
import { mandateImportEntriesTable, mandateImportsTable } from './queries';
import {
  ENTRY_STATUSES,
  MANDATE_IMPORT_STATUSES,
  type EntryStatus,
  type MandateImportEntryRow,
  type MandateImportRow,
  type MandateImportStatus,
} from './types';

/** The sandbox processes a submitted import about 10 seconds later (spec: Limits). */
export const SANDBOX_PROCESSING_DELAY_MS = 10_000;

/**
 * A mandate import, as the spec's state table has it: created → submitted (no more entries; the
 * scheme clock starts processing about 10 seconds later in the sandbox, on the scheme's next
 * working day in live) → processing → processed; created → cancelled. A second submit, a submit
 * of a cancelled import and a cancel once submitted are refused, and change nothing.
 * `processing` is the public API's own status between the two; its event is the spec's webhook
 * that processing has begun.
 */
export const MANDATE_IMPORT_MACHINE = defineMachine<
  MandateImportStatus,
  'submit' | 'cancel' | 'start_processing' | 'finish',
  MandateImportRow
>({
  table: mandateImportsTable,
  resourceType: 'mandate_imports',
  statuses: MANDATE_IMPORT_STATUSES,
  moves: {
    submit: {
      from: ['created'],
      to: 'submitted',
      event: 'submitted',
      cause: 'mandate_import_submitted',
      refused: 'mandate_import_not_created',
    },
    cancel: {
      from: ['created'],
      to: 'cancelled',
      event: 'cancelled',
      cause: 'mandate_import_cancelled',
      refused: 'cancellation_failed',
    },
    start_processing: {
      from: ['submitted'],
      to: 'processing',
      event: 'processing',
      cause: 'mandate_import_processing',
      refused: 'status_changed',
    },
    finish: {
      from: ['processing'],
      to: 'processed',
      event: 'processed',
      cause: 'mandate_import_processed',
      refused: 'status_changed',
    },
  },
  links: (row) => ({ mandate_import: row.id, creditor: row.creditor_id }),
  eventContext: (row) => ({ scheme: row.scheme }),
  followUps: {
    submit: [
      {
        move: 'start_processing',
        at: (row, { now, environment }) =>
          environment === 'sandbox'
            ? new Date(now.getTime() + SANDBOX_PROCESSING_DELAY_MS)
            : workingDaysAfter(row.scheme, now, 1),
      },
    ],
  },
});

export type MandateImportMove = keyof typeof MANDATE_IMPORT_MACHINE.moves;

/**
 * An entry waits (`pending`) until its import is processed, then ends in one of the two states the
 * public API's list filter names. The entry has no events of its own: what it made (customer, bank
 * account, mandate) writes them.
 */
export const MANDATE_IMPORT_ENTRY_MACHINE = defineMachine<EntryStatus, 'succeed' | 'fail', MandateImportEntryRow>({
  table: mandateImportEntriesTable,
  resourceType: 'mandate_imports',
  statuses: ENTRY_STATUSES,
  moves: {
    succeed: {
      from: ['pending'],
      to: 'successfully_processed',
      event: null,
      cause: 'mandate_import_entry_processed',
      refused: 'status_changed',
    },
    fail: {
      from: ['pending'],
      to: 'unsuccessfully_processed',
      event: null,
      cause: 'mandate_import_entry_failed',
      refused: 'status_changed',
    },
  },
  links: (row) => ({ mandate_import: row.mandate_import_id }),
});

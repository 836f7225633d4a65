import { describe } from 'vitest';
import { MANDATE_IMPORT_ENTRY_MACHINE, MANDATE_IMPORT_MACHINE } from '../../../server/domain/mandate-imports/state';
import { walkMachine } from './walk';

/**
 * The spec's table: created → submitted (a second submit refused), created → cancelled (refused once
 * submitted or processed); the scheme clock starts processing and the job finishes it.
 */
describe('mandate import moves', () => {
  walkMachine(MANDATE_IMPORT_MACHINE, {
    submit: { from: ['created'], to: 'submitted', refused: 'mandate_import_not_created' },
    cancel: { from: ['created'], to: 'cancelled', refused: 'cancellation_failed' },
    start_processing: { from: ['submitted'], to: 'processing', refused: 'status_changed' },
    finish: { from: ['processing'], to: 'processed', refused: 'status_changed' },
  });
});

/** An entry is processed once, one way or the other. */
describe('mandate import entry moves', () => {
  walkMachine(MANDATE_IMPORT_ENTRY_MACHINE, {
    succeed: { from: ['pending'], to: 'successfully_processed', refused: 'status_changed' },
    fail: { from: ['pending'], to: 'unsuccessfully_processed', refused: 'status_changed' },
  });
});

import { describe, expect, it } from 'vitest';
import { MANDATE_IMPORT_ENTRY_MACHINE, MANDATE_IMPORT_MACHINE } from '../../../server/domain/mandate-imports/state';
import type { MandateImportRow } from '../../../server/domain/mandate-imports/types';
import { FRIDAY, live, planned, sandbox, walkFollowUps, walkMachine } from './walk';

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

/** A submitted import starts processing about 10 seconds later in the sandbox, on the scheme's next working day in live. */
describe('mandate import follow-ups', () => {
  walkFollowUps(MANDATE_IMPORT_MACHINE, [{ after: 'submit', move: 'start_processing', to: 'processing' }]);
  walkFollowUps(MANDATE_IMPORT_ENTRY_MACHINE, []);

  it('starts processing 10 s later in the sandbox, the next working day in live', () => {
    const row = { id: 'IM1', organisation_id: 'OR1', status: 'submitted', scheme: 'bacs' } as MandateImportRow;
    expect(planned(MANDATE_IMPORT_MACHINE, 'submit', row, sandbox(FRIDAY))).toEqual([
      ['start_processing', '2026-03-06T10:00:10.000Z'],
    ]);
    expect(planned(MANDATE_IMPORT_MACHINE, 'submit', row, live(FRIDAY))).toEqual([
      ['start_processing', '2026-03-09T00:00:00.000Z'],
    ]);
  });
});

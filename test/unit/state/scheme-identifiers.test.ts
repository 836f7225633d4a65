import { describe, expect, it } from 'vitest';
import { SCHEME_IDENTIFIER_MACHINE } from '../../../server/domain/scheme-identifiers/state';
import type { SchemeIdentifierRow } from '../../../server/domain/scheme-identifiers/types';
import { FRIDAY, live, planned, sandbox, walkFollowUps, walkMachine } from './walk';

/** A scheme identifier is pending until the scheme activates it (reference: event `activated`). */
describe('scheme identifier moves', () => {
  walkMachine(SCHEME_IDENTIFIER_MACHINE, {
    activate: { from: ['pending'], to: 'active', refused: 'status_changed' },
  });
});

/** The sandbox's scheme registers a new identifier at once; a live one waits for the operator. */
describe('scheme identifier follow-ups', () => {
  walkFollowUps(SCHEME_IDENTIFIER_MACHINE, [{ after: 'created', from: 'pending', move: 'activate', to: 'active' }]);

  it('activates at once in the sandbox, books nothing in live', () => {
    const row = { id: 'SI1', organisation_id: 'OR1', status: 'pending' } as SchemeIdentifierRow;
    expect(planned(SCHEME_IDENTIFIER_MACHINE, 'created', row, sandbox(FRIDAY))).toEqual([
      ['activate', FRIDAY.toISOString()],
    ]);
    expect(planned(SCHEME_IDENTIFIER_MACHINE, 'created', row, live(FRIDAY))).toEqual([]);
  });
});

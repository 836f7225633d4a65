import { describe } from 'vitest';
import { SCHEME_IDENTIFIER_MACHINE } from '../../../server/domain/scheme-identifiers/state';
import { walkMachine } from './walk';

/** A scheme identifier is pending until the scheme activates it (reference: event `activated`). */
describe('scheme identifier moves', () => {
  walkMachine(SCHEME_IDENTIFIER_MACHINE, {
    activate: { from: ['pending'], to: 'active', refused: 'status_changed' },
  });
});

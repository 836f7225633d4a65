import { describe } from 'vitest';
import { PAYER_AUTHORISATION_MACHINE } from '../../../server/domain/payer-authorisations/state';
import { walkMachine } from './walk';

/**
 * The spec's table: editable until a submit of valid data, confirm only once submitted; then the
 * resources are made (completed) or cannot be (failed).
 */
describe('payer authorisation moves', () => {
  walkMachine(PAYER_AUTHORISATION_MACHINE, {
    submit: { from: ['created'], to: 'submitted', refused: 'payer_authorisation_not_editable' },
    confirm: { from: ['submitted'], to: 'confirmed', refused: 'payer_authorisation_not_submitted' },
    complete: { from: ['confirmed'], to: 'completed', refused: 'status_changed' },
    fail: { from: ['confirmed'], to: 'failed', refused: 'status_changed' },
  });
});

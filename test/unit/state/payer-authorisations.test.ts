import { describe, expect, it } from 'vitest';
import { PAYER_AUTHORISATION_MACHINE } from '../../../server/domain/payer-authorisations/state';
import type { PayerAuthorisationRow } from '../../../server/domain/payer-authorisations/types';
import { FRIDAY, live, planned, sandbox, walkFollowUps, walkMachine } from './walk';

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

/** Once confirmed, the scheme clock makes the customer, account and mandate at once, in either environment. */
describe('payer authorisation follow-ups', () => {
  walkFollowUps(PAYER_AUTHORISATION_MACHINE, [{ after: 'confirm', move: 'complete', to: 'completed' }]);

  it('completes straight away', () => {
    const row = { id: 'PA1', organisation_id: 'OR1', status: 'confirmed' } as PayerAuthorisationRow;
    for (const time of [live(FRIDAY), sandbox(FRIDAY)])
      expect(planned(PAYER_AUTHORISATION_MACHINE, 'confirm', row, time)).toEqual([['complete', FRIDAY.toISOString()]]);
  });
});

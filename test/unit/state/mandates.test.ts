import { describe, expect, it } from 'vitest';
import { MANDATE_MACHINE } from '../../../server/domain/mandates/state';
import { walkMachine } from './walk';

/**
 * The mandate's moves, from the spec's state table: cancellable until it ends (`cancellation_failed`
 * once cancelled, failed, expired…), reinstated only from cancelled or expired (`mandate_not_inactive`
 * otherwise), and the bank's moves refused with `status_changed` when the mandate moved on.
 */
const LIVE = ['pending_customer_approval', 'pending_submission', 'submitted', 'active', 'suspended_by_payer'] as const;

describe('mandate moves', () => {
  walkMachine(MANDATE_MACHINE, {
    submit: { from: ['pending_submission'], to: 'submitted', refused: 'status_changed' },
    activate: { from: ['submitted', 'pending_submission'], to: 'active', refused: 'status_changed' },
    cancel: { from: LIVE, to: 'cancelled', refused: 'cancellation_failed' },
    fail: { from: ['pending_submission', 'submitted'], to: 'failed', refused: 'status_changed' },
    expire: { from: ['pending_submission', 'active'], to: 'expired', refused: 'status_changed' },
    reinstate: { from: ['cancelled', 'expired'], to: 'pending_submission', refused: 'mandate_not_inactive' },
    resubmit: { from: ['pending_submission'], to: 'submitted', refused: 'status_changed' },
    reinstated: { from: ['submitted'], to: 'active', refused: 'status_changed' },
    suspend_by_payer: { from: ['active'], to: 'suspended_by_payer', refused: 'mandate_is_inactive' },
    replace: { from: LIVE, to: 'cancelled', refused: 'cancellation_failed' },
  });

  it('writes the public API event of each move, and ends the scheme clock’s bookings when the mandate ends', () => {
    const moves = MANDATE_MACHINE.moves;
    expect([moves.reinstate.event, moves.replace.event, moves.reinstated.event]).toEqual([
      'resubmission_requested',
      'replaced',
      'reinstated',
    ]);
    const ending = Object.entries(moves)
      .filter(([, m]) => m.unschedules)
      .map(([name]) => name)
      .sort();
    expect(ending).toEqual(['cancel', 'expire', 'fail', 'replace', 'suspend_by_payer']);
  });
});

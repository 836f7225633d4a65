import { describe, expect, it } from 'vitest';
import { MANDATE_MACHINE } from '../../../server/domain/mandates/state';
import type { MandateRow } from '../../../server/domain/mandates/types';
import { FRIDAY, live, planned, sandbox, SATURDAY, walkFollowUps, walkMachine } from './walk';

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

/**
 * What the scheme clock is booked to do next (spec: Timing of collection by scheme): a Bacs-like
 * mandate is lodged, then activated by the payer's bank days later; a reinstated one is resubmitted,
 * then reinstated two working days on. Live follows the scheme calendar; the sandbox is instant.
 */
describe('mandate follow-ups', () => {
  walkFollowUps(MANDATE_MACHINE, [
    { after: 'created', from: 'pending_submission', move: 'submit', to: 'submitted' },
    { after: 'submit', move: 'activate', to: 'active' },
    { after: 'reinstate', move: 'resubmit', to: 'submitted' },
    { after: 'resubmit', move: 'reinstated', to: 'active' },
  ]);

  const mandate = (scheme: string, status = 'pending_submission') =>
    ({ id: 'MD1', organisation_id: 'OR1', scheme, status }) as MandateRow;

  it('lodges a new mandate of a scheme that activates separately: on the next working day in live, at once in the sandbox', () => {
    expect(planned(MANDATE_MACHINE, 'created', mandate('bacs'), live(SATURDAY))).toEqual([
      ['submit', '2026-03-09T00:00:00.000Z'],
    ]);
    expect(planned(MANDATE_MACHINE, 'created', mandate('bacs'), live(FRIDAY))).toEqual([
      ['submit', FRIDAY.toISOString()],
    ]);
    expect(planned(MANDATE_MACHINE, 'created', mandate('bacs'), sandbox(SATURDAY))).toEqual([
      ['submit', SATURDAY.toISOString()],
    ]);
  });

  it('books nothing for a mandate submitted with its first payment, or one active from the start', () => {
    expect(planned(MANDATE_MACHINE, 'created', mandate('sepa_core'), live(FRIDAY))).toEqual([]);
    expect(planned(MANDATE_MACHINE, 'created', mandate('bacs', 'active'), live(FRIDAY))).toEqual([]);
    expect(planned(MANDATE_MACHINE, 'submit', mandate('sepa_core', 'submitted'), live(FRIDAY))).toEqual([]);
  });

  it('activates a lodged Bacs mandate two working days later in live, at once in the sandbox', () => {
    const lodged = { ...mandate('bacs', 'submitted'), bank: 'simulated' as const };
    expect(planned(MANDATE_MACHINE, 'submit', lodged, live(FRIDAY))).toEqual([
      ['activate', '2026-03-10T00:00:00.000Z'],
    ]);
    expect(planned(MANDATE_MACHINE, 'submit', lodged, sandbox(FRIDAY))).toEqual([['activate', FRIDAY.toISOString()]]);
  });

  it('with the file bank, activates a Bacs mandate at the end of the AUDDIS window on real days, sandbox too', () => {
    const lodged = { ...mandate('bacs', 'submitted'), bank: 'file' as const };
    for (const at of [live(FRIDAY), sandbox(FRIDAY)])
      expect(planned(MANDATE_MACHINE, 'submit', lodged, at)).toEqual([['activate', '2026-03-10T00:00:00.000Z']]);
    expect(() => planned(MANDATE_MACHINE, 'submit', mandate('bacs', 'submitted'), live(FRIDAY))).toThrow(/read which/);
  });

  it('resubmits a reinstated mandate when the scheme next takes submissions, and reinstates it two working days on', () => {
    expect(planned(MANDATE_MACHINE, 'reinstate', mandate('bacs'), live(SATURDAY))).toEqual([
      ['resubmit', '2026-03-09T00:00:00.000Z'],
    ]);
    // SEPA's (TARGET) working days begin in Frankfurt, an hour ahead of UTC in March.
    expect(planned(MANDATE_MACHINE, 'resubmit', mandate('sepa_core', 'submitted'), live(FRIDAY))).toEqual([
      ['reinstated', '2026-03-09T23:00:00.000Z'],
    ]);
    expect(planned(MANDATE_MACHINE, 'resubmit', mandate('bacs', 'submitted'), sandbox(FRIDAY))).toEqual([
      ['reinstated', FRIDAY.toISOString()],
    ]);
  });
});

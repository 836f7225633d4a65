import { describe, expect, it } from 'vitest';
import { PAYMENT_MACHINE } from '../../../server/domain/payments/state';
import { walkMachine } from './walk';

/**
 * The payment's moves, from the spec: cancellable until submitted (`cancellation_failed`), retried
 * only once failed (`retry_failed`); the bank's moves (submit, confirm, pay out, fail, charge back)
 * are refused with `status_changed`, never a cancellation reason.
 */
describe('payment moves', () => {
  walkMachine(PAYMENT_MACHINE, {
    submit: { from: ['pending_submission'], to: 'submitted', refused: 'status_changed' },
    confirm: { from: ['submitted'], to: 'confirmed', refused: 'status_changed' },
    pay_out: { from: ['confirmed'], to: 'paid_out', refused: 'status_changed' },
    cancel: {
      from: ['pending_customer_approval', 'pending_submission'],
      to: 'cancelled',
      refused: 'cancellation_failed',
    },
    fail: { from: ['submitted', 'confirmed', 'paid_out'], to: 'failed', refused: 'status_changed' },
    charge_back: { from: ['paid_out'], to: 'charged_back', refused: 'status_changed' },
    retry: { from: ['failed'], to: 'pending_submission', refused: 'retry_failed' },
  });

  it('names the retry event as the public API does, and only a cancellation ends the bookings', () => {
    expect(PAYMENT_MACHINE.moves.retry.event).toBe('resubmission_requested');
    const ending = Object.entries(PAYMENT_MACHINE.moves)
      .filter(([, m]) => m.unschedules)
      .map(([name]) => name);
    expect(ending).toEqual(['cancel']);
  });
});

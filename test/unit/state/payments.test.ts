import { describe, expect, it } from 'vitest';
import { PAYMENT_MACHINE, paymentLedgerLines } from '../../../server/domain/payments/state';
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
    settle_chargeback: { from: ['charged_back'], to: 'charged_back', refused: 'status_changed' },
    settle_late_failure: { from: ['failed'], to: 'failed', refused: 'status_changed' },
  });

  it('names the retry event as the public API does, and only a cancellation ends the bookings', () => {
    expect(PAYMENT_MACHINE.moves.retry.event).toBe('resubmission_requested');
    const ending = Object.entries(PAYMENT_MACHINE.moves)
      .filter(([, m]) => m.unschedules)
      .map(([name]) => name);
    expect(ending).toEqual(['cancel']);
  });
});

describe('payment money', () => {
  const sum = (lines: { amount: number }[] | undefined) => lines?.reduce((total, line) => total + line.amount, 0);
  const accounts = (lines: { account: string; amount: number }[] | undefined) =>
    lines?.map((line) => `${line.account}${line.amount > 0 ? '+' : '-'}`);

  it('moves money on submit, confirm, failure and chargeback, and on nothing else', () => {
    expect(accounts(paymentLedgerLines('submit', 'pending_submission', 100))).toEqual(['payer-', 'submitted+']);
    expect(accounts(paymentLedgerLines('confirm', 'submitted', 100))).toEqual(['submitted-', 'confirmed+']);
    expect(accounts(paymentLedgerLines('fail', 'submitted', 100))).toEqual(['submitted-', 'payer+']);
    for (const from of ['confirmed', 'paid_out'] as const)
      expect(accounts(paymentLedgerLines('fail', from, 100))).toEqual(['confirmed-', 'payer+']);
    expect(accounts(paymentLedgerLines('charge_back', 'paid_out', 100))).toEqual(['confirmed-', 'payer+']);
    for (const move of ['cancel', 'retry', 'pay_out', 'settle_chargeback', 'settle_late_failure'] as const)
      expect(paymentLedgerLines(move, 'pending_submission', 100)).toBeUndefined();
  });

  it('balances every posting and names the payout item it becomes', () => {
    for (const move of ['submit', 'confirm', 'fail', 'charge_back'] as const)
      expect(sum(paymentLedgerLines(move, 'submitted', 2500))).toBe(0);
    expect(paymentLedgerLines('confirm', 'submitted', 100)?.[1]?.itemType).toBe('payment_paid_out');
    expect(paymentLedgerLines('fail', 'paid_out', 100)?.[0]?.itemType).toBe('payment_failed');
    expect(paymentLedgerLines('charge_back', 'paid_out', 100)?.[0]?.itemType).toBe('payment_charged_back');
  });
});

import { describe, expect, it } from 'vitest';
import { PAYMENT_MACHINE, paymentLedgerLines } from '../../../server/domain/payments/state';
import type { PaymentRow } from '../../../server/domain/payments/types';
import { paymentSubmissionAt } from '../../../server/domain/schemes/timing';
import { FRIDAY, live, planned, sandbox, walkFollowUps, walkMachine } from './walk';

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

/**
 * What the scheme clock does with a payment (spec: Timing of collection by scheme): submitted on the
 * day its charge date needs (earlier under a mandate not yet active), confirmed a working day after
 * the charge date, paid out the working day after; a retry is submitted again for its new date. In
 * the sandbox confirmation and payout are instant; an instant bank payment is submitted at once.
 */
describe('payment follow-ups', () => {
  walkFollowUps(PAYMENT_MACHINE, [
    { after: 'created', from: 'pending_submission', move: 'submit', to: 'submitted' },
    { after: 'retry', move: 'submit', to: 'submitted' },
    { after: 'submit', move: 'confirm', to: 'confirmed' },
    { after: 'confirm', move: 'pay_out', to: 'paid_out' },
  ]);

  const payment = (over: Partial<PaymentRow & { mandateActive: boolean }> = {}) =>
    ({
      id: 'PM1',
      organisation_id: 'OR1',
      status: 'pending_submission',
      scheme: 'bacs',
      mandate_id: 'MD1',
      charge_date: '2026-03-20',
      ...over,
    }) as PaymentRow;

  it('submits on the submission day of its charge date, earlier while its mandate is not yet active', () => {
    const active = planned(PAYMENT_MACHINE, 'created', payment({ mandateActive: true }), live(FRIDAY));
    const pending = planned(PAYMENT_MACHINE, 'created', payment({ mandateActive: false }), live(FRIDAY));
    expect(active).toEqual([['submit', paymentSubmissionAt('bacs', '2026-03-20', true, FRIDAY, 'live').toISOString()]]);
    expect(pending).toEqual([
      ['submit', paymentSubmissionAt('bacs', '2026-03-20', false, FRIDAY, 'live').toISOString()],
    ]);
    expect(pending[0]![1]! < active[0]![1]!).toBe(true);
    expect(active[0]![1]! > FRIDAY.toISOString()).toBe(true);
    expect(planned(PAYMENT_MACHINE, 'retry', payment({ mandateActive: true }), live(FRIDAY))).toEqual(active);
  });

  it('submits an instant bank payment at once, and refuses to time a mandate payment without its mandate', () => {
    expect(planned(PAYMENT_MACHINE, 'created', payment({ mandate_id: null }), live(FRIDAY))).toEqual([
      ['submit', FRIDAY.toISOString()],
    ]);
    expect(() => planned(PAYMENT_MACHINE, 'created', payment(), live(FRIDAY))).toThrow(/mandate is active/);
  });

  it('confirms a working day after the charge date and pays out the working day after that, both at once in the sandbox', () => {
    const submitted = { ...payment({ status: 'submitted' }), bank: 'simulated' as const };
    expect(planned(PAYMENT_MACHINE, 'submit', submitted, live(FRIDAY))).toEqual([
      ['confirm', '2026-03-23T00:00:00.000Z'],
    ]);
    expect(planned(PAYMENT_MACHINE, 'confirm', payment({ status: 'confirmed' }), live(FRIDAY))).toEqual([
      ['pay_out', '2026-03-09T00:00:00.000Z'],
    ]);
    expect(planned(PAYMENT_MACHINE, 'submit', submitted, sandbox(FRIDAY))).toEqual([['confirm', FRIDAY.toISOString()]]);
    expect(planned(PAYMENT_MACHINE, 'confirm', submitted, sandbox(FRIDAY))).toEqual([
      ['pay_out', FRIDAY.toISOString()],
    ]);
  });

  it('with the file bank, confirms only a Bacs payment, at the end of its ARUDD window, and refuses to guess the bank', () => {
    const submitted = payment({ status: 'submitted' });
    expect(() => planned(PAYMENT_MACHINE, 'submit', submitted, live(FRIDAY))).toThrow(/read which/);
    const bacs = {
      ...payment({ status: 'submitted', scheme: 'bacs', charge_date: '2026-03-11' }),
      bank: 'file' as const,
    };
    // Three Bacs working days after Wednesday 11 March, in the sandbox too: the scheme's real days.
    for (const at of [live(FRIDAY), sandbox(FRIDAY)])
      expect(planned(PAYMENT_MACHINE, 'submit', bacs, at)).toEqual([['confirm', '2026-03-16T00:00:00.000Z']]);
    const sepa = { ...payment({ status: 'submitted', scheme: 'sepa_core' }), bank: 'file' as const };
    expect(planned(PAYMENT_MACHINE, 'submit', sepa, live(FRIDAY))).toEqual([]);
  });

  it('times a SEPA credit transfer on the SEPA (TARGET) calendar, whose days begin in Frankfurt', () => {
    const transfer = payment({ status: 'confirmed', scheme: 'sepa_credit_transfer' });
    expect(planned(PAYMENT_MACHINE, 'confirm', transfer, live(FRIDAY))).toEqual([
      ['pay_out', '2026-03-08T23:00:00.000Z'],
    ]);
  });
});

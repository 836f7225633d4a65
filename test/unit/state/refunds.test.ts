import { describe, expect, it } from 'vitest';
import {
  REFUND_MACHINE,
  REFUND_STATUSES,
  refundLedgerLines,
  type RefundMove,
} from '../../../server/domain/refunds/state';
import type { RefundRow } from '../../../server/domain/refunds/types';
import { FRIDAY, live, planned, sandbox, SATURDAY, walkFollowUps, walkMachine } from './walk';

/**
 * The refund's moves: created → pending_submission → submitted → paid (then settled into a
 * payout), bounced by the payer's bank before or after paid, funds returned once paid. The bank's
 * moves are refused with `status_changed`; only a cancellation has the cancellation reason.
 */
describe('refund moves', () => {
  walkMachine(REFUND_MACHINE, {
    queue: { from: ['created'], to: 'pending_submission', refused: 'status_changed' },
    submit: { from: ['pending_submission'], to: 'submitted', refused: 'status_changed' },
    pay: { from: ['submitted'], to: 'paid', refused: 'status_changed' },
    settle: { from: ['paid'], to: 'paid', refused: 'status_changed' },
    bounce: { from: ['pending_submission', 'submitted', 'paid'], to: 'bounced', refused: 'status_changed' },
    return_funds: { from: ['paid'], to: 'funds_returned', refused: 'status_changed' },
    cancel: { from: ['created', 'pending_submission'], to: 'cancelled', refused: 'cancellation_failed' },
  });

  it('writes the reference event actions, and none for the moves the reference has no event for', () => {
    const events = Object.fromEntries(Object.entries(REFUND_MACHINE.moves).map(([name, m]) => [name, m.event]));
    expect(events).toEqual({
      queue: null,
      submit: null,
      pay: 'paid',
      settle: 'refund_settled',
      bounce: 'failed',
      return_funds: 'funds_returned',
      cancel: 'failed',
    });
  });
});

describe('refund money', () => {
  const accounts = (lines: { account: string; amount: number }[] | undefined) =>
    lines?.map((line) => `${line.account}${line.amount > 0 ? '+' : '-'}`);

  it('takes the refund from the confirmed funds when queued and pays it to the payer', () => {
    expect(accounts(refundLedgerLines('queue', 'created', 100))).toEqual(['confirmed-', 'refunds_in_flight+']);
    expect(refundLedgerLines('queue', 'created', 100)?.[0]?.itemType).toBe('refund');
    expect(accounts(refundLedgerLines('pay', 'submitted', 100))).toEqual(['refunds_in_flight-', 'payer+']);
  });

  it('gives the money back from where the move starts: in flight, or from the payer once paid', () => {
    for (const from of ['pending_submission', 'submitted'] as const)
      expect(accounts(refundLedgerLines('bounce', from, 100))).toEqual(['refunds_in_flight-', 'confirmed+']);
    expect(accounts(refundLedgerLines('bounce', 'paid', 100))).toEqual(['payer-', 'confirmed+']);
    expect(accounts(refundLedgerLines('return_funds', 'paid', 100))).toEqual(['payer-', 'confirmed+']);
    expect(accounts(refundLedgerLines('cancel', 'pending_submission', 100))).toEqual([
      'refunds_in_flight-',
      'confirmed+',
    ]);
    expect(refundLedgerLines('cancel', 'created', 100)).toBeUndefined();
  });

  it('moves no money on submission or settlement, and balances every posting it writes', () => {
    for (const move of ['submit', 'settle'] as const) expect(refundLedgerLines(move, 'paid', 100)).toBeUndefined();
    for (const move of Object.keys(REFUND_MACHINE.moves) as RefundMove[])
      for (const from of REFUND_STATUSES) {
        const lines = refundLedgerLines(move, from, 250);
        if (lines) expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
      }
  });
});

/**
 * A queued refund is submitted when its payment's scheme next takes submissions, and paid a
 * working day after it was submitted; both at once in the sandbox.
 */
describe('refund follow-ups', () => {
  walkFollowUps(REFUND_MACHINE, [
    { after: 'queue', move: 'submit', to: 'submitted' },
    { after: 'submit', move: 'pay', to: 'paid' },
  ]);

  const refund = (status: RefundRow['status'], paymentScheme?: string) =>
    ({ id: 'RF1', organisation_id: 'OR1', status, payment_id: 'PM1', paymentScheme }) as unknown as RefundRow;

  it('submits on the next working day of the payment scheme, pays a working day later', () => {
    expect(planned(REFUND_MACHINE, 'queue', refund('pending_submission', 'bacs'), live(SATURDAY))).toEqual([
      ['submit', '2026-03-09T00:00:00.000Z'],
    ]);
    expect(planned(REFUND_MACHINE, 'submit', refund('submitted', 'bacs'), live(FRIDAY))).toEqual([
      ['pay', '2026-03-09T00:00:00.000Z'],
    ]);
    expect(planned(REFUND_MACHINE, 'submit', refund('submitted', 'sepa_core'), live(FRIDAY))).toEqual([
      ['pay', '2026-03-08T23:00:00.000Z'],
    ]);
  });

  it('is instant in the sandbox, and refuses to time a refund without its payment scheme', () => {
    expect(planned(REFUND_MACHINE, 'queue', refund('pending_submission', 'bacs'), sandbox(SATURDAY))).toEqual([
      ['submit', SATURDAY.toISOString()],
    ]);
    expect(planned(REFUND_MACHINE, 'submit', refund('submitted', 'bacs'), sandbox(FRIDAY))).toEqual([
      ['pay', FRIDAY.toISOString()],
    ]);
    expect(() => planned(REFUND_MACHINE, 'queue', refund('pending_submission'), live(FRIDAY))).toThrow(/scheme/);
  });
});

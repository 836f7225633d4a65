import { describe, expect, it } from 'vitest';
import { postings } from '../../../server/domain/ledger/postings';
import { OUTBOUND_PAYMENT_MACHINE, outboundLedgerLines } from '../../../server/domain/outbound-payments/state';
import type { OutboundPaymentRow } from '../../../server/domain/outbound-payments/types';
import { FRIDAY, live, planned, sandbox, walkFollowUps, walkMachine } from './walk';

/**
 * The outbound payment's moves (issue #22, reference statuses): verifying → pending_approval or
 * scheduled → executing → executed, failed (name mismatch or the recipient's bank), cancellable
 * until it executes. Approval is refused with its own reason; the bank's moves with `status_changed`.
 */
describe('outbound payment moves', () => {
  walkMachine(OUTBOUND_PAYMENT_MACHINE, {
    require_approval: { from: ['verifying'], to: 'pending_approval', refused: 'status_changed' },
    schedule: { from: ['verifying'], to: 'scheduled', refused: 'status_changed' },
    approve: { from: ['pending_approval'], to: 'scheduled', refused: 'outbound_payment_not_pending_approval' },
    execute: { from: ['scheduled'], to: 'executing', refused: 'status_changed' },
    complete: { from: ['executing'], to: 'executed', refused: 'status_changed' },
    fail: { from: ['verifying', 'executing'], to: 'failed', refused: 'status_changed' },
    cancel: {
      from: ['verifying', 'pending_approval', 'scheduled'],
      to: 'cancelled',
      refused: 'cancellation_failed',
    },
  });

  it("writes the reference's event actions, and none where the reference has none", () => {
    const events = Object.fromEntries(
      Object.entries(OUTBOUND_PAYMENT_MACHINE.moves).map(([name, m]) => [name, m.event]),
    );
    expect(events).toEqual({
      require_approval: 'set_to_pending_approval',
      schedule: null,
      approve: null,
      execute: 'set_to_executing',
      complete: 'executed',
      fail: 'failed',
      cancel: 'cancelled',
    });
  });
});

describe('outbound payment money', () => {
  const accounts = (lines: { account: string; amount: number }[] | undefined) =>
    lines?.map((line) => `${line.account}${line.amount > 0 ? '+' : '-'}`);

  it('leaves the confirmed funds at creation as a payout item, reaches the recipient when executed', () => {
    expect(accounts(postings.outboundReserved(100))).toEqual(['confirmed-', 'outbound_in_flight+']);
    expect(postings.outboundReserved(100)[0]?.itemType).toBe('outbound_payment');
    expect(accounts(outboundLedgerLines('complete', 100))).toEqual(['outbound_in_flight-', 'recipients+']);
  });

  it('gives the money back when it fails or is cancelled, and moves none otherwise', () => {
    for (const move of ['fail', 'cancel'] as const) {
      expect(accounts(outboundLedgerLines(move, 100))).toEqual(['outbound_in_flight-', 'confirmed+']);
      expect(outboundLedgerLines(move, 100)?.[1]?.itemType).toBe('outbound_payment');
    }
    for (const move of ['require_approval', 'schedule', 'approve', 'execute'] as const)
      expect(outboundLedgerLines(move, 100)).toBeUndefined();
  });
});

/**
 * Scheduled or approved, an outbound payment executes on its execution date (at once when that is
 * today); the recipient's bank answers straight after: executed, or in the sandbox failed for a
 * holder whose name begins "Reject" (README, Sandbox).
 */
describe('outbound payment follow-ups', () => {
  walkFollowUps(OUTBOUND_PAYMENT_MACHINE, [
    { after: 'schedule', move: 'execute', to: 'executing' },
    { after: 'approve', move: 'execute', to: 'executing' },
    { after: 'execute', move: 'complete', to: 'executed' },
    { after: 'execute', move: 'fail', to: 'failed' },
  ]);

  const payment = (over: Partial<OutboundPaymentRow>) =>
    ({
      id: 'OUT1',
      organisation_id: 'OR1',
      status: 'scheduled',
      recipient_name: 'Acme Ltd',
      ...over,
    }) as OutboundPaymentRow;

  it('executes on its date: at once for today, when the day begins (London) for a later one', () => {
    for (const after of ['schedule', 'approve'] as const) {
      expect(planned(OUTBOUND_PAYMENT_MACHINE, after, payment({ execution_date: '2026-03-06' }), live(FRIDAY))).toEqual(
        [['execute', FRIDAY.toISOString()]],
      );
      expect(planned(OUTBOUND_PAYMENT_MACHINE, after, payment({ execution_date: '2026-03-10' }), live(FRIDAY))).toEqual(
        [['execute', '2026-03-10T00:00:00.000Z']],
      );
    }
  });

  it('completes at once, or fails in the sandbox for a "Reject…" holder (never in live)', () => {
    const executing = (name: string) => payment({ status: 'executing', recipient_name: name });
    expect(planned(OUTBOUND_PAYMENT_MACHINE, 'execute', executing('Acme Ltd'), sandbox(FRIDAY))).toEqual([
      ['complete', FRIDAY.toISOString()],
    ]);
    expect(planned(OUTBOUND_PAYMENT_MACHINE, 'execute', executing('Reject Ltd'), sandbox(FRIDAY))).toEqual([
      ['fail', FRIDAY.toISOString()],
    ]);
    expect(planned(OUTBOUND_PAYMENT_MACHINE, 'execute', executing('Reject Ltd'), live(FRIDAY))).toEqual([
      ['complete', FRIDAY.toISOString()],
    ]);
  });
});

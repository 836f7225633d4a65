import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MACHINE } from '../../../server/domain/subscriptions/state';
import type { SubscriptionPause, SubscriptionRow } from '../../../server/domain/subscriptions/types';
import { FRIDAY, live, planned, sandbox, walkFollowUps, walkMachine } from './walk';

/**
 * The subscription's moves, from the spec: cancellable until it ends (`cancellation_failed` once
 * finished, cancelled or denied); finished by the scheme clock only while active, and refused with
 * `status_changed` — never answered with nothing — when a cancel won the race. Public API pause
 * and resume: only an active subscription pauses (`subscription_not_active`), only a paused one
 * resumes (`subscription_not_paused`).
 */
describe('subscription moves', () => {
  walkMachine(SUBSCRIPTION_MACHINE, {
    cancel: {
      from: ['pending_customer_approval', 'active', 'paused'],
      to: 'cancelled',
      refused: 'cancellation_failed',
    },
    pause: { from: ['active'], to: 'paused', refused: 'subscription_not_active' },
    resume: { from: ['paused'], to: 'active', refused: 'subscription_not_paused' },
    finish: { from: ['active'], to: 'finished', refused: 'status_changed' },
  });
});

/**
 * A pause for `pause_cycles` ends when the first charge after it is due for creation (30 days
 * before its date); a pause until resumed books nothing. (The charges themselves, `create_payment`,
 * are the subscription's plan, not a move: charges.ts books them.)
 */
describe('subscription follow-ups', () => {
  walkFollowUps(SUBSCRIPTION_MACHINE, [{ after: 'pause', move: 'resume', to: 'active' }]);

  // Monthly on the 1st from April 2026: charges 0 and 1 on 1 April and 1 May; a pause from charge 2
  // for one cycle moves charge 2 from 1 June to 1 July, created on 1 June.
  const paused = (pauses: SubscriptionPause[]) =>
    ({
      id: 'SB1',
      organisation_id: 'OR1',
      status: 'paused',
      scheme: 'bacs',
      start_date: '2026-04-01',
      interval: 1,
      interval_unit: 'monthly',
      day_of_month: 1,
      month: null,
      count: null,
      end_date: null,
      pauses,
    }) as unknown as SubscriptionRow;

  it('resumes when the first charge after the pause is due for creation, in either environment', () => {
    for (const time of [live(FRIDAY), sandbox(FRIDAY)])
      expect(planned(SUBSCRIPTION_MACHINE, 'pause', paused([{ from_charge: 2, cycles: 1 }]), time)).toEqual([
        ['resume', '2026-06-01T00:00:00.000Z'],
      ]);
  });

  it('books nothing for a pause until resumed', () => {
    expect(planned(SUBSCRIPTION_MACHINE, 'pause', paused([{ from_charge: 2, cycles: null }]), live(FRIDAY))).toEqual(
      [],
    );
  });
});

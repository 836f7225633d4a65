import { describe } from 'vitest';
import { SUBSCRIPTION_MACHINE } from '../../../server/domain/subscriptions/state';
import { walkMachine } from './walk';

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

import { describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERY_MACHINE } from '../../../server/domain/webhooks/state';
import { walkMachine } from './walk';

/**
 * A delivery is made pending; each recorded attempt moves it. A 2xx answer succeeds it, from any
 * state but success itself (a worker whose lease ran out may report its success after another
 * worker gave up); a refusal schedules another attempt or, past the retry period, gives up. Only
 * a delivery still being tried can be retried later or given up. Every refusal means another
 * worker moved the delivery first.
 */
describe('webhook delivery moves', () => {
  walkMachine(WEBHOOK_DELIVERY_MACHINE, {
    succeed: { from: ['pending', 'retrying', 'failed'], to: 'succeeded', refused: 'status_changed' },
    retry_later: { from: ['pending', 'retrying'], to: 'retrying', refused: 'status_changed' },
    give_up: { from: ['pending', 'retrying'], to: 'failed', refused: 'status_changed' },
  });

  it('knows exactly the four statuses the database accepts', () => {
    expect([...WEBHOOK_DELIVERY_MACHINE.statuses].sort()).toEqual(['failed', 'pending', 'retrying', 'succeeded']);
  });

  it('answers a success reported twice with the delivery unchanged', () => {
    expect(WEBHOOK_DELIVERY_MACHINE.moves.succeed.idempotent).toBe(true);
    expect(WEBHOOK_DELIVERY_MACHINE.moves.retry_later.idempotent).toBeFalsy();
  });

  it('writes no event: the public API has none for deliveries', () => {
    for (const move of Object.values(WEBHOOK_DELIVERY_MACHINE.moves)) expect(move.event).toBeNull();
  });
});

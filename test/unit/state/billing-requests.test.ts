import { describe, expect, it } from 'vitest';
import { BILLING_REQUEST_MACHINE } from '../../../server/domain/billing-requests/state';
import { walkMachine } from './walk';

/**
 * The billing request's moves, from the spec: open while pending or ready to fulfil (cancellable
 * then, `cancellation_failed` after); fulfilment claimed only from ready_to_fulfil
 * (`billing_request_must_be_ready_to_fulfil`), then fulfilled once (`billing_request_already_fulfilled`).
 */
describe('billing request moves', () => {
  walkMachine(BILLING_REQUEST_MACHINE, {
    ready: { from: ['pending'], to: 'ready_to_fulfil', refused: 'billing_request_not_pending' },
    unready: { from: ['ready_to_fulfil'], to: 'pending', refused: 'billing_request_not_pending' },
    claim: { from: ['ready_to_fulfil'], to: 'fulfilling', refused: 'billing_request_must_be_ready_to_fulfil' },
    fulfil: { from: ['fulfilling'], to: 'fulfilled', refused: 'billing_request_already_fulfilled' },
    cancel: { from: ['pending', 'ready_to_fulfil'], to: 'cancelled', refused: 'cancellation_failed' },
  });

  it('writes the public API’s events for fulfilment and cancellation only', () => {
    const events = Object.fromEntries(
      Object.entries(BILLING_REQUEST_MACHINE.moves).map(([name, m]) => [name, m.event]),
    );
    expect(events).toEqual({ ready: null, unready: null, claim: null, fulfil: 'fulfilled', cancel: 'cancelled' });
  });
});

import { describe, expect, it } from 'vitest';
import { createServices } from '../../server/container';
import type { Database } from '../../server/db/db';
import { createLogger } from '../../server/logger';
import { ManualClock } from '../../server/domain/shared/clock';
import type { StateMachine } from '../../server/domain/shared/state-machine';
import { schemeClockHandlers } from '../../server/jobs/scheme-clock';

/**
 * The scheme clock's handlers come from the services (each declares the machine whose booked moves
 * it applies), not from a map kept by hand: every machine that books a follow-up has its handler,
 * under the resource type its bookings carry.
 */
const services = createServices({
  db: {} as Database,
  clock: new ManualClock('2026-03-06T10:00:00.000Z'),
  logger: createLogger('silent'),
  environment: 'sandbox',
});

/** Every machine of the domain: each resource declares its own in `domain/<resource>/state.ts`. */
const machines = Object.values(import.meta.glob('../../server/domain/*/state.ts', { eager: true }))
  .flatMap((module) => Object.values(module as Record<string, unknown>))
  .filter((value): value is StateMachine<string, string, any> =>
    Boolean(value && typeof value === 'object' && 'moves' in value && 'resourceType' in value),
  );

describe('the scheme clock’s handlers', () => {
  it('are those of the machines the clock moves, keyed by their resource type', () => {
    expect(Object.keys(schemeClockHandlers(services)).sort()).toEqual([
      'billing_requests',
      'mandate_imports',
      'mandates',
      'outbound_payments',
      'payer_authorisations',
      'payments',
      'refunds',
      'scheme_identifiers',
      'subscriptions',
    ]);
  });

  it('include every machine that books a follow-up', () => {
    const booking = machines.filter((machine) => Object.keys(machine.followUps ?? {}).length > 0);
    expect(booking.length).toBeGreaterThanOrEqual(9);
    const handlers = schemeClockHandlers(services);
    for (const machine of booking) expect(handlers[machine.resourceType], machine.resourceType).toBeTypeOf('function');
  });

  it('refuse two services applying the moves of one resource type', () => {
    const work = { machine: { resourceType: 'payments' as const }, apply: async () => {} };
    expect(() => schemeClockHandlers({ a: { clockWork: work }, b: { clockWork: work } })).toThrow(/payments/);
  });
});

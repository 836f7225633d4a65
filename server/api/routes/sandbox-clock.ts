import { z } from 'zod';
import { defineRoute, ok } from '../route';
import { isoTimestamp } from '../schemas';

const clock = z.strictObject({
  now: z.string().describe("The organisation's time (RFC 3339)"),
  status: z
    .enum(['real_time', 'frozen', 'running'])
    .describe('real_time: no test clock; frozen: stands still; running: runs on from where it was set'),
});

const advance = z.strictObject({
  to: isoTimestamp.optional().describe('Move the clock to this time (RFC 3339), not before its own'),
  by: z.string().optional().describe('Or move it on by this ISO 8601 duration (P1M, P2Y, P1DT12H)'),
});

const common = {
  tag: 'Sandbox',
  resourceKey: 'sandbox_clocks',
  response: clock,
  extension: true,
} as const;

/**
 * A sandbox organisation's test clock, a bankflow extension (issue #39, decision 0079): frozen,
 * moved forward (everything that falls due meanwhile is applied, in time order, as the scheme
 * clock would have on those days) and let run again. Refused in live.
 */
export const sandboxClockRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/sandbox/clock',
    operationId: 'getSandboxClock',
    summary: "Your organisation's sandbox test clock (a bankflow extension; sandbox only)",
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor }) {
      return ok('sandbox_clocks', await services.sandboxClocks.view(tx, actor.organisationId));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/sandbox/clock/actions/freeze',
    operationId: 'freezeSandboxClock',
    summary: "Stop your organisation's time where it is (a bankflow extension; sandbox only)",
    kind: 'action',
    status: 200,
    async handler({ services, tx, actor }) {
      return ok('sandbox_clocks', await services.sandboxClocks.freeze(tx, actor.organisationId));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/sandbox/clock/actions/advance',
    operationId: 'advanceSandboxClock',
    summary:
      "Move your organisation's time forward, applying everything due meanwhile (a bankflow extension; sandbox only)",
    kind: 'action',
    bodyKeys: ['sandbox_clocks'],
    status: 200,
    body: advance,
    ownTransactions: true,
    async handler({ services, actor, body }) {
      return ok('sandbox_clocks', await services.sandboxClocks.advance(services.db, actor.organisationId, body));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/sandbox/clock/actions/unfreeze',
    operationId: 'unfreezeSandboxClock',
    summary: "Let your organisation's time run on from where it stands (a bankflow extension; sandbox only)",
    kind: 'action',
    status: 200,
    async handler({ services, tx, actor }) {
      return ok('sandbox_clocks', await services.sandboxClocks.unfreeze(tx, actor.organisationId));
    },
  }),
];

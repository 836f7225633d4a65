import { z } from 'zod';
import { defineRoute, ok } from '../route';

const settings = z.strictObject({
  hold_payouts: z.boolean().describe('While true no payout is made, so confirmed funds stay in the balance'),
});

const common = {
  tag: 'Sandbox',
  resourceKey: 'sandbox_settings',
  response: settings,
  extension: true,
} as const;

/**
 * The sandbox's own settings of an organisation, a bankflow extension (decision 0073): holding
 * payouts back leaves the funds a refund or an outbound payment draws on. Refused in live.
 */
export const sandboxSettingsRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/sandbox/settings',
    operationId: 'getSandboxSettings',
    summary: "The sandbox's settings of your organisation (a bankflow extension; sandbox only)",
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor }) {
      return ok('sandbox_settings', await services.access.sandboxSettings(tx, actor.organisationId));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/sandbox/settings',
    operationId: 'updateSandboxSettings',
    summary: "Change the sandbox's settings of your organisation (a bankflow extension; sandbox only)",
    kind: 'update',
    status: 200,
    body: settings.partial(),
    async handler({ services, tx, actor, body }) {
      return ok('sandbox_settings', await services.access.setSandboxSettings(tx, actor.organisationId, body));
    },
  }),
];

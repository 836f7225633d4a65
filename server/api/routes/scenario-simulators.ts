import { z } from 'zod';
import { defineRoute, ok } from '../route';

/**
 * Sandbox scenario simulators (reference § 5): the public API's `scenario_simulators.run`, body
 * `{"data": {"links": {"resource": "<id>"}}}`, answered with the simulator's identifier.
 */
export const scenarioSimulatorRoutes = [
  defineRoute({
    method: 'POST',
    path: '/scenario_simulators/:id/actions/run',
    operationId: 'runScenarioSimulator',
    summary: 'Run a sandbox scenario simulator on a payment or mandate',
    tag: 'Scenario simulators',
    resourceKey: 'scenario_simulators',
    kind: 'action',
    status: 200,
    bodyKeys: ['scenario_simulators'],
    body: z.strictObject({ links: z.strictObject({ resource: z.string().min(1) }) }),
    response: z.strictObject({ id: z.string() }),
    async handler({ services, tx, actor, params, body }) {
      return ok('scenario_simulators', await services.scenarios.run(tx, actor, params.id, body.links.resource));
    },
  }),
];

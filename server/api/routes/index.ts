import type { RouteDef } from '../route';
import { bankAuthorisationRoutes } from './bank-authorisations';
import { billingRequestFlowRoutes } from './billing-request-flows';
import { billingRequestRoutes } from './billing-requests';
import { blockRoutes } from './blocks';
import { creditorRoutes } from './creditors';
import { customerBankAccountRoutes } from './customer-bank-accounts';
import { customerRoutes } from './customers';
import { eventRoutes } from './events';
import { instalmentScheduleRoutes } from './instalment-schedules';
import { institutionRoutes } from './institutions';
import { mandateRoutes } from './mandates';
import { paymentRoutes } from './payments';
import { scenarioSimulatorRoutes } from './scenario-simulators';
import { subscriptionRoutes } from './subscriptions';
import { webhookRoutes } from './webhooks';

/** Every API route, one file per resource. The router and the OpenAPI document both read this. */
export const apiRoutes: RouteDef<any, any>[] = [
  ...billingRequestRoutes,
  ...billingRequestFlowRoutes,
  ...institutionRoutes,
  ...bankAuthorisationRoutes,
  ...customerRoutes,
  ...customerBankAccountRoutes,
  ...creditorRoutes,
  ...mandateRoutes,
  ...paymentRoutes,
  ...subscriptionRoutes,
  ...instalmentScheduleRoutes,
  ...blockRoutes,
  ...eventRoutes,
  ...webhookRoutes,
  ...scenarioSimulatorRoutes,
];

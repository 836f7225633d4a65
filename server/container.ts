import type { Database } from './db/db';
import { createAccessService } from './domain/access/service';
import { createBankAccountService } from './domain/bank-accounts/service';
import { createBankAuthorisationService } from './domain/bank-authorisations/service';
import { createBillingRequestActions } from './domain/billing-requests/actions-service';
import { createFulfilment } from './domain/billing-requests/fulfil';
import { createBillingRequestCore } from './domain/billing-requests/service';
import { createBlockService } from './domain/blocks/service';
import { createCreditorService } from './domain/creditors/service';
import { createCustomerService } from './domain/customers/service';
import { createEventService } from './domain/events/service';
import { createPayerFlowService } from './domain/flows/payer';
import { createFlowService } from './domain/flows/service';
import { createInstalmentScheduleService } from './domain/instalment-schedules/service';
import { createMandateForAccount } from './domain/mandates/create-for-account';
import { createMandateService, type MandateService } from './domain/mandates/service';
import { createLogMailer, type Mailer } from './domain/notifications/mailer';
import { createNotificationService } from './domain/notifications/service';
import { createPaymentService, type PaymentService } from './domain/payments/service';
import { createScenarioService } from './domain/scenarios/service';
import type { Clock } from './domain/shared/clock';
import type { DomainContext } from './domain/shared/context';
import { createIdGenerator, type IdGenerator } from './domain/shared/ids';
import { createSubscriptionService } from './domain/subscriptions/service';
import type { Logger } from './logger';
import { createWebhookDeliveryService } from './domain/webhooks/deliveries';
import { createWebhookEndpointService } from './domain/webhooks/endpoints';

export interface ServiceOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  environment: 'sandbox' | 'live';
  publicUrl?: string;
  ids?: IdGenerator;
  mailer?: Mailer;
}

/**
 * Builds the domain services once. The API router and the Remix pages receive the same object,
 * and tests build it the same way around their own database and clock. Services that need each
 * other late (a cancelled mandate cancels its payments; a payment activates its mandate) are
 * wired through small functions, so no module imports a service it is itself imported by.
 */
export function createServices(options: ServiceOptions) {
  const ctx: DomainContext = {
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    environment: options.environment,
    publicUrl: options.publicUrl ?? 'https://localhost:3000',
    ids: options.ids ?? createIdGenerator(options.clock),
  };
  const events = createEventService(ctx);
  const customers = createCustomerService(ctx);
  const creditors = createCreditorService(ctx, { events });

  // Assigned below: the cascade and the payment service reach each other through these.
  // eslint-disable-next-line prefer-const
  let mandates: MandateService;
  // eslint-disable-next-line prefer-const
  let payments: PaymentService;
  const subscriptions = createSubscriptionService(ctx, { events, payments: () => payments });
  const instalmentSchedules = createInstalmentScheduleService(ctx, {
    events,
    payments: () => payments,
    mandates: () => mandates,
  });
  mandates = createMandateService(ctx, {
    events,
    async cascadeCancellation(tx, actor, mandate) {
      await payments.cancelPendingOf(tx, actor, { mandate: mandate.id });
      await subscriptions.cancelForMandateInTx(tx, actor, mandate.id);
      await instalmentSchedules.cancelForMandateInTx(tx, actor, mandate.id);
    },
  });
  payments = createPaymentService(ctx, { events, mandates: () => mandates });

  const bankAccounts = createBankAccountService(ctx, {
    customers,
    cancelMandatesOnAccount: (tx, actor, id) => mandates.cancelAllForBankAccount(tx, actor, id),
  });
  const blocks = createBlockService(ctx);

  const billingRequestCore = createBillingRequestCore(ctx, { events, customers, bankAccounts, creditors });
  const flows = createFlowService(ctx, { billingRequests: billingRequestCore });
  const fulfilment = createFulfilment(ctx, billingRequestCore, {
    mandates: () => mandates,
    payments: () => payments,
    createSubscription: (tx, actor, mandate, request) => subscriptions.createInTx(tx, actor, mandate, request),
    createInstalmentSchedule: (tx, actor, mandate, request) =>
      instalmentSchedules.createInTx(tx, actor, mandate, request),
  });
  const notifications = createNotificationService(ctx, {
    billingRequests: billingRequestCore,
    flows,
    mailer: options.mailer ?? createLogMailer(options.logger),
  });

  const billingRequests = {
    ...billingRequestCore,
    ...createBillingRequestActions(ctx, billingRequestCore, { customers, bankAccounts }),
    fulfil: fulfilment.fulfil,
    fulfilInTx: fulfilment.fulfilInTx,
    notify: notifications.notify,
  };
  const bankAuthorisations = createBankAuthorisationService(ctx, { billingRequests: billingRequestCore, bankAccounts });
  const scenarios = createScenarioService(ctx, {
    mandates: () => mandates,
    payments: () => payments,
    billingRequests: () => billingRequests,
    bankAuthorisations: () => bankAuthorisations,
  });

  return {
    ...ctx,
    access: createAccessService(ctx),
    events,
    blocks,
    customers,
    creditors,
    bankAccounts,
    mandates: {
      ...mandates,
      createForAccount: createMandateForAccount(ctx, { mandates, bankAccounts, creditors, customers }),
    },
    payments,
    scenarios,
    subscriptions,
    instalmentSchedules,
    billingRequests,
    flows,
    notifications,
    bankAuthorisations,
    webhookEndpoints: createWebhookEndpointService(ctx),
    webhooks: createWebhookDeliveryService(ctx),
    payerFlows: createPayerFlowService(ctx, {
      billingRequests,
      bankAuthorisations,
      findFlow: (id) => flows.findForPayer(ctx.db, id),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

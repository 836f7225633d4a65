import type { Database } from './db/db';
import { createAccessService } from './domain/access/service';
import { createDashboardUserService } from './domain/dashboard-users/service';
import { createDashboardTeamService } from './domain/dashboard-users/team';
import { createDashboardHomeService } from './domain/dashboard-home/service';
import { createBankAccountService } from './domain/bank-accounts/service';
import { createBankAuthorisationService } from './domain/bank-authorisations/service';
import { createBankDetailsLookupService } from './domain/bank-details-lookups/service';
import { createHolderVerificationService } from './domain/account-holder-verifications/service';
import { createBankAccountDetailsService, fullDetailsOf } from './domain/bank-account-details/service';
import { randomBytes } from 'node:crypto';
import { createBillingRequestActions } from './domain/billing-requests/actions-service';
import { createFulfilment } from './domain/billing-requests/fulfil';
import { createBillingRequestCore } from './domain/billing-requests/service';
import { createTemplateService } from './domain/billing-request-templates/service';
import { createBillingRequestWithActions } from './domain/billing-requests/with-actions';
import { createBlockService } from './domain/blocks/service';
import { createCreditorBankAccountService } from './domain/creditor-bank-accounts/service';
import { createCreditorService } from './domain/creditors/service';
import { createCustomerService } from './domain/customers/service';
import { createEventService } from './domain/events/service';
import { createFeeService } from './domain/fees/service';
import { createMandatePdfService } from './domain/mandate-pdfs/service';
import { createRedirectFlowService } from './domain/redirect-flows/service';
import { createPayerFlowService } from './domain/flows/payer';
import { createFlowService } from './domain/flows/service';
import { createInstalmentScheduleService } from './domain/instalment-schedules/service';
import { createMandateService } from './domain/mandates/service';
import { createMandateImportService } from './domain/mandate-imports/service';
import { createOutboundPaymentImportService } from './domain/outbound-payment-imports/service';
import { createOutboundPaymentService } from './domain/outbound-payments/service';
import { createPaymentAccountTransactionService } from './domain/payment-account-transactions/service';
import { createPayerAuthorisationService } from './domain/payer-authorisations/service';
import { createMailboxAccess } from './domain/notifications/mailbox-access';
import type { Mailer } from './domain/notifications/mailer';
import { countSends, createMailer, type MailSettings } from './mail/mailer-for';
import { createRequestLogService } from './domain/request-logs/service';
import { uncounted, type OutcomeCounts } from './outcome-counts';
import { createNotificationService } from './domain/notifications/service';
import { createPaymentService } from './domain/payments/service';
import { createDropinOriginService } from './domain/dropin-origins/service';
import { createBrandingService } from './domain/branding/service';
import { createNegativeBalanceLimitService } from './domain/negative-balance-limits/service';
import { createSchemeIdentifierService } from './domain/scheme-identifiers/service';
import { createExportService } from './domain/exports/service';
import { createBankReportService } from './domain/bank-reports/service';
import { createBankSubmissionService } from './domain/bank-submissions/service';
import { createBankTransportService } from './domain/bank-transport/service';
import { createSandboxBank } from './domain/sandbox-bank/service';
import { createTaxRateService } from './domain/tax-rates/service';
import { createFundsAvailabilityService } from './domain/funds-availability/service';
import { createVerificationDetailService } from './domain/verification-details/service';
import { createMandateTransferService } from './domain/mandate-transfers/service';
import { createExchangeRateService } from './domain/exchange-rates/service';
import { createRefundService } from './domain/refunds/service';
import { createBalanceService } from './domain/balances/service';
import { createPaymentAccountService } from './domain/payment-accounts/service';
import { createPayoutService } from './domain/payouts/service';
import { createScenarioService } from './domain/scenarios/service';
import type { Clock } from './domain/shared/clock';
import type { DomainContext } from './domain/shared/context';
import type { PaymentRow } from './domain/payments/types';
import { createIdGenerator, type IdGenerator } from './domain/shared/ids';
import { createSubscriptionService } from './domain/subscriptions/service';
import type { Logger } from './logger';
import { createWebhookDeliveryService } from './domain/webhooks/deliveries';
import { createWebhookEndpointService } from './domain/webhooks/endpoints';
import { createNotificationDelivery } from './jobs/notification-delivery';
import { serializeEvent } from './api/wire/events';
import { createSandboxClocks, type SandboxClocks } from './sandbox-clocks';

export interface ServiceOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  environment: 'sandbox' | 'live';
  publicUrl?: string;
  ids?: IdGenerator;
  mailer?: Mailer;
  /** SMTP settings (SMTP_URL, MAIL_FROM, DKIM_*); without `smtpUrl` mail goes to the embedded mailbox. */
  mail?: MailSettings;
  /** Seals full bank details at rest (`loadBankDetailsKey`); a random one lives only as long as the process. */
  bankDetailsKey?: string;
  /** How long the payer pages may show a creditor as read (shared/recent-cache.ts, default 1 s). */
  recentReadTtlMs?: number;
  /** Sandbox only (WEBHOOK_ALLOW_LOOPBACK): webhook endpoints may be on loopback. */
  webhookAllowLoopback?: boolean;
  /** One SFTP session's time budget for host-to-host delivery (default 30 s; tests shorten it). */
  bankTransportTimeoutMs?: number;
  /** Where mail sends, webhook attempts and scheme clock moves are counted (the server's metrics). */
  counts?: OutcomeCounts;
  /** The server's test clocks, when these services are one organisation's (server/sandbox-clocks.ts). */
  sandboxClocks?: SandboxClocks;
  /** What an organisation's services share with the server's own: forgetting cached credentials. */
  shared?: { forgetCredentials: () => void };
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
    recentReadTtlMs: options.recentReadTtlMs,
    webhookAllowLoopback: options.environment === 'sandbox' && Boolean(options.webhookAllowLoopback),
  };
  const events = createEventService(ctx);
  const customers = createCustomerService(ctx);
  const creditors = createCreditorService(ctx);

  // A cancelled mandate cancels what it could still collect: its payments, subscriptions, schedules.
  const payouts = createPayoutService(ctx);
  const fundsOf = (payment: PaymentRow) => ({
    organisationId: payment.organisation_id,
    creditorId: payment.creditor_id,
    currency: payment.currency,
  });
  const payments = createPaymentService(ctx, {
    payouts: {
      payOut: (tx, payment) => payouts.payOut(tx, fundsOf(payment)),
      lockFunds: (tx, payment) => payouts.lockFunds(tx, fundsOf(payment)),
    },
  });
  const subscriptions = createSubscriptionService(ctx, { payments: () => payments });
  const instalmentSchedules = createInstalmentScheduleService(ctx, { payments: () => payments });
  const mandates = createMandateService(ctx, {
    async cascadeCancellation(tx, actor, mandate) {
      await payments.cancelPendingOf(tx, actor, { mandate: mandate.id });
      await subscriptions.cancelForMandate(tx, actor, mandate.id);
      await instalmentSchedules.cancelForMandate(tx, actor, mandate.id);
    },
    parties: () => ({ bankAccounts, creditors, customers }),
  });

  const negativeBalanceLimits = createNegativeBalanceLimitService(ctx);
  const refunds = createRefundService(ctx, { limits: negativeBalanceLimits });

  const sealingSecret = options.bankDetailsKey ?? randomBytes(32).toString('base64url');
  const bankAccountDetails = createBankAccountDetailsService(ctx, {
    sealingSecret,
    findBankAccount: (db, actor, id) => bankAccounts.findActive(db, actor, id),
  });
  const bankAccounts = createBankAccountService(ctx, {
    customers,
    cancelMandatesOnAccount: (tx, actor, id) => mandates.cancelAllForBankAccount(tx, actor, id),
    keepFullDetails: (tx, actor, id, account) => bankAccountDetails.keepDetails(tx, actor, id, fullDetailsOf(account)),
  });
  const blocks = createBlockService(ctx);
  const mandateTransfers = createMandateTransferService(ctx, { bankAccounts, bankAccountDetails });

  const billingRequestCore = createBillingRequestCore(ctx, { events, customers, bankAccounts, creditors });
  const flows = createFlowService(ctx, { billingRequests: billingRequestCore });
  const fulfilment = createFulfilment(ctx, billingRequestCore, {
    creditors,
    mandates: () => mandates,
    payments: () => payments,
    createSubscription: (tx, actor, mandate, request) => subscriptions.create(tx, actor, mandate, request),
    createInstalmentSchedule: (tx, actor, mandate, request) =>
      instalmentSchedules.createFromRequest(tx, actor, mandate, request),
  });
  const notifications = createNotificationService(ctx, { billingRequests: billingRequestCore, flows });

  const billingRequestActions = createBillingRequestActions(ctx, billingRequestCore, {
    customers,
    bankAccounts,
    fulfil: fulfilment.fulfil,
    notify: notifications.notify,
  });
  const bankAuthorisations = createBankAuthorisationService(ctx, { billingRequests: billingRequestCore, bankAccounts });
  const scenarios = createScenarioService(ctx, {
    creditors: () => creditors,
    mandateTransfers: () => mandateTransfers,
    mandates: () => mandates,
    payments: () => payments,
    refunds: () => refunds,
    billingRequests: () => billingRequestCore,
    fulfilment: () => fulfilment,
    bankAuthorisations: () => bankAuthorisations,
    payouts: () => payouts,
  });

  const redirectFlows = createRedirectFlowService(ctx, {
    creditors,
    billingRequests: billingRequestCore,
    billingRequestActions,
    flows,
  });

  const mandateImports = createMandateImportService(ctx, { customers, bankAccounts, mandates, creditors });

  const counts = options.counts ?? uncounted;
  const access = createAccessService(ctx);
  const forgetCredentials = options.shared?.forgetCredentials ?? access.forgetCredentials;
  const mailer = countSends(options.mailer ?? createMailer(options.mail ?? {}, ctx), counts);
  const dashboardUsers = createDashboardUserService(ctx);

  const holderVerifications = createHolderVerificationService(ctx, { findBankAccount: bankAccounts.findActive });
  const outboundPayments = createOutboundPaymentService(ctx, {
    creditors,
    limits: negativeBalanceLimits,
    findBankAccount: bankAccounts.findActive,
    askBank: holderVerifications.askBank,
  });

  const bankReports = createBankReportService(ctx, {
    mandates: () => mandates,
    mandateTransfers: () => mandateTransfers,
  });
  const sandboxBank = createSandboxBank(ctx, { bankReports: () => bankReports });
  return {
    db: ctx.db,
    clock: ctx.clock,
    logger: ctx.logger,
    environment: ctx.environment,
    publicUrl: ctx.publicUrl,
    ids: ctx.ids,
    counts,
    access,
    /** Sandbox test clocks (decision 0079): an organisation's own time, frozen and moved forward. */
    sandboxClocks: options.sandboxClocks ?? createSandboxClocks(options, { forgetCredentials }),
    dashboardUsers,
    mailboxAccess: createMailboxAccess({ sealingSecret, clock: ctx.clock }),
    dashboardTeam: createDashboardTeamService(ctx, { users: dashboardUsers }),
    dashboardHome: createDashboardHomeService(ctx),
    events,
    /** The API requests kept for REQUEST_LOG_DAYS (decision 0086); written by the pipeline's writer. */
    requestLogs: createRequestLogService(),
    blocks,
    customers,
    creditors,
    creditorBankAccounts: createCreditorBankAccountService(ctx),
    branding: createBrandingService(ctx, { creditors }),
    bankAccounts,
    bankDetailsLookups: createBankDetailsLookupService(ctx),
    bankAccountDetails,
    holderVerifications,
    mandates,
    mandateImports,
    outboundPaymentImports: createOutboundPaymentImportService(ctx, {
      creditors,
      outboundPayments: () => outboundPayments,
    }),
    outboundPayments,
    paymentAccountTransactions: createPaymentAccountTransactionService(),
    payerAuthorisations: createPayerAuthorisationService(ctx, { customers, bankAccounts, mandates, creditors }),
    payments,
    refunds,
    negativeBalanceLimits,
    schemeIdentifiers: createSchemeIdentifierService(ctx),
    exports: createExportService(ctx, { sealingSecret }),
    bankSubmissions: createBankSubmissionService(ctx, { sealingSecret, sandboxBank: () => sandboxBank }),
    taxRates: createTaxRateService(),
    exchangeRates: createExchangeRateService(ctx),
    fundsAvailability: createFundsAvailabilityService(ctx),
    verificationDetails: createVerificationDetailService(ctx, { creditors }),
    mandateTransfers,
    dropinOrigins: createDropinOriginService(ctx),
    balances: createBalanceService(),
    paymentAccounts: createPaymentAccountService(),
    payouts,
    fees: createFeeService(ctx),
    scenarios,
    subscriptions,
    instalmentSchedules,
    billingRequests: billingRequestCore,
    billingRequestActions,
    flows,
    notifications,
    /** Mail sent straight from an edge after its commit (the dashboard's password-reset links). */
    mailer,
    /** The payer-notice outbox's sender (a job: claims, sends after the request's commit, records). */
    deliverNotifications: createNotificationDelivery({
      db: ctx.db,
      clock: ctx.clock,
      ids: ctx.ids,
      logger: ctx.logger,
      mailer,
      contentFor: notifications.contentFor,
      // React Email and the 11 languages' mail texts load with the first notice, not at every
      // start: a CLI command or a server that never mails skips about 0.2 s of loading.
      render: async (content) => (await import('./mail/render')).renderNotice(content),
    }),
    bankAuthorisations,
    webhookEndpoints: createWebhookEndpointService(ctx),
    webhooks: createWebhookDeliveryService(ctx, { event: serializeEvent }),
    billingRequestTemplates: createTemplateService(ctx, { creditors, billingRequests: billingRequestCore, flows }),
    billingRequestWithActions: createBillingRequestWithActions(ctx, {
      billingRequests: billingRequestCore,
      billingRequestActions,
      bankAuthorisations,
    }),
    payerFlows: createPayerFlowService(ctx, {
      billingRequests: billingRequestCore,
      billingRequestActions,
      bankAuthorisations,
      findFlow: flows.findForPayer,
      handOver: redirectFlows,
      creditors,
    }),
    redirectFlows,
    mandatePdfs: createMandatePdfService(ctx, { sealingSecret, mandates, customers, bankAccounts, creditors }),
    bankReports,
    bankTransport: createBankTransportService(ctx, {
      sealingSecret,
      bankReports: () => bankReports,
      sandboxBank: () => sandboxBank,
      timeoutMs: options.bankTransportTimeoutMs,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

import type { RouteDef } from '../route';
import { bankAccountDetailsRoutes } from './bank-account-details';
import { holderVerificationRoutes } from './bank-account-holder-verifications';
import { bankAuthorisationRoutes } from './bank-authorisations';
import { bankDetailsLookupRoutes } from './bank-details-lookups';
import { billingRequestFlowRoutes } from './billing-request-flows';
import { billingRequestTemplateRoutes } from './billing-request-templates';
import { billingRequestWithActionsRoutes } from './billing-request-with-actions';
import { billingRequestRoutes } from './billing-requests';
import { blockRoutes } from './blocks';
import { brandingRoutes } from './branding';
import { creditorBankAccountRoutes } from './creditor-bank-accounts';
import { creditorRoutes } from './creditors';
import { customerBankAccountRoutes } from './customer-bank-accounts';
import { customerRoutes } from './customers';
import { customerNotificationRoutes } from './customer-notifications';
import { eventRoutes } from './events';
import { instalmentScheduleRoutes } from './instalment-schedules';
import { institutionRoutes } from './institutions';
import { mandateImportRoutes } from './mandate-imports';
import { mandateRoutes } from './mandates';
import { outboundPaymentImportRoutes } from './outbound-payment-imports';
import { outboundPaymentRoutes, paymentAccountTransactionRoutes } from './outbound-payments';
import { payerAuthorisationRoutes } from './payer-authorisations';
import { paymentRoutes } from './payments';
import { mandatePdfRoutes } from './mandate-pdfs';
import { redirectFlowRoutes } from './redirect-flows';
import { refundRoutes } from './refunds';
import { balanceRoutes } from './balances';
import { negativeBalanceLimitRoutes } from './negative-balance-limits';
import { payoutRoutes } from './payouts';
import { sandboxClockRoutes } from './sandbox-clock';
import { requestLogRoutes } from './request-logs';
import { sandboxSettingsRoutes } from './sandbox-settings';
import { bankSubmissionRoutes } from './bank-submissions';
import { scenarioSimulatorRoutes } from './scenario-simulators';
import { schemeIdentifierRoutes } from './scheme-identifiers';
import { exportRoutes } from './exports';
import { bankReportRoutes } from './bank-reports';
import { rateRoutes } from './rates';
import { fundsAvailabilityRoutes } from './funds-availability';
import { verificationDetailRoutes } from './verification-details';
import { transferredMandateRoutes } from './transferred-mandates';
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
  ...creditorBankAccountRoutes,
  ...mandateRoutes,
  ...mandateImportRoutes,
  ...mandatePdfRoutes,
  ...outboundPaymentImportRoutes,
  ...outboundPaymentRoutes,
  ...paymentAccountTransactionRoutes,
  ...payerAuthorisationRoutes,
  ...redirectFlowRoutes,
  ...paymentRoutes,
  ...refundRoutes,
  ...negativeBalanceLimitRoutes,
  ...brandingRoutes,
  ...balanceRoutes,
  ...payoutRoutes,
  ...subscriptionRoutes,
  ...instalmentScheduleRoutes,
  ...blockRoutes,
  ...eventRoutes,
  ...customerNotificationRoutes,
  ...webhookRoutes,
  ...scenarioSimulatorRoutes,
  ...sandboxSettingsRoutes,
  ...requestLogRoutes,
  ...bankSubmissionRoutes,
  ...sandboxClockRoutes,
  ...bankDetailsLookupRoutes,
  ...holderVerificationRoutes,
  ...bankAccountDetailsRoutes,
  ...billingRequestTemplateRoutes,
  ...billingRequestWithActionsRoutes,
  ...schemeIdentifierRoutes,
  ...exportRoutes,
  ...rateRoutes,
  ...fundsAvailabilityRoutes,
  ...verificationDetailRoutes,
  ...transferredMandateRoutes,
  ...bankReportRoutes,
];

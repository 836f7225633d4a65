import type { AppLoadContext } from '@remix-run/node';
import type { BankAccountInput } from '../../server/domain/bank-accounts/service';
import type { BankOutcome } from '../../server/domain/bank-authorisations/service';
import type { CollectCustomerDetails } from '../../server/domain/billing-requests/actions-service';
import type { PayerFlow } from '../../server/domain/flows/payer';
import type { TemplateRow } from '../../server/domain/billing-request-templates/types';
import type { Currency } from '../../server/domain/shared/money';
import type { CreditorRow } from '../../server/domain/creditors/types';
import type { Scheme } from '../../server/domain/schemes/types';
import { isDomainError } from '../../server/domain/shared/errors';
import { serializeBillingRequest } from '../../server/api/wire/billing-requests';
import { serializeFlow } from '../../server/api/wire/flows';
import type { Language } from '../../i18n/languages';
import { onOrganisationTime } from './organisation-time';
import { inUnitOfWork as write } from './unit-of-work';
import { checkResumeCode as checkCode, issueResumeCode as issueCode } from '../../server/domain/flows/resume-codes';

/**
 * Every call the payer pages make into the services, one function per use and each service
 * method called here only: the steps' presenters and commands go through these. Each change is
 * one unit of work (decision 0018), opened here by `write`; reads take the database itself.
 */
type Context = AppLoadContext;

/** The flow and its payer, read on the organisation's own clock when it has a test clock. */
export async function loadPayer(context: Context, flowId: string) {
  const payer = await context.services.payerFlows.load(context.services.db, flowId);
  if (!payer || !(await onOrganisationTime(context, payer.flow.organisation_id))) return payer;
  return context.services.payerFlows.load(context.services.db, flowId);
}

export const recordVisit = (context: Context, payer: PayerFlow) =>
  write(context, (tx) => context.services.payerFlows.recordVisit(tx, payer));

export const recordExit = (context: Context, payer: PayerFlow) =>
  write(context, (tx) => context.services.payerFlows.recordExit(tx, payer));

/**
 * The payer gives up: the exit is recorded and the billing request cancelled (its event and
 * webhook come from the billing request service's own cancel), together or not at all.
 */
export const cancelRequest = (context: Context, payer: PayerFlow) =>
  write(context, async (tx) => {
    await context.services.payerFlows.recordExit(tx, payer);
    await context.services.billingRequestActions.cancel(tx, payer.actor, payer.flow.billing_request_id, {});
  });

export const chooseCurrency = (context: Context, payer: PayerFlow, currency: Currency) =>
  write(context, (tx) => context.services.payerFlows.chooseCurrency(tx, payer, currency));

export const collectDetails = (context: Context, payer: PayerFlow, input: CollectCustomerDetails) =>
  write(context, (tx) => context.services.payerFlows.collectDetails(tx, payer, input));

export const collectBankAccount = (
  context: Context,
  payer: PayerFlow,
  input: BankAccountInput & { pay_id?: string | null },
) => write(context, (tx) => context.services.payerFlows.collectBankAccount(tx, payer, input));

export const selectInstitution = (context: Context, payer: PayerFlow, institution: string, country: string) =>
  write(context, (tx) => context.services.payerFlows.selectInstitution(tx, payer, institution, country));

export const fallBackToDirectDebit = (context: Context, payer: PayerFlow) =>
  write(context, (tx) => context.services.payerFlows.fallback(tx, payer));

export const confirmPayerDetails = (context: Context, payer: PayerFlow) =>
  write(context, (tx) => context.services.payerFlows.confirm(tx, payer));

/** The authorisation the bank step shows: the one in progress, or a new one (a write). */
export const openBankAuthorisation = (context: Context, payer: PayerFlow) =>
  write(context, (tx) => context.services.payerFlows.bankAuthorisation(tx, payer));

export const finishIfReady = (context: Context, payer: PayerFlow) =>
  write(context, (tx) => context.services.payerFlows.finishIfReady(tx, payer));

export const answerBankAuthorisation = (
  context: Context,
  payer: PayerFlow,
  authorisationId: string,
  outcome: BankOutcome,
  account?: BankAccountInput,
) => write(context, (tx) => context.services.payerFlows.bankOutcome(tx, payer, authorisationId, outcome, account));

/** Where the payer's bank authorisation stands; null when none was started. */
export async function authorisationStatus(context: Context, payer: PayerFlow) {
  const id = payer.view.request.bank_authorisation_id;
  return id ? (await context.services.bankAuthorisations.get(context.services.db, payer.actor, id)).status : null;
}

export const findBankAuthorisation = (context: Context, id: string) =>
  context.services.bankAuthorisations.findForBank(context.services.db, id);

export const visitBankAuthorisation = (context: Context, payer: PayerFlow, id: string) =>
  write(context, (tx) => context.services.bankAuthorisations.visit(tx, payer.actor, id));

export const letBankAuthorisationExpire = (context: Context, payer: PayerFlow, id: string) =>
  write(context, (tx) => context.services.bankAuthorisations.simulateTimeout(tx, payer.actor, id));

/**
 * The identifier the confirmation page shows for the creditor in `scheme`: its active one (the
 * sandbox's test identifier before any is active). Null in live when it has none: no mandate can be
 * taken then, and fulfilment refuses with `scheme_identifier_not_active`.
 */
export async function creditorIdentifierOf(context: Context, creditor: CreditorRow, scheme: Scheme) {
  try {
    return (await context.services.schemeIdentifiers.forMandate(context.services.db, creditor, scheme)).reference;
  } catch (error) {
    if (isDomainError(error) && error.reason === 'scheme_identifier_not_active') return null;
    throw error;
  }
}

/** The creditor being paid, as every page names it (read at most once a second per process). */
export const creditorOf = (context: Context, payer: PayerFlow) =>
  context.services.payerFlows.creditorOf(context.services.db, payer);

/**
 * The creditor's logo and theme files for the page's header (a read, at most once a second per
 * process; none set: the pages' own look).
 */
export const brandingOf = (context: Context, creditorId: string) =>
  context.services.branding.brandingOfRecent(context.services.db, creditorId);

export const mandateOf = (context: Context, payer: PayerFlow, id: string) =>
  context.services.mandates.get(context.services.db, payer.actor, id);

/** A short-lived link to the mandate as a PDF (signing only: nothing is written). */
export const mandatePdfLink = async (context: Context, payer: PayerFlow, id: string, language: Language) => {
  const link = await context.services.mandatePdfs.linkForPayer(payer.actor, id, language);
  // Relative, so it opens on the host the payer is on.
  return new URL(link.url).pathname;
};

export const paymentOf = (context: Context, payer: PayerFlow, id: string) =>
  context.services.payments.get(context.services.db, payer.actor, id);

/** What the account's bank says of the name on it (confirmation of payee): nothing is written. */
export const askBankForHolder = (context: Context, holderName: string) =>
  context.services.holderVerifications.askBank(holderName);

/** The origin the merchant page may frame this flow from (drop-in), or null when it may not. */
export const dropinFramingOrigin = async (context: Context, organisationId: string, given: string | null) =>
  given ? context.services.dropinOrigins.framingOrigin(context.services.db, organisationId, given) : null;

/** What the drop-in's `onSuccess` receives: the billing request and flow as the API serialises them. */
export function dropinSuccess(context: Context, payer: PayerFlow) {
  const publicUrl = context.config.publicUrl;
  return Promise.resolve({
    billingRequest: serializeBillingRequest(payer.view, { publicUrl }),
    billingRequestFlow: serializeFlow(payer.flow, { publicUrl }),
  });
}
// --- Reusable payment links (billing request templates) ---------------------------------------

/** The template behind a public link, and whom it pays; a read. */
export async function loadTemplate(context: Context, templateId: string) {
  const found = await context.services.billingRequestTemplates.findForPayer(context.services.db, templateId);
  // What the payer then opens is made on the organisation's own clock when it has a test clock.
  if (found) await onOrganisationTime(context, found.template.organisation_id);
  return found;
}

/** A payer pressed Continue: a billing request and flow of their own, in one unit of work. */
export const openTemplate = (context: Context, template: TemplateRow) =>
  write(context, (tx) => context.services.billingRequestTemplates.openForPayer(tx, template));

/** The account's full details, for the check page to show masked (never sent whole to the browser). */
export const accountDetailsOf = (context: Context, payer: PayerFlow, bankAccountId: string) =>
  context.services.bankAccountDetails.fullDetails(context.services.db, payer.actor.organisationId, bankAccountId);

/** Sandbox or live: the scheme rules that differ between them (a creditor's required contact). */
export const environmentOf = (context: Context) => context.services.environment;

/** A new code to resume the flow, for the payer's email (decision 0093); refused past the hour's sends. */
export const issueResumeCode = (context: Context, payer: PayerFlow, email: string) =>
  write(context, (tx) => issueCode(tx, context.sessionSecret, payer.flow, email, context.services.clock.now()));

/** Checks a code the payer typed; a wrong one is counted (and committed) even though it is refused. */
export const checkResumeCode = (context: Context, payer: PayerFlow, email: string, code: string) =>
  write(context, (tx) => checkCode(tx, context.sessionSecret, payer.flow, email, code, context.services.clock.now()));

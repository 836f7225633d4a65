import type { AppLoadContext } from '@remix-run/node';
import type { DashboardUserRow, LinkPurpose } from '../../server/domain/dashboard-users/service';
import type { TokenScope } from '../../server/domain/access/service';
import type { Actor } from '../../server/domain/shared/actor';
import type { PageRequest } from '../../server/domain/shared/pagination';
import type { PaymentFilters } from '../../server/domain/payments/types';
import type { MandateFilters } from '../../server/domain/mandates/queries';
import type { CustomerFilters } from '../../server/domain/customers/service';
import type { EventLinkFilter } from '../../server/domain/events/types';
import type { EventFilters } from '../../server/domain/events/queries';
import type { SubscriptionFilters } from '../../server/domain/subscriptions/types';
import type { InstalmentScheduleFilters } from '../../server/domain/instalment-schedules/types';
import type { RefundFilters } from '../../server/domain/refunds/types';
import type { PayoutFilters } from '../../server/domain/payouts/types';
import type { BillingRequestFilters } from '../../server/domain/billing-requests/service';
import type { WebhookDeliveryStatus } from '../../server/domain/webhooks/types';
import { inUnitOfWork as write } from './unit-of-work';

/**
 * Every call the dashboard makes into the services (the same ones the API uses, never the HTTP
 * API), one function per use. Each change is one unit of work opened here (decision 0018); reads
 * take the database. Everything is scoped to the signed-in user's organisation.
 */
type Context = AppLoadContext;
type DeliveryPageRequest = PageRequest & { status?: WebhookDeliveryStatus };
const users = (context: Context) => context.services.dashboardUsers;

export const sessionUser = (context: Context, userId: string, generation: number) =>
  users(context).sessionUser(context.services.db, userId, generation);

export const signIn = (context: Context, email: string, password: string) =>
  write(context, (tx) => users(context).signIn(tx, email, password));

export const checkSecondFactor = (context: Context, userId: string, code: string) =>
  write(context, (tx) => users(context).checkSecondFactor(tx, userId, code));

export const linkIsLive = (context: Context, token: string, purpose: LinkPurpose) =>
  users(context).linkIsLive(context.services.db, token, purpose);

export const setPasswordWithLink = (context: Context, token: string, purpose: LinkPurpose, password: string) =>
  write(context, (tx) => users(context).setPasswordWithLink(tx, token, purpose, password));

/**
 * A reset link for the address, mailed after the commit through the service's mailer (the
 * sandbox's logs it). Nothing tells the asker whether the address is a user's.
 */
export async function requestPasswordReset(context: Context, email: string) {
  const issued = await write(context, (tx) => users(context).requestReset(tx, email));
  if (!issued) return;
  const link = `${context.config.publicUrl}/dashboard/reset/${issued.token}`;
  await context.services.mailer.send({
    to: issued.user.email,
    subject: 'Reset your bankflow dashboard password',
    text: `Someone asked to reset the password of your bankflow dashboard account.\n\nChoose a new password (the link works once, for an hour):\n${link}\n\nIf it was not you, ignore this message.`,
    language: 'en',
  });
}

export const signOutEverywhere = (context: Context, user: DashboardUserRow) =>
  write(context, (tx) => users(context).signOutEverywhere(tx, user.id));

export const newTotpSecret = (context: Context, user: DashboardUserRow) => users(context).newTotpSecret(user.email);

export const enableTotp = (context: Context, user: DashboardUserRow, secret: string, code: string) =>
  write(context, (tx) => users(context).enableTotp(tx, user.id, secret, code));

export const disableTotp = (context: Context, user: DashboardUserRow) =>
  write(context, (tx) => users(context).disableTotp(tx, user.id));

export const homeSummary = (context: Context, user: DashboardUserRow) =>
  context.services.dashboardHome.summary(context.services.db, user.organisation_id);

export const listTokens = (context: Context, user: DashboardUserRow) =>
  context.services.access.listTokens(context.services.db, user.organisation_id);

/** A token's last use: stored a minute at a time, or this process's newer one still pending. */
export const tokenLastUsed = (context: Context, token: Parameters<Context['services']['access']['lastUsedOf']>[0]) =>
  context.services.access.lastUsedOf(token);

export const createToken = (context: Context, user: DashboardUserRow, scope: TokenScope, name: string) =>
  write(context, (tx) => context.services.access.createToken(tx, user.organisation_id, scope, name));

export const disableToken = (context: Context, user: DashboardUserRow, id: string) =>
  write(context, (tx) => context.services.access.disableOwnToken(tx, user.organisation_id, id));

const scopeOf = (user: DashboardUserRow) => ({ organisationId: user.organisation_id });

/** The signed-in person as the services' actor: events they cause name them as a `user` source. */
export const actorOf = (user: DashboardUserRow): Actor => ({
  organisationId: user.organisation_id,
  origin: 'api',
  source: { type: 'user', name: user.email },
});

export const listWebhookEndpoints = (context: Context, user: DashboardUserRow) =>
  context.services.webhookEndpoints.list(context.services.db, scopeOf(user));

export const getWebhookEndpoint = (context: Context, user: DashboardUserRow, id: string) =>
  context.services.webhookEndpoints.get(context.services.db, scopeOf(user), id);

export const createWebhookEndpoint = (context: Context, user: DashboardUserRow, url: string) =>
  write(context, (tx) => context.services.webhookEndpoints.create(tx, user.organisation_id, url));

export type EndpointAction = 'rotate' | 'disable' | 'enable' | 'test';

/** One of an endpoint's actions; a rotation answers with the new secret (shown once). */
export const webhookEndpointAction = (context: Context, user: DashboardUserRow, id: string, action: EndpointAction) =>
  write(context, async (tx): Promise<{ secret?: string }> => {
    const { webhookEndpoints, webhooks } = context.services;
    if (action === 'rotate') return { secret: (await webhookEndpoints.rotateSecret(tx, scopeOf(user), id)).secret };
    if (action === 'disable') await webhookEndpoints.disable(tx, scopeOf(user), id);
    if (action === 'enable') await webhookEndpoints.enable(tx, scopeOf(user), id);
    if (action === 'test') await webhooks.sendTest(tx, scopeOf(user), id);
    return {};
  });

/** One endpoint's deliveries, newest first, a page at a time, of one status or any (decision 0049). */
export const endpointDeliveries = (c: Context, u: DashboardUserRow, id: string, page: DeliveryPageRequest) =>
  c.services.webhooks.listForEndpoint(c.services.db, actorOf(u), id, { status: page.status }, page);

export const getDelivery = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.webhooks.get(c.services.db, actorOf(u), id);

export const deliveryAttempts = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.webhooks.attempts(c.services.db, actorOf(u), id);

/** An admin retries a delivery: the API's call, a new delivery the worker sends (deliveries write no events). */
export const retryDelivery = (c: Context, u: DashboardUserRow, id: string) =>
  write(c, (tx) => c.services.webhooks.retry(tx, actorOf(u), id));

// Lists and details: the same list queries as the API's (cursor on an index), for the user's organisation.

export const listPayments = (context: Context, user: DashboardUserRow, filters: PaymentFilters, page: PageRequest) =>
  context.services.payments.list(context.services.db, actorOf(user), filters, page);

export const getPayment = (context: Context, user: DashboardUserRow, id: string) =>
  context.services.payments.get(context.services.db, actorOf(user), id);

export const listMandates = (context: Context, user: DashboardUserRow, filters: MandateFilters, page: PageRequest) =>
  context.services.mandates.list(context.services.db, actorOf(user), filters, page);

export const getMandate = (context: Context, user: DashboardUserRow, id: string) =>
  context.services.mandates.get(context.services.db, actorOf(user), id);

export const listCustomers = (context: Context, user: DashboardUserRow, filters: CustomerFilters, page: PageRequest) =>
  context.services.customers.list(context.services.db, actorOf(user), filters, page);

export const getCustomer = (context: Context, user: DashboardUserRow, id: string) =>
  context.services.customers.get(context.services.db, actorOf(user), id);

export const listSubscriptions = (c: Context, u: DashboardUserRow, f: SubscriptionFilters, page: PageRequest) =>
  c.services.subscriptions.list(c.services.db, actorOf(u), f, page);

export const getSubscription = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.subscriptions.get(c.services.db, actorOf(u), id);

export const listInstalmentSchedules = (
  c: Context,
  u: DashboardUserRow,
  f: InstalmentScheduleFilters,
  page: PageRequest,
) => c.services.instalmentSchedules.list(c.services.db, actorOf(u), f, page);

export const getInstalmentSchedule = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.instalmentSchedules.get(c.services.db, actorOf(u), id);

export const listRefunds = (c: Context, u: DashboardUserRow, f: RefundFilters, page: PageRequest) =>
  c.services.refunds.list(c.services.db, actorOf(u), f, page);

export const getRefund = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.refunds.get(c.services.db, actorOf(u), id);

export const listPayouts = (c: Context, u: DashboardUserRow, f: PayoutFilters, page: PageRequest) =>
  c.services.payouts.list(c.services.db, actorOf(u), f, page);

export const getPayout = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.payouts.get(c.services.db, actorOf(u), id);

/** A payout's items, oldest first (its entries on the balance), a page forwards by id. */
export const payoutItems = (c: Context, u: DashboardUserRow, id: string, page: { after?: string; limit: number }) =>
  c.services.payouts.items(c.services.db, actorOf(u), id, page);

export const listBillingRequests = (c: Context, u: DashboardUserRow, f: BillingRequestFilters, page: PageRequest) =>
  c.services.billingRequests.list(c.services.db, actorOf(u), f, page);

export const getBillingRequest = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.billingRequests.get(c.services.db, actorOf(u), id);

/** A resource's latest events, as `GET /events?<link>=<id>` lists them. */
export const eventsOf = (context: Context, user: DashboardUserRow, link: EventLinkFilter, id: string) =>
  context.services.events.list(context.services.db, actorOf(user), { link: { key: link, id } }, { limit: 50 });

export type CancellableKind = 'subscriptions' | 'instalment-schedules' | 'billing-requests';

/** An admin cancels a subscription, schedule or billing request: the API's call, the user as the event's source. */
export const cancelRecord = (c: Context, u: DashboardUserRow, kind: CancellableKind, id: string) =>
  write(c, async (tx) => {
    if (kind === 'subscriptions') await c.services.subscriptions.cancel(tx, actorOf(u), id);
    if (kind === 'instalment-schedules') await c.services.instalmentSchedules.cancel(tx, actorOf(u), id);
    if (kind === 'billing-requests') await c.services.billingRequestActions.cancel(tx, actorOf(u), id, {});
  });

/** An admin pauses (until resumed) or resumes a subscription: the API's calls, the user as the event's source. */
export const pauseOrResumeSubscription = (c: Context, u: DashboardUserRow, action: 'pause' | 'resume', id: string) =>
  write(c, async (tx) => {
    if (action === 'pause') await c.services.subscriptions.pause(tx, actorOf(u), id, {});
    else await c.services.subscriptions.resume(tx, actorOf(u), id);
  });

/** The events explorer: `GET /events` with the API's filters, for the user's organisation. */
export const listEvents = (c: Context, u: DashboardUserRow, filters: EventFilters, page: PageRequest) =>
  c.services.events.list(c.services.db, actorOf(u), filters, page);

export const getEvent = (c: Context, u: DashboardUserRow, id: string) =>
  c.services.events.get(c.services.db, actorOf(u), id);

/** Whether the services run in the sandbox (where the scenario simulators work). */
export const isSandbox = (c: Context) => c.services.environment === 'sandbox';

/** A sandbox scenario run by the user on one of their organisation's records (the service refuses it in live). */
export const runScenario = (c: Context, u: DashboardUserRow, scenario: string, resource: string) =>
  write(c, (tx) => c.services.scenarios.run(tx, actorOf(u), scenario, resource));

export type RecordAction = 'cancel' | 'retry' | 'refund';

/** An admin's action on a payment or mandate, written as an event whose source is the user. */
export const cancelMandate = (context: Context, user: DashboardUserRow, id: string) =>
  write(context, (tx) => context.services.mandates.cancel(tx, actorOf(user), id));

export const paymentAction = (
  context: Context,
  user: DashboardUserRow,
  id: string,
  action: RecordAction,
  refundAmount = 0,
) =>
  write(context, async (tx) => {
    const { payments, refunds } = context.services;
    if (action === 'cancel') await payments.cancel(tx, actorOf(user), id);
    if (action === 'retry') await payments.retry(tx, actorOf(user), id, {});
    if (action === 'refund') await refunds.create(tx, actorOf(user), { payment: id }, { amount: refundAmount });
  });

/** A payment link: a billing request for one payment by bank (an instant payment) and its flow, made by the user. */
export const createPaymentLink = (
  context: Context,
  user: DashboardUserRow,
  input: { amount: number; currency: string; description: string },
) =>
  write(context, async (tx) => {
    const { billingRequests, flows } = context.services;
    const payment = { ...input, metadata: {}, funds_settlement: 'managed' as const, retry_if_possible: false };
    const made = await billingRequests.create(tx, actorOf(user), { payment_request: payment });
    return flows.create(tx, actorOf(user), { links: { billing_request: made.request.id } });
  });

/** A payment link's flow and billing request, or undefined when it is not the user's organisation's. */
export async function paymentLinkOf(context: Context, user: DashboardUserRow, flowId: string) {
  const { db, flows, billingRequests } = context.services;
  const flow = /^BRF[0-9A-Z]{1,40}$/.test(flowId) ? await flows.findForPayer(db, flowId) : undefined;
  if (!flow || flow.organisation_id !== user.organisation_id) return undefined;
  return { flow, view: await billingRequests.get(db, actorOf(user), flow.billing_request_id) };
}

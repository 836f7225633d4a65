import { z } from 'zod';
import { billingRequestWire, serializeBillingRequest } from '../wire/billing-requests';
import type { BillingRequestView } from '../../domain/billing-requests/view';
import { pageOf } from '../pagination';
import { created, defineRoute, listResult, ok, type ApiResult, type HandlerContext, type PathParams } from '../route';
import { currency, metadataOnly, optionalUri } from '../schemas';
import {
  billingRequestListQuery,
  collectBankAccountBody,
  collectCustomerDetailsBody,
  createBillingRequestBody,
} from './billing-request-schemas';

const common = { tag: 'Billing requests', resourceKey: 'billing_requests', response: billingRequestWire } as const;

const answer = (ctx: { config: { publicUrl: string } }, view: BillingRequestView): ApiResult =>
  ok('billing_requests', serializeBillingRequest(view, { publicUrl: ctx.config.publicUrl }));

type ActionPath = `/billing_requests/:id/actions/${string}`;
type ActionContext<B> = HandlerContext<B, unknown, PathParams<ActionPath>>;

/** An action endpoint: POST /billing_requests/:id/actions/<name>, body under `data` (or the resource key). */
function action<B>(
  name: string,
  summary: string,
  body: z.ZodType<B>,
  run: (ctx: ActionContext<B>) => Promise<BillingRequestView>,
  {
    afterCommit,
    ...extra
  }: {
    liveRestriction?: 'payment_pages' | 'custom_payment_pages';
    /** What to do once the action's unit of work has committed (send what it left in an outbox). */
    afterCommit?: (ctx: ActionContext<B>) => Promise<unknown>;
  } = {},
) {
  return defineRoute<B, unknown, ActionPath>({
    ...common,
    ...extra,
    method: 'POST',
    path: `/billing_requests/:id/actions/${name}`,
    operationId: `billingRequest_${name}`,
    summary,
    kind: 'action',
    status: 200,
    bodyKeys: ['billing_requests'],
    body,
    async handler(ctx) {
      const result = answer(ctx, await run(ctx));
      return afterCommit ? { ...result, afterCommit: () => afterCommit(ctx) } : result;
    },
  });
}

/**
 * The action collects details, so it needs some (issue 40.5): an empty body, `{}`, `{"data": null}`
 * or a customer with no field answered 200 while it wrote an event and undid the payer's
 * confirmation. A 422 at `customer`, as for any missing field.
 */
const hasFields = (value: Record<string, unknown> | null | undefined) =>
  Object.values(value ?? {}).some((field) => field !== undefined);
const collectCustomerDetailsRequired = collectCustomerDetailsBody.superRefine((body, ctx) => {
  if (!hasFields(body.customer) && !hasFields(body.customer_billing_detail))
    ctx.addIssue({ code: 'custom', path: ['customer'], message: 'required' });
});

export const billingRequestRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/billing_requests',
    operationId: 'createBillingRequest',
    summary: 'Create a billing request',
    kind: 'create',
    status: 201,
    body: createBillingRequestBody,
    async handler(ctx) {
      const view = await ctx.services.billingRequests.create(ctx.tx, ctx.actor, ctx.body, {
        idempotencyKey: ctx.idempotencyKey,
      });
      const location = `${ctx.config.publicUrl}/billing_requests/${view.request.id}`;
      return created('billing_requests', serializeBillingRequest(view, ctx.config), location);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/billing_requests',
    operationId: 'listBillingRequests',
    summary: 'List billing requests',
    kind: 'list',
    status: 200,
    query: billingRequestListQuery,
    async handler({ services, tx, config, actor, query }) {
      const page = await services.billingRequests.list(
        tx,
        actor,
        { customer: query.customer, status: query.status, createdAt: query.created_at },
        pageOf(query),
      );
      return listResult('billing_requests', page, (view) => serializeBillingRequest(view, config));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/billing_requests/:id',
    operationId: 'getBillingRequest',
    summary: 'Get a billing request',
    kind: 'read',
    status: 200,
    async handler(ctx) {
      return answer(ctx, await ctx.services.billingRequests.get(ctx.tx, ctx.actor, ctx.params.id));
    },
  }),
  action(
    'collect_customer_details',
    'Collect customer details',
    collectCustomerDetailsRequired,
    ({ services, tx, actor, params, body }) =>
      services.billingRequestActions.collectCustomerDetails(tx, actor, params.id, body),
  ),
  action(
    'collect_bank_account',
    'Collect the bank account',
    collectBankAccountBody,
    ({ services, tx, actor, params, body }) =>
      services.billingRequestActions.collectBankAccount(tx, actor, params.id, body),
  ),
  action(
    'confirm_payer_details',
    'Confirm the payer details',
    z.strictObject({ metadata: metadataOnly.shape.metadata, payer_requested_dual_signature: z.boolean().nullish() }),
    ({ services, tx, actor, params, body }) =>
      services.billingRequestActions.confirmPayerDetails(tx, actor, params.id, body),
    { liveRestriction: 'payment_pages' },
  ),
  action(
    'fulfil',
    'Fulfil: create the mandate, payment and the rest',
    metadataOnly,
    ({ services, tx, actor, params, body }) =>
      services.billingRequestActions.fulfil(tx, actor, params.id, body.metadata),
  ),
  action('cancel', 'Cancel the billing request', metadataOnly, ({ services, tx, actor, params, body }) =>
    services.billingRequestActions.cancel(tx, actor, params.id, body),
  ),
  action(
    'notify',
    'E-mail the payer a link to complete the request',
    z.strictObject({ notification_type: z.enum(['email']), redirect_uri: optionalUri(2000) }),
    ({ services, tx, actor, params, body }) => services.billingRequestActions.notify(tx, actor, params.id, body),
    // The mail goes out once the notification is committed; one not sent now is retried by maintenance.
    { afterCommit: ({ services }) => services.deliverNotifications() },
  ),
  action(
    'fallback',
    'Fall back from an instant payment to Direct Debit',
    z.strictObject({}),
    ({ services, tx, actor, params }) => services.billingRequestActions.fallback(tx, actor, params.id),
    { liveRestriction: 'custom_payment_pages' },
  ),
  action(
    'choose_currency',
    'Choose the currency of a mandate-only request',
    z.strictObject({ currency, metadata: metadataOnly.shape.metadata }),
    ({ services, tx, actor, params, body }) =>
      services.billingRequestActions.chooseCurrency(tx, actor, params.id, body),
  ),
  action(
    'select_institution',
    'Attach the payer’s bank',
    z.strictObject({ institution: z.string().min(1).max(100), country_code: z.string().regex(/^[A-Za-z]{2}$/) }),
    ({ services, tx, actor, params, body }) =>
      services.billingRequestActions.selectInstitution(tx, actor, params.id, body),
    { liveRestriction: 'custom_payment_pages' },
  ),
];

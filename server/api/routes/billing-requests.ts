import { z } from 'zod';
import { serializeBillingRequest } from '../../domain/billing-requests/serialize';
import type { BillingRequestView } from '../../domain/billing-requests/view';
import { pageOf } from '../pagination';
import { created, defineRoute, listResult, ok, type ApiResult, type HandlerContext } from '../route';
import { currency, metadataOnly, optionalString } from '../schemas';
import {
  billingRequestListQuery,
  billingRequestWire,
  collectBankAccountBody,
  collectCustomerDetailsBody,
  createBillingRequestBody,
} from './billing-request-schemas';

const common = { tag: 'Billing requests', resourceKey: 'billing_requests', response: billingRequestWire } as const;

const answer = (ctx: { config: { publicUrl: string } }, view: BillingRequestView): ApiResult =>
  ok('billing_requests', serializeBillingRequest(view, { publicUrl: ctx.config.publicUrl }));

/** An action endpoint: POST /billing_requests/:id/actions/<name>, body under `data` (or the resource key). */
function action<B>(
  name: string,
  summary: string,
  body: z.ZodType<B>,
  run: (ctx: HandlerContext<B, unknown>) => Promise<BillingRequestView>,
  extra: { liveRestriction?: 'payment_pages' | 'custom_payment_pages' } = {},
) {
  return defineRoute<B, unknown>({
    ...common,
    ...extra,
    method: 'POST',
    path: `/billing_requests/:id/actions/${name}`,
    operationId: `billingRequest_${name}`,
    summary,
    kind: 'action',
    bodyKeys: ['billing_requests'],
    body,
    async handler(ctx) {
      return answer(ctx, await run(ctx));
    },
  });
}

export const billingRequestRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/billing_requests',
    operationId: 'createBillingRequest',
    summary: 'Create a billing request',
    kind: 'create',
    body: createBillingRequestBody,
    async handler(ctx) {
      const view = await ctx.services.billingRequests.create(ctx.actor, ctx.body, {
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
    list: true,
    query: billingRequestListQuery,
    async handler({ services, config, actor, query }) {
      const page = await services.billingRequests.list(
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
    async handler(ctx) {
      return answer(ctx, await ctx.services.billingRequests.get(ctx.actor, ctx.params.id!));
    },
  }),
  action(
    'collect_customer_details',
    'Collect customer details',
    collectCustomerDetailsBody,
    ({ services, actor, params, body }) => services.billingRequests.collectCustomerDetails(actor, params.id!, body),
  ),
  action(
    'collect_bank_account',
    'Collect the bank account',
    collectBankAccountBody,
    ({ services, actor, params, body }) => services.billingRequests.collectBankAccount(actor, params.id!, body),
  ),
  action(
    'confirm_payer_details',
    'Confirm the payer details',
    z.strictObject({ metadata: metadataOnly.shape.metadata, payer_requested_dual_signature: z.boolean().nullish() }),
    ({ services, actor, params, body }) => services.billingRequests.confirmPayerDetails(actor, params.id!, body),
    { liveRestriction: 'payment_pages' },
  ),
  action(
    'fulfil',
    'Fulfil: create the mandate, payment and the rest',
    metadataOnly,
    ({ services, actor, params, body }) => services.billingRequests.fulfil(actor, params.id!, body.metadata),
  ),
  action('cancel', 'Cancel the billing request', metadataOnly, ({ services, actor, params, body }) =>
    services.billingRequests.cancel(actor, params.id!, body),
  ),
  action(
    'notify',
    'E-mail the payer a link to complete the request',
    z.strictObject({ notification_type: z.enum(['email']), redirect_uri: optionalString(2000) }),
    ({ services, actor, params, body }) => services.billingRequests.notify(actor, params.id!, body),
  ),
  action(
    'fallback',
    'Fall back from an instant payment to Direct Debit',
    z.strictObject({}),
    ({ services, actor, params }) => services.billingRequests.fallback(actor, params.id!),
    { liveRestriction: 'custom_payment_pages' },
  ),
  action(
    'choose_currency',
    'Choose the currency of a mandate-only request',
    z.strictObject({ currency, metadata: metadataOnly.shape.metadata }),
    ({ services, actor, params, body }) => services.billingRequests.chooseCurrency(actor, params.id!, body),
  ),
  action(
    'select_institution',
    'Attach the payer’s bank',
    z.strictObject({ institution: z.string().min(1).max(100), country_code: z.string().regex(/^[A-Za-z]{2}$/) }),
    ({ services, actor, params, body }) => services.billingRequests.selectInstitution(actor, params.id!, body),
    { liveRestriction: 'custom_payment_pages' },
  ),
];

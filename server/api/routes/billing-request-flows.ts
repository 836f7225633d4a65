import { z } from 'zod';
import { flowWire, serializeFlow } from '../wire/flows';
import { CUSTOMER_LANGUAGES } from '../../domain/customers/types';
import { created, defineRoute, ok } from '../route';
import { optionalString, optionalUri } from '../schemas';

const prefilledCustomer = z.strictObject({
  address_line1: optionalString(),
  address_line2: optionalString(),
  address_line3: optionalString(),
  city: optionalString(),
  company_name: optionalString(),
  country_code: optionalString(2),
  danish_identity_number: optionalString(20),
  email: optionalString(254),
  family_name: optionalString(),
  given_name: optionalString(),
  postal_code: optionalString(20),
  region: optionalString(),
  swedish_identity_number: optionalString(20),
});

const createBody = z.strictObject({
  redirect_uri: optionalUri(2000),
  exit_uri: optionalUri(2000),
  language: z.enum(CUSTOMER_LANGUAGES).nullish(),
  lock_bank_account: z.boolean().nullish(),
  lock_currency: z.boolean().nullish(),
  lock_customer_details: z.boolean().nullish(),
  prefilled_customer: prefilledCustomer.nullish(),
  prefilled_bank_account: z.strictObject({ account_type: z.enum(['savings', 'checking']).nullish() }).nullish(),
  show_redirect_buttons: z.boolean().nullish(),
  show_success_redirect_button: z.boolean().nullish(),
  skip_success_screen: z.boolean().nullish(),
  auto_fulfil: z.boolean().nullish(),
  customer_details_captured: z.boolean().nullish(),
  links: z.strictObject({ billing_request: z.string().min(1) }),
});

const common = { tag: 'Billing request flows', resourceKey: 'billing_request_flows', response: flowWire } as const;

export const billingRequestFlowRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/billing_request_flows',
    operationId: 'createBillingRequestFlow',
    summary: 'Create a flow: the hosted page where the payer completes a billing request',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const flow = await services.flows.create(tx, actor, body, { idempotencyKey });
      return created(
        'billing_request_flows',
        serializeFlow(flow, config),
        `${config.publicUrl}/billing_request_flows/${flow.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/billing_request_flows/:id/actions/initialise',
    operationId: 'initialiseBillingRequestFlow',
    summary: 'A fresh session token for a client-side integration',
    kind: 'action',
    status: 200,
    bodyKeys: ['billing_request_flows'],
    async handler({ services, tx, config, actor, params }) {
      const { flow, sessionToken } = await services.flows.initialise(tx, actor, params.id);
      return ok('billing_request_flows', serializeFlow(flow, { publicUrl: config.publicUrl, sessionToken }));
    },
  }),
];

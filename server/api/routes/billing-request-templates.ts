import { z } from 'zod';
import { serializeTemplate, templateWire } from '../wire/billing-request-templates';
import { cursorQuery, pageOf } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { currency, decimalAmount, metadata, optionalString, scheme } from '../schemas';
import { constraints } from './billing-request-schemas';

/** The public API's flat template fields (api-surface.md §2 billing_request_templates). */
const templateFields = {
  name: optionalString(255),
  metadata,
  mandate_request_currency: currency.nullish(),
  mandate_request_scheme: scheme.nullish(),
  mandate_request_description: optionalString(255),
  mandate_request_verify: z.enum(['minimum', 'recommended', 'when_available', 'always']).nullish(),
  mandate_request_metadata: metadata.nullable(),
  mandate_request_constraints: constraints.nullish(),
  payment_request_amount: decimalAmount.nullish(),
  payment_request_currency: currency.nullish(),
  payment_request_description: optionalString(255),
  payment_request_scheme: z.enum(['faster_payments', 'sepa_credit_transfer', 'sepa_instant_credit_transfer']).nullish(),
  payment_request_metadata: metadata.nullable(),
  redirect_uri: optionalString(2000),
};

const createBody = z.strictObject({
  ...templateFields,
  links: z.strictObject({ creditor: z.string().nullish() }).nullish(),
});
const updateBody = z.strictObject(templateFields);

const listQuery = z.strictObject({
  ...cursorQuery,
  payment_request_scheme: z
    .enum(['faster_payments', 'sepa_credit_transfer', 'sepa_instant_credit_transfer'])
    .optional(),
});

const common = {
  tag: 'Billing request templates',
  resourceKey: 'billing_request_templates',
  response: templateWire,
} as const;

export const billingRequestTemplateRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/billing_request_templates',
    operationId: 'createBillingRequestTemplate',
    summary: 'Create a template: a reusable payment link, one billing request per payer who opens it',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const template = await services.billingRequestTemplates.create(tx, actor, body, { idempotencyKey });
      return created(
        'billing_request_templates',
        serializeTemplate(template, config),
        `${config.publicUrl}/billing_request_templates/${template.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/billing_request_templates',
    operationId: 'listBillingRequestTemplates',
    summary: 'List billing request templates',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, config, actor, query }) {
      const page = await services.billingRequestTemplates.list(
        tx,
        actor,
        { paymentRequestScheme: query.payment_request_scheme },
        pageOf(query),
      );
      return listResult('billing_request_templates', page, (row) => serializeTemplate(row, config));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/billing_request_templates/:id',
    operationId: 'getBillingRequestTemplate',
    summary: 'Get a billing request template',
    kind: 'read',
    status: 200,
    async handler({ services, tx, config, actor, params }) {
      const template = await services.billingRequestTemplates.get(tx, actor, params.id);
      return ok('billing_request_templates', serializeTemplate(template, config));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/billing_request_templates/:id',
    operationId: 'updateBillingRequestTemplate',
    summary: 'Update the fields a template names (billing requests already made from it are unchanged)',
    kind: 'update',
    status: 200,
    body: updateBody,
    async handler({ services, tx, config, actor, params, body }) {
      const template = await services.billingRequestTemplates.update(tx, actor, params.id, body);
      return ok('billing_request_templates', serializeTemplate(template, config));
    },
  }),
];

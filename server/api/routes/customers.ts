import { z } from 'zod';
import { customerWire, serializeCustomer } from '../wire/customers';
import { CUSTOMER_LANGUAGES } from '../../domain/customers/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, noContent, ok } from '../route';
import { metadata, optionalNonBlank, optionalString } from '../schemas';

export const customerFields = {
  email: optionalNonBlank(254),
  given_name: optionalNonBlank(),
  family_name: optionalNonBlank(),
  company_name: optionalString(),
  language: z.enum(CUSTOMER_LANGUAGES).nullish(),
  phone_number: optionalString(30),
  address_line1: optionalString(),
  address_line2: optionalString(),
  address_line3: optionalString(),
  city: optionalString(),
  region: optionalString(),
  postal_code: optionalString(20),
  country_code: optionalString(2),
  swedish_identity_number: optionalString(20),
  danish_identity_number: optionalString(20),
  metadata,
};
const customerBody = z.strictObject(customerFields);

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  // Only creation order is indexed for cursors; other sort orders are not offered.
  sort_field: z.enum(['created_at']).optional(),
  sort_direction: z.enum(['desc']).optional(),
});

const common = { tag: 'Customers', resourceKey: 'customers', response: customerWire } as const;

export const customerRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/customers',
    operationId: 'createCustomer',
    summary: 'Create a customer',
    kind: 'create',
    liveRestriction: 'payment_pages',
    body: customerBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const customer = await services.customers.create(tx, actor, body, { idempotencyKey });
      return created('customers', serializeCustomer(customer), `${config.publicUrl}/customers/${customer.id}`);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/customers',
    operationId: 'listCustomers',
    summary: 'List customers',
    kind: 'list',
    list: true,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      return listResult(
        'customers',
        await services.customers.list(tx, actor, { createdAt: query.created_at }, pageOf(query)),
        serializeCustomer,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/customers/:id',
    operationId: 'getCustomer',
    summary: 'Get a customer',
    kind: 'read',
    async handler({ services, tx, actor, params }) {
      return ok('customers', serializeCustomer(await services.customers.get(tx, actor, params.id!)));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/customers/:id',
    operationId: 'updateCustomer',
    summary: 'Update a customer (metadata is replaced whole)',
    kind: 'update',
    body: customerBody,
    async handler({ services, tx, actor, params, body }) {
      return ok('customers', serializeCustomer(await services.customers.updateDetails(tx, actor, params.id!, body)));
    },
  }),
  defineRoute({
    ...common,
    method: 'DELETE',
    path: '/customers/:id',
    operationId: 'removeCustomer',
    summary: 'Remove a customer: erases their personal data and cancels their mandates',
    kind: 'delete',
    async handler({ services, tx, actor, params }) {
      await services.customers.remove(tx, actor, params.id!, (unit, customerId) =>
        services.mandates.cancelAllForCustomer(unit, actor, customerId),
      );
      return noContent();
    },
  }),
];

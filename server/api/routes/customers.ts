import { z } from 'zod';
import { customerWire, serializeCustomer } from '../wire/customers';
import { CUSTOMER_LANGUAGES } from '../../domain/customers/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { currency, metadata, optionalNonBlank, optionalString } from '../schemas';

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
  currency: currency.optional(),
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
    status: 201,
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
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      return listResult(
        'customers',
        await services.customers.list(
          tx,
          actor,
          { createdAt: query.created_at, currency: query.currency },
          pageOf(query),
        ),
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
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('customers', serializeCustomer(await services.customers.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/customers/:id',
    operationId: 'updateCustomer',
    summary: 'Update a customer (metadata is replaced whole)',
    kind: 'update',
    status: 200,
    body: customerBody,
    async handler({ services, tx, actor, params, body }) {
      return ok('customers', serializeCustomer(await services.customers.updateDetails(tx, actor, params.id, body)));
    },
  }),
  defineRoute({
    ...common,
    method: 'DELETE',
    path: '/customers/:id',
    operationId: 'removeCustomer',
    summary: 'Remove a customer: erases their personal data and cancels their mandates',
    kind: 'delete',
    status: 200,
    async handler({ services, tx, actor, params }) {
      // As the real API answers: 200 with the customer as it now is (its personal data erased).
      const removed = await services.customers.remove(tx, actor, params.id, (unit, customerId) =>
        services.mandates.cancelAllForCustomer(unit, actor, customerId),
      );
      return ok('customers', serializeCustomer(removed));
    },
  }),
];

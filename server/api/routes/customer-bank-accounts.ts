import { z } from 'zod';
import { bankAccountWire as accountWire, serializeBankAccount } from '../wire/bank-accounts';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { booleanQuery, metadata, optionalString } from '../schemas';

/** Bank details as every create accepts them (the public API's customer_bank_accounts params). */
export const bankDetailsFields = {
  account_holder_name: optionalString(140),
  account_number: optionalString(34),
  account_number_suffix: optionalString(4),
  account_type: z.enum(['savings', 'checking']).nullish(),
  bank_code: optionalString(20),
  branch_code: optionalString(20),
  country_code: optionalString(2),
  currency: optionalString(3),
  iban: optionalString(42),
  metadata,
};

const createBody = z.strictObject({
  ...bankDetailsFields,
  links: z.strictObject({ customer: z.string().min(1), customer_bank_account_token: z.string().nullish() }),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  customer: z.string().optional(),
  enabled: booleanQuery.optional(),
});

const common = { tag: 'Customer bank accounts', resourceKey: 'customer_bank_accounts', response: accountWire } as const;

export const customerBankAccountRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/customer_bank_accounts',
    operationId: 'createCustomerBankAccount',
    summary: 'Create a customer bank account',
    kind: 'create',
    status: 201,
    liveRestriction: 'payment_pages',
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const { links, ...details } = body;
      const account = await services.bankAccounts.create(
        tx,
        actor,
        { ...details, customerId: links.customer },
        { idempotencyKey },
      );
      return created(
        'customer_bank_accounts',
        serializeBankAccount(account),
        `${config.publicUrl}/customer_bank_accounts/${account.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/customer_bank_accounts',
    operationId: 'listCustomerBankAccounts',
    summary: 'List customer bank accounts',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.bankAccounts.list(
        tx,
        actor,
        { customer: query.customer, enabled: query.enabled, createdAt: query.created_at },
        pageOf(query),
      );
      return listResult('customer_bank_accounts', page, serializeBankAccount);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/customer_bank_accounts/:id',
    operationId: 'getCustomerBankAccount',
    summary: 'Get a customer bank account',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('customer_bank_accounts', serializeBankAccount(await services.bankAccounts.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/customer_bank_accounts/:id',
    operationId: 'updateCustomerBankAccount',
    summary: 'Update a customer bank account (metadata only)',
    kind: 'update',
    status: 200,
    body: z.strictObject({ metadata: metadata.unwrap() }),
    async handler({ services, tx, actor, params, body }) {
      return ok(
        'customer_bank_accounts',
        serializeBankAccount(await services.bankAccounts.updateMetadata(tx, actor, params.id, body.metadata)),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/customer_bank_accounts/:id/actions/disable',
    operationId: 'disableCustomerBankAccount',
    summary: 'Disable a customer bank account (cancels its mandates)',
    kind: 'action',
    status: 200,
    bodyKeys: ['customer_bank_accounts'],
    async handler({ services, tx, actor, params }) {
      return ok(
        'customer_bank_accounts',
        serializeBankAccount(await services.bankAccounts.disable(tx, actor, params.id)),
      );
    },
  }),
];

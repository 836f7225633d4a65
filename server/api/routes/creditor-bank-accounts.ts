import { z } from 'zod';
import { creditorBankAccountWire, serializeCreditorBankAccount } from '../wire/creditor-bank-accounts';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { booleanQuery, metadata, optionalString } from '../schemas';

/** The public API's creditor_bank_accounts create params. */
const createBody = z.strictObject({
  account_holder_name: optionalString(140),
  account_number: optionalString(34),
  account_type: z.enum(['savings', 'checking']).nullish(),
  bank_code: optionalString(20),
  branch_code: optionalString(20),
  country_code: optionalString(2),
  currency: optionalString(3),
  iban: optionalString(42),
  metadata,
  set_as_default_payout_account: z.boolean().nullish(),
  links: z.strictObject({ creditor: z.string().min(1).max(64) }),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  creditor: z.string().max(64).optional(),
  enabled: booleanQuery.optional(),
});

const common = {
  tag: 'Creditor bank accounts',
  resourceKey: 'creditor_bank_accounts',
  response: creditorBankAccountWire,
} as const;

export const creditorBankAccountRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/creditor_bank_accounts',
    operationId: 'createCreditorBankAccount',
    summary: 'Create a creditor bank account (where payouts go)',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const { links, set_as_default_payout_account, ...details } = body;
      const account = await services.creditorBankAccounts.create(
        tx,
        actor,
        { ...details, creditorId: links.creditor, setAsDefaultPayoutAccount: set_as_default_payout_account },
        { idempotencyKey },
      );
      return created(
        'creditor_bank_accounts',
        serializeCreditorBankAccount(account),
        `${config.publicUrl}/creditor_bank_accounts/${account.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/creditor_bank_accounts',
    operationId: 'listCreditorBankAccounts',
    summary: 'List creditor bank accounts',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.creditorBankAccounts.list(
        tx,
        actor,
        { creditor: query.creditor, enabled: query.enabled, createdAt: query.created_at },
        pageOf(query),
      );
      return listResult('creditor_bank_accounts', page, serializeCreditorBankAccount);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/creditor_bank_accounts/:id',
    operationId: 'getCreditorBankAccount',
    summary: 'Get a creditor bank account',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok(
        'creditor_bank_accounts',
        serializeCreditorBankAccount(await services.creditorBankAccounts.get(tx, actor, params.id)),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/creditor_bank_accounts/:id/actions/disable',
    operationId: 'disableCreditorBankAccount',
    summary: 'Disable a creditor bank account (payouts stop going to it)',
    kind: 'action',
    status: 200,
    bodyKeys: ['creditor_bank_accounts'],
    async handler({ services, tx, actor, params }) {
      return ok(
        'creditor_bank_accounts',
        serializeCreditorBankAccount(await services.creditorBankAccounts.disable(tx, actor, params.id)),
      );
    },
  }),
];

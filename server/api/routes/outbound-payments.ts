import { z } from 'zod';
import { OUTBOUND_PAYMENT_STATUSES } from '../../domain/outbound-payments/state';
import {
  outboundPaymentStatsWire,
  outboundPaymentWire,
  paymentAccountTransactionWire,
  serializeOutboundPayment,
  serializeOutboundPaymentStats,
  serializePaymentAccountTransaction,
} from '../wire/outbound-payments';
import { cursorQuery, pageOf } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { amount, isoDate, isoTimestamp, metadata, metadataOnly, optionalString } from '../schemas';

const id = z.string().min(1).max(100);

/** What a payment and a withdrawal both take (reference: create and withdraw). */
const paymentFields = {
  amount,
  scheme: z.enum(['faster_payments']),
  description: optionalString(255),
  // Checked against Faster Payments' 18 characters by the domain, with a field error.
  reference: optionalString(140),
  execution_date: isoDate.nullish(),
  metadata,
};

const createBody = z.strictObject({
  ...paymentFields,
  links: z.strictObject({
    recipient_bank_account: id,
    creditor: id.nullish(),
    outbound_payment_import: id.nullish(),
  }),
});

const withdrawBody = z.strictObject({
  ...paymentFields,
  links: z.strictObject({ creditor: id.nullish() }).nullish(),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  status: z.enum(OUTBOUND_PAYMENT_STATUSES).optional(),
  created_from: isoTimestamp.optional(),
  created_to: isoTimestamp.optional(),
});

const transactionsQuery = z.strictObject({
  ...cursorQuery,
  value_date_from: isoDate,
  value_date_to: isoDate,
  direction: z.enum(['credit', 'debit']).optional(),
});

const common = { tag: 'Outbound payments', resourceKey: 'outbound_payments', response: outboundPaymentWire } as const;
const inputOf = (body: z.output<typeof createBody> | z.output<typeof withdrawBody>) => ({
  amount: body.amount,
  scheme: body.scheme,
  description: body.description,
  reference: body.reference,
  execution_date: body.execution_date,
  metadata: body.metadata,
});

export const outboundPaymentRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/outbound_payments',
    operationId: 'createOutboundPayment',
    summary: 'Send money from the payment account to a customer bank account (Faster Payments)',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, token, body, idempotencyKey }) {
      const payment = await services.outboundPayments.create(
        tx,
        actor,
        { tokenId: token.id },
        body.links,
        inputOf(body),
        { idempotencyKey },
      );
      return created(
        'outbound_payments',
        serializeOutboundPayment(payment),
        `${config.publicUrl}/outbound_payments/${payment.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/outbound_payments/withdrawal',
    operationId: 'withdrawOutboundPayment',
    summary: "Withdraw from the payment account to the creditor's own verified bank account",
    kind: 'action',
    status: 200,
    bodyKeys: ['outbound_payments'],
    body: withdrawBody,
    // An action (the client posts it under `data`): answered 200 like every action, not 201.
    async handler({ services, tx, actor, token, body, idempotencyKey }) {
      const payment = await services.outboundPayments.withdraw(
        tx,
        actor,
        { tokenId: token.id },
        body.links ?? {},
        inputOf(body),
        { idempotencyKey },
      );
      return ok('outbound_payments', serializeOutboundPayment(payment));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/outbound_payments/:id/actions/cancel',
    operationId: 'cancelOutboundPayment',
    summary: 'Cancel an outbound payment that has not started executing',
    kind: 'action',
    status: 200,
    bodyKeys: ['outbound_payments'],
    body: metadataOnly,
    async handler({ services, tx, actor, params, body }) {
      const payment = await services.outboundPayments.cancel(tx, actor, params.id, body.metadata);
      return ok('outbound_payments', serializeOutboundPayment(payment));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/outbound_payments/:id/actions/approve',
    operationId: 'approveOutboundPayment',
    summary: 'Approve an outbound payment pending approval (by another access token than its creator)',
    kind: 'action',
    status: 200,
    bodyKeys: ['outbound_payments'],
    body: z.strictObject({}),
    async handler({ services, tx, actor, token, params }) {
      const payment = await services.outboundPayments.approve(tx, actor, { tokenId: token.id }, params.id);
      return ok('outbound_payments', serializeOutboundPayment(payment));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/outbound_payments/stats',
    operationId: 'outboundPaymentStats',
    summary: 'Count and sum outbound payments per status',
    kind: 'read',
    status: 200,
    response: outboundPaymentStatsWire,
    async handler({ services, tx, actor }) {
      return ok('outbound_payments', serializeOutboundPaymentStats(await services.outboundPayments.stats(tx, actor)));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/outbound_payments',
    operationId: 'listOutboundPayments',
    summary: 'List outbound payments',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.outboundPayments.list(
        tx,
        actor,
        {
          status: query.status,
          createdFrom: query.created_from ? new Date(query.created_from) : undefined,
          createdTo: query.created_to ? new Date(query.created_to) : undefined,
        },
        pageOf(query),
      );
      return listResult('outbound_payments', page, serializeOutboundPayment);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/outbound_payments/:id',
    operationId: 'getOutboundPayment',
    summary: 'Get an outbound payment',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok(
        'outbound_payments',
        serializeOutboundPayment(await services.outboundPayments.get(tx, actor, params.id)),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/outbound_payments/:id',
    operationId: 'updateOutboundPayment',
    summary: 'Update an outbound payment (metadata)',
    kind: 'update',
    status: 200,
    body: metadataOnly,
    async handler({ services, tx, actor, params, body }) {
      const payment = await services.outboundPayments.updateMetadata(tx, actor, params.id, body.metadata);
      return ok('outbound_payments', serializeOutboundPayment(payment));
    },
  }),
];

const transactions = {
  tag: 'Payment account transactions',
  resourceKey: 'payment_account_transactions',
  response: paymentAccountTransactionWire,
} as const;

export const paymentAccountTransactionRoutes = [
  defineRoute({
    ...transactions,
    method: 'GET',
    path: '/payment_account_transactions/:id',
    operationId: 'getPaymentAccountTransaction',
    summary: 'Get a payment account transaction',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      const found = await services.paymentAccountTransactions.get(tx, actor, params.id);
      return ok('payment_account_transactions', serializePaymentAccountTransaction(found));
    },
  }),
  defineRoute({
    ...transactions,
    method: 'GET',
    path: '/payment_accounts/:id/transactions',
    operationId: 'listPaymentAccountTransactions',
    summary: "List a payment account's credits and debits with the balance after each",
    kind: 'list',
    status: 200,
    query: transactionsQuery,
    async handler({ services, tx, actor, params, query }) {
      const page = await services.paymentAccountTransactions.list(
        tx,
        actor,
        params.id,
        { valueDateFrom: query.value_date_from, valueDateTo: query.value_date_to, direction: query.direction },
        pageOf(query),
      );
      return listResult('payment_account_transactions', page, serializePaymentAccountTransaction);
    },
  }),
];

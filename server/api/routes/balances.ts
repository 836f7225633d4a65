import { z } from 'zod';
import { balanceWire, serializeBalance } from '../wire/balances';
import { paymentAccountWire, serializePaymentAccount } from '../wire/payment-accounts';
import { cursorQuery, pageOf } from '../pagination';
import { defineRoute, listResult, ok } from '../route';

/** Where a creditor's money is: its balances, and the payment accounts the service holds it in. */
export const balanceRoutes = [
  defineRoute({
    tag: 'Balances',
    resourceKey: 'balances',
    response: balanceWire,
    method: 'GET',
    path: '/balances',
    operationId: 'listBalances',
    summary: "A creditor's balances per currency, from the ledger (`creditor` is required)",
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery, creditor: z.string().min(1).max(100) }),
    async handler({ services, tx, actor, query }) {
      const balances = await services.balances.list(tx, actor, query.creditor);
      // Three per currency: one page holds them all, so no cursor is ever given.
      const { limit } = pageOf(query);
      return listResult(
        'balances',
        { items: balances, cursors: { before: null, after: null }, limit },
        serializeBalance,
      );
    },
  }),
  defineRoute({
    tag: 'Payment accounts',
    resourceKey: 'payment_accounts',
    response: paymentAccountWire,
    method: 'GET',
    path: '/payment_accounts',
    operationId: 'listPaymentAccounts',
    summary: 'List the payment accounts the service holds for your creditors',
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery }),
    async handler({ services, tx, actor, query }) {
      return listResult(
        'payment_accounts',
        await services.paymentAccounts.list(tx, actor, pageOf(query)),
        serializePaymentAccount,
      );
    },
  }),
  defineRoute({
    tag: 'Payment accounts',
    resourceKey: 'payment_accounts',
    response: paymentAccountWire,
    method: 'GET',
    path: '/payment_accounts/:id',
    operationId: 'getPaymentAccount',
    summary: 'Get a payment account',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('payment_accounts', serializePaymentAccount(await services.paymentAccounts.get(tx, actor, params.id)));
    },
  }),
];

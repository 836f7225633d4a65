import type { Queryable } from '../../db/db';
import type { PayoutItemType } from '../ledger/postings';
import { findPaymentAccount, type PaymentAccountRow } from '../ledger/queries';
import {
  findTransaction,
  listTransactions,
  type TransactionFilters,
  type TransactionRow,
} from '../ledger/transaction-queries';
import { findOutboundPaymentsByIds } from '../outbound-payments/queries';
import type { OutboundPaymentRow } from '../outbound-payments/types';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';

export interface TransactionView {
  id: string;
  amount: number;
  balance_after_transaction: number;
  counterparty_name: string | null;
  currency: string;
  description: string;
  direction: 'credit' | 'debit';
  reference: string | null;
  value_date: string;
  links: { outbound_payment: string | null; payment_bank_account: string; payout: string | null };
}

/** What the money moved for, in the words a statement line uses. */
const DESCRIPTIONS: Record<PayoutItemType, string> = {
  payment_paid_out: 'Payment collected',
  payment_failed: 'Payment failed',
  payment_charged_back: 'Payment charged back',
  payment_refunded: 'Payment refunded',
  refund: 'Refund',
  gocardless_fee: 'Fee',
  app_fee: 'App fee',
  revenue_share: 'Revenue share',
  surcharge_fee: 'Surcharge fee',
  refund_funds_returned: 'Refund returned',
  outbound_payment: 'Outbound payment',
};

function describe(row: TransactionRow, outbound: OutboundPaymentRow | undefined): string {
  if (outbound) {
    const what = outbound.is_withdrawal ? 'Withdrawal' : 'Outbound payment';
    return row.net > 0 ? `${what} returned` : (outbound.description ?? what);
  }
  if (row.item_type) return DESCRIPTIONS[row.item_type];
  return row.payout_id ? 'Payout' : 'Adjustment';
}

/**
 * Payment account transactions (public API `payment_account_transactions`): every credit and
 * debit of a payment account, read from the ledger like its balance (decision 0034).
 */
export function createPaymentAccountTransactionService() {
  async function view(db: Queryable, actor: Actor, account: PaymentAccountRow, rows: TransactionRow[]) {
    const outbound = new Map(
      (
        await findOutboundPaymentsByIds(
          db,
          actor.organisationId,
          rows.flatMap((r) => (r.outbound_payment_id ? [r.outbound_payment_id] : [])),
        )
      ).map((o) => [o.id, o]),
    );
    return rows.map((row): TransactionView => {
      const payment = row.outbound_payment_id ? outbound.get(row.outbound_payment_id) : undefined;
      return {
        id: row.id,
        amount: Math.abs(row.net),
        balance_after_transaction: row.balance_after,
        counterparty_name: payment?.recipient_name ?? null,
        currency: account.currency,
        description: describe(row, payment),
        direction: row.net > 0 ? 'credit' : 'debit',
        reference: payment?.reference ?? null,
        value_date: row.value_date,
        links: { outbound_payment: row.outbound_payment_id, payment_bank_account: account.id, payout: row.payout_id },
      };
    });
  }

  return {
    async get(db: Queryable, actor: Actor, id: string): Promise<TransactionView> {
      const found = await findTransaction(db, actor.organisationId, id);
      if (!found) throw notFound('payment_account_transactions');
      return (await view(db, actor, found.account, [found.transaction]))[0]!;
    },

    async list(
      db: Queryable,
      actor: Actor,
      paymentAccountId: string,
      filters: TransactionFilters,
      page: PageRequest,
    ): Promise<Page<TransactionView>> {
      const account = await findPaymentAccount(db, actor.organisationId, paymentAccountId);
      if (!account) throw notFound('payment_accounts');
      const found = await listTransactions(db, account, filters, page);
      return { ...found, items: await view(db, actor, account, found.items) };
    },
  };
}

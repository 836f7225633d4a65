import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import type { PayoutItemType } from './postings';
import type { PaymentAccountRow } from './queries';

/**
 * Payment account transactions, read from `ledger_entries` (this file and `queries.ts` are the
 * ledger's owners of that table; split to stay under the line limit). A transaction is a posting
 * that changes what a payment account holds — its entries on `confirmed` and `payout_pending`,
 * the same accounts its balance is summed from — so the last transaction's
 * `balance_after_transaction` is the account's balance by construction.
 */
export interface TransactionRow {
  id: string;
  posting_id: string;
  net: number;
  balance_after: number;
  value_date: string;
  created_at: Date;
  payment_id: string | null;
  refund_id: string | null;
  outbound_payment_id: string | null;
  payout_id: string | null;
  item_type: PayoutItemType | null;
}

export interface TransactionFilters {
  valueDateFrom: string;
  valueDateTo: string;
  direction?: 'credit' | 'debit';
}

/** Transaction ids are the posting's ULID under the public API's `PATR` prefix. */
const POSTING_PREFIX = 'LP';
export const TRANSACTION_PREFIX = 'PATR';
export const postingOf = (transactionId: string) =>
  transactionId.startsWith(TRANSACTION_PREFIX) ? POSTING_PREFIX + transactionId.slice(TRANSACTION_PREFIX.length) : null;

/**
 * Every posting of one payment account with its running balance: the window runs over the whole
 * history (a net-zero posting adds nothing), and filters apply outside it, so a page's balances
 * do not depend on the filters.
 */
function transactionsOf(params: Params, account: Pick<PaymentAccountRow, 'creditor_id' | 'currency'>): string {
  const creditor = params.add(account.creditor_id);
  const currency = params.add(account.currency);
  return `(SELECT * FROM (
      SELECT '${TRANSACTION_PREFIX}' || substr(posting_id, ${POSTING_PREFIX.length + 1}) AS id, posting_id, net,
             sum(net) OVER (ORDER BY posting_id)::bigint AS balance_after,
             to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS value_date, created_at,
             payment_id, refund_id, outbound_payment_id, payout_id, item_type
      FROM (
        SELECT posting_id, sum(amount)::bigint AS net, min(created_at) AS created_at,
               max(payment_id) AS payment_id, max(refund_id) AS refund_id,
               max(outbound_payment_id) AS outbound_payment_id,
               max(payout_id) FILTER (WHERE item_type IS NULL) AS payout_id,
               (array_agg(item_type ORDER BY abs(amount) DESC) FILTER (WHERE item_type IS NOT NULL))[1] AS item_type
        FROM ledger_entries
        WHERE creditor_id = ${creditor} AND currency = ${currency} AND account IN ('confirmed', 'payout_pending')
        GROUP BY posting_id
      ) postings
    ) running WHERE net <> 0) transactions`;
}

export async function listTransactions(
  db: Queryable,
  account: Pick<PaymentAccountRow, 'creditor_id' | 'currency'>,
  filters: TransactionFilters,
  page: PageRequest,
): Promise<Page<TransactionRow>> {
  const params = new Params();
  const from = transactionsOf(params, account);
  const where = [
    `value_date >= ${params.add(filters.valueDateFrom)}`,
    `value_date <= ${params.add(filters.valueDateTo)}`,
  ];
  if (filters.direction === 'credit') where.push('net > 0');
  if (filters.direction === 'debit') where.push('net < 0');
  return pageQuery<TransactionRow>(db, { from, where, params }, page);
}

/** The organisation's transaction `id`, with the payment account it belongs to, or undefined. */
export async function findTransaction(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<{ transaction: TransactionRow; account: PaymentAccountRow } | undefined> {
  const postingId = postingOf(id);
  if (!postingId) return undefined;
  const { rows: accounts } = await db.query<PaymentAccountRow>(
    `SELECT * FROM payment_accounts WHERE organisation_id = $1 AND (creditor_id, currency) IN (
       SELECT creditor_id, currency FROM ledger_entries WHERE posting_id = $2 AND organisation_id = $1)`,
    [organisationId, postingId],
  );
  const account = accounts[0];
  if (!account) return undefined;
  const params = new Params();
  const from = transactionsOf(params, account);
  const { rows } = await db.query<TransactionRow>(
    `SELECT * FROM ${from} WHERE posting_id = ${params.add(postingId)}`,
    params.values,
  );
  return rows[0] && { transaction: rows[0], account };
}

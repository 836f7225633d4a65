import { serializePaymentAccountTransaction } from '../../api/wire/outbound-payments';
import type { Queryable } from '../../db/db';
import type { ExportRow } from '../../domain/exports/types';
import type { TransactionFilters } from '../../domain/ledger/transaction-queries';
import type { PaymentAccountView } from '../../domain/payment-accounts/service';
import type { PageRequest } from '../../domain/shared/pagination';
import { actorOf, nestedPage, type Nested, type SourceContext, type TypeSource } from './source';

const TRANSACTION_COLUMNS = [
  'id',
  'value_date',
  'direction',
  'amount',
  'currency',
  'balance_after_transaction',
  'description',
  'reference',
  'counterparty_name',
  'links.payment_bank_account',
  'links.outbound_payment',
  'links.payout',
];

const day = (date: Date) => date.toISOString().slice(0, 10);
/** Transactions are dated by value date: the days the range touches (`to` is exclusive). */
const daysOf = (row: ExportRow) => ({
  first: day(row.created_from),
  last: day(new Date(row.created_to.getTime() - 1)),
});
const dayBefore = (iso: string) => day(new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000));
/** Below every transaction id (`PATR` + ULID): `before` it starts the oldest-first walk. */
const OLDEST = 'PATR';

/**
 * `payment_account_transactions` and `payment_account_statement` (decision 0040): the credits and
 * debits of each of the organisation's payment accounts in the export's currency whose value date
 * falls in the range, read through the transactions service (the same ledger rows as balances).
 *
 * - transactions: newest first, as the API lists them.
 * - statement: per account, an `opening_balance` line (the balance after the last transaction
 *   before the range, 0 when none), the transactions oldest first, then a `closing_balance` line
 *   (the balance after the last one): opening plus credits minus debits is closing.
 */
export function paymentAccountSources({ services, pageSize }: SourceContext) {
  const transactions = (
    db: Queryable,
    row: ExportRow,
    accountId: string,
    filters: TransactionFilters,
    page: PageRequest,
  ) => services.paymentAccountTransactions.list(db, actorOf(row), accountId, filters, page);

  const accounts = (inner: Nested<PaymentAccountView>['inner']): Nested<PaymentAccountView> => ({
    async next(db, row, after) {
      // An organisation has a few accounts (one per creditor and currency): skip the other currencies.
      for (let cursor = after; ;) {
        const page = await services.paymentAccounts.list(db, actorOf(row), { after: cursor ?? undefined, limit: 1 });
        const account = page.items[0];
        if (!account || account.currency === row.currency) return account;
        cursor = account.id;
      }
    },
    find: (db, row, id) => services.paymentAccounts.get(db, actorOf(row), id),
    inner,
  });

  const newestFirst = accounts(async (db, row, account, cursor, limit) => {
    const { first, last } = daysOf(row);
    const page = await transactions(
      db,
      row,
      account.id,
      { valueDateFrom: first, valueDateTo: last },
      { after: cursor ?? undefined, limit },
    );
    return { rows: page.items.map(serializePaymentAccountTransaction), next: page.cursors.after };
  });

  /** Inner cursor: the last transaction written (oldest first) and the balance after it. */
  const statement = accounts(async (db, row, account, cursor, limit) => {
    const { first, last } = daysOf(row);
    const head = { payment_account: account.id, currency: account.currency };
    const rows: Record<string, unknown>[] = [];
    let state: { after: string; balance: number };
    if (cursor) state = JSON.parse(cursor);
    else {
      const before = await transactions(
        db,
        row,
        account.id,
        { valueDateFrom: '0000-01-01', valueDateTo: dayBefore(first) },
        { limit: 1 },
      );
      state = { after: OLDEST, balance: before.items[0]?.balance_after_transaction ?? 0 };
      rows.push({ line: 'opening_balance', ...head, value_date: first, balance_after_transaction: state.balance });
    }
    const page = await transactions(
      db,
      row,
      account.id,
      { valueDateFrom: first, valueDateTo: last },
      { before: state.after, limit: Math.max(1, limit - rows.length) },
    );
    // A `before` page is newest first like every page; the statement reads oldest first.
    for (const item of [...page.items].reverse()) {
      rows.push({ line: 'transaction', ...serializePaymentAccountTransaction(item), payment_account: account.id });
      state = { after: item.id, balance: item.balance_after_transaction };
    }
    if (page.cursors.before) return { rows, next: JSON.stringify(state) };
    rows.push({ line: 'closing_balance', ...head, value_date: last, balance_after_transaction: state.balance });
    return { rows, next: null };
  });

  const nested = (columns: readonly string[], spec: Nested<PaymentAccountView>): TypeSource => ({
    columns,
    page: (db, row, after) => nestedPage(spec, db, row, after, pageSize),
  });

  return {
    payment_account_transactions: nested(TRANSACTION_COLUMNS, newestFirst),
    payment_account_statement: nested(['line', 'payment_account', ...TRANSACTION_COLUMNS], statement),
  } satisfies Record<string, TypeSource>;
}

import type { Queryable } from '../../db/db';
import { findCreditorById } from '../creditors/queries';
import { findPaymentAccount, heldBalances, listPaymentAccounts, type PaymentAccountRow } from '../ledger/queries';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';

/** The service's bank, named on every payment account it holds. */
export const PAYMENT_ACCOUNT_BANK_NAME = 'BANKFLOW CLIENT MONEY';

/**
 * What a payment account holds for its creditor: funds confirmed and not yet paid out, plus a
 * payout on its way (still the service's until the creditor's bank has it). Refunds in flight
 * are owed to payers, no longer the creditor's.
 */
const HELD = ['confirmed', 'payout_pending'] as const;

export interface PaymentAccountView extends PaymentAccountRow {
  account_balance: number;
  account_holder_name: string;
}

/** The spec: transliterated, upper-cased, truncated to 18 characters. */
export function accountHolderName(name: string): string {
  const latin = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return latin
    .toUpperCase()
    .replace(/[^A-Z0-9 &.\-/]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 18)
    .trim();
}

/** Each creditor's account held by the service per currency (made with its first ledger posting). */
export function createPaymentAccountService() {
  async function view(db: Queryable, rows: PaymentAccountRow[]): Promise<PaymentAccountView[]> {
    const held = await heldBalances(db, rows, HELD);
    const names = new Map<string, string>();
    for (const creditorId of new Set(rows.map((r) => r.creditor_id)))
      names.set(creditorId, (await findCreditorById(db, creditorId))?.name ?? '');
    return rows.map((row) => ({
      ...row,
      account_balance: held.get(`${row.creditor_id}/${row.currency}`) ?? 0,
      account_holder_name: accountHolderName(names.get(row.creditor_id) ?? ''),
    }));
  }

  return {
    async get(db: Queryable, actor: Actor, id: string): Promise<PaymentAccountView> {
      const row = await findPaymentAccount(db, actor.organisationId, id);
      if (!row) throw notFound('payment_accounts');
      return (await view(db, [row]))[0]!;
    },

    async list(db: Queryable, actor: Actor, page: PageRequest): Promise<Page<PaymentAccountView>> {
      const found = await listPaymentAccounts(db, actor.organisationId, page);
      return { ...found, items: await view(db, found.items) };
    },
  };
}

import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import { BALANCE_ACCOUNTS, checkPosting, type PostingLine } from './postings';
import { accountBalances, ensurePaymentAccount, insertEntries, type PaymentAccountRow } from './queries';

export interface Posting {
  organisationId: string;
  creditorId: string;
  currency: string;
  lines: readonly PostingLine[];
  /** What the money moved for; payout items link to these. */
  links?: { payment?: string; refund?: string; mandate?: string; payout?: string; outboundPayment?: string };
}

/**
 * Writes one posting. Call it with the transaction of the state move that moves the money, next
 * to its event: the move, its event and its money commit together or not at all.
 */
export async function post(tx: Queryable, ctx: { clock: Clock; ids: IdGenerator }, posting: Posting): Promise<void> {
  checkPosting(posting.lines);
  // Money held for a creditor in a currency is held in its payment account: made with its first posting.
  await ensurePaymentAccount(
    tx,
    paymentAccountFor(ctx, {
      organisation_id: posting.organisationId,
      creditor_id: posting.creditorId,
      currency: posting.currency,
    }),
    ctx.clock.now(),
  );
  const postingId = ctx.ids('ledgerPosting');
  await insertEntries(
    tx,
    posting.lines.map((line) => ({
      id: ctx.ids('ledgerEntry'),
      organisation_id: posting.organisationId,
      creditor_id: posting.creditorId,
      currency: posting.currency,
      posting_id: postingId,
      account: line.account,
      amount: line.amount,
      item_type: line.itemType ?? null,
      payment_id: posting.links?.payment ?? null,
      refund_id: posting.links?.refund ?? null,
      mandate_id: posting.links?.mandate ?? null,
      // The payout's own lines belong to it from the start; items join it when it takes them.
      payout_id: line.itemType ? null : (posting.links?.payout ?? null),
      outbound_payment_id: posting.links?.outboundPayment ?? null,
    })),
    ctx.clock.now(),
  );
}

/**
 * The payment account a creditor's money in a currency would be held in: a fresh id, and an account
 * number ending derived from it (the spec: last 4 digits for NZD accounts, last 2 for others).
 */
export function paymentAccountFor(
  ctx: { ids: IdGenerator },
  owner: { organisation_id: string; creditor_id: string; currency: string },
): Omit<PaymentAccountRow, 'created_at'> {
  const id = ctx.ids('paymentAccount');
  const digits = createHash('sha256').update(id).digest().readUInt32BE(0).toString().padStart(4, '0');
  return { id, ...owner, account_number_ending: digits.slice(owner.currency === 'NZD' ? -4 : -2) };
}

export interface Balance {
  balance_type: keyof typeof BALANCE_ACCOUNTS;
  currency: string;
  amount: number;
  last_updated_at: Date;
}

/** `GET /balances`: each balance type per currency the creditor has money in, from the ledger. */
export async function balancesOf(db: Queryable, creditorId: string): Promise<Balance[]> {
  const types = Object.entries(BALANCE_ACCOUNTS) as [
    Balance['balance_type'],
    (typeof BALANCE_ACCOUNTS)[keyof typeof BALANCE_ACCOUNTS],
  ][];
  const rows = await accountBalances(db, creditorId, Object.values(BALANCE_ACCOUNTS));
  const currencies = [...new Set(rows.map((r) => r.currency))];
  return currencies.flatMap((currency) =>
    types.map(([balance_type, account]) => {
      const row = rows.find((r) => r.currency === currency && r.account === account);
      const latest = rows.filter((r) => r.currency === currency).map((r) => r.last_updated_at.getTime());
      return {
        balance_type,
        currency,
        amount: row?.amount ?? 0,
        last_updated_at: row?.last_updated_at ?? new Date(Math.max(...latest)),
      };
    }),
  );
}

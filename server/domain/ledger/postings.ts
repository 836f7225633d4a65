/**
 * What each movement of money writes to the ledger, as pure data. A posting is a set of lines on
 * one creditor's accounts in one currency that adds up to zero (double entry). Accounts:
 *
 *   payer             the outside world: payers' banks (collections come from it, refunds go to it)
 *   submitted         collections submitted to the banks and not yet confirmed
 *   confirmed         funds confirmed and not yet in a payout: the creditor's balance
 *   refunds_in_flight refunds sent to the banks and not yet paid to the payer
 *   payout_pending    funds in a payout on its way to the creditor's bank
 *   merchant_bank     the creditor's own bank account (payouts paid)
 *   fees              the service's fees
 *   outbound_in_flight outbound payments taken from the balance and not yet executed
 *   recipients        the outside world outbound payments are sent to
 *
 * Lines on `confirmed` carry their payout item type: a payout's items are exactly its entries on
 * `confirmed`, so they always add up to its amount.
 */
export const LEDGER_ACCOUNTS = [
  'payer',
  'submitted',
  'confirmed',
  'refunds_in_flight',
  'payout_pending',
  'merchant_bank',
  'fees',
  'outbound_in_flight',
  'recipients',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const PAYOUT_ITEM_TYPES = [
  'payment_paid_out',
  'payment_failed',
  'payment_charged_back',
  'payment_refunded',
  'refund',
  'gocardless_fee',
  'app_fee',
  'revenue_share',
  'surcharge_fee',
  'refund_funds_returned',
  // Not one of the reference's payout item types: money the creditor sent from its balance by an
  // outbound payment (decision 0034). A payout's items must still add up to its amount.
  'outbound_payment',
] as const;
export type PayoutItemType = (typeof PAYOUT_ITEM_TYPES)[number];

export interface PostingLine {
  account: LedgerAccount;
  /** Minor units; positive adds to the account, negative takes from it. Never zero. */
  amount: number;
  itemType?: PayoutItemType;
}

/** Two lines moving `amount` from one account to another. */
const move = (
  from: LedgerAccount,
  to: LedgerAccount,
  amount: number,
  itemType?: { from?: PayoutItemType; to?: PayoutItemType },
): PostingLine[] => [
  { account: from, amount: -amount, ...(itemType?.from ? { itemType: itemType.from } : {}) },
  { account: to, amount, ...(itemType?.to ? { itemType: itemType.to } : {}) },
];

/** The balance types `GET /balances` answers, and the account each is read from. */
export const BALANCE_ACCOUNTS = {
  confirmed_funds: 'confirmed',
  pending_payouts: 'payout_pending',
  pending_payments_submitted: 'submitted',
} as const satisfies Record<string, LedgerAccount>;

export const postings = {
  paymentSubmitted: (amount: number) => move('payer', 'submitted', amount),
  paymentConfirmed: (amount: number) => move('submitted', 'confirmed', amount, { to: 'payment_paid_out' }),
  /** Failed before confirmation: the submission is undone. */
  paymentFailedSubmitted: (amount: number) => move('submitted', 'payer', amount),
  /** Failed after confirmation (a late failure), before or after it was paid out. */
  paymentFailedLate: (amount: number) => move('confirmed', 'payer', amount, { from: 'payment_failed' }),
  paymentChargedBack: (amount: number) => move('confirmed', 'payer', amount, { from: 'payment_charged_back' }),
  fee: (amount: number) => move('confirmed', 'fees', amount, { from: 'gocardless_fee' }),
  appFee: (amount: number) => move('confirmed', 'fees', amount, { from: 'app_fee' }),
  refundSubmitted: (amount: number) => move('confirmed', 'refunds_in_flight', amount, { from: 'refund' }),
  refundPaid: (amount: number) => move('refunds_in_flight', 'payer', amount),
  /** The payer's bank refused the refund before it was paid: the money is the creditor's again. */
  refundBounced: (amount: number) => move('refunds_in_flight', 'confirmed', amount, { to: 'refund_funds_returned' }),
  /** A paid refund came back from the payer's bank. */
  refundFundsReturned: (amount: number) => move('payer', 'confirmed', amount, { to: 'refund_funds_returned' }),
  /** A payout takes the unpaid confirmed funds (its items) to the creditor's bank. */
  payoutCreated: (amount: number) => move('confirmed', 'payout_pending', amount),
  payoutPaid: (amount: number) => move('payout_pending', 'merchant_bank', amount),
  payoutBounced: (amount: number) => move('payout_pending', 'confirmed', amount),
  /** A payout the creditor's bank sent back after it was paid: the funds are the creditor's balance again. */
  payoutReturned: (amount: number) => move('merchant_bank', 'confirmed', amount),
  /** An outbound payment leaves the balance when it is created (checked against it under the lock). */
  outboundReserved: (amount: number) => move('confirmed', 'outbound_in_flight', amount, { from: 'outbound_payment' }),
  outboundExecuted: (amount: number) => move('outbound_in_flight', 'recipients', amount),
  /** Cancelled or failed before it reached the recipient: the money is the creditor's again. */
  outboundReturned: (amount: number) => move('outbound_in_flight', 'confirmed', amount, { to: 'outbound_payment' }),
} as const;

/** A posting is balanced and has no empty line; the database checks the same at commit. */
export function checkPosting(lines: readonly PostingLine[]): void {
  if (lines.length < 2) throw new Error('a posting has at least two lines');
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) throw new Error(`bad ledger amount ${line.amount}`);
    sum += line.amount;
  }
  if (sum !== 0) throw new Error(`ledger posting does not balance (${sum})`);
}

import { z } from 'zod';
import { HOLDER_MATCH_RESULTS } from '../../domain/account-holder-verifications/sandbox-names';
import { OUTBOUND_PAYMENT_STATUSES } from '../../domain/outbound-payments/state';
import type { OutboundPaymentRow, OutboundPaymentStats } from '../../domain/outbound-payments/types';
import type { TransactionView } from '../../domain/payment-account-transactions/service';
import { linkWire, metadataWire, present, timestamp } from './present';

/** An outbound payment on the wire (public API `outbound_payments`): every field, null when unset (decision 0076). */
export const outboundPaymentWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  amount: z.number().int(),
  currency: z.enum(['GBP']),
  scheme: z.enum(['faster_payments']),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  execution_date: z.string(),
  is_withdrawal: z.boolean(),
  status: z.enum(OUTBOUND_PAYMENT_STATUSES),
  metadata: metadataWire,
  // The recipient's name as its bank answered the confirmation of payee check; null for a
  // withdrawal, which goes to the creditor's own verified account.
  verifications: z
    .strictObject({
      recipient_bank_account_holder_verification: z.strictObject({
        type: z.enum(['confirmation_of_payee']),
        result: z.enum(HOLDER_MATCH_RESULTS),
        actual_account_name: z.string().nullable(),
      }),
    })
    .nullable(),
  links: z.strictObject({
    creditor: linkWire,
    recipient_bank_account: linkWire,
    customer: linkWire.optional(),
    outbound_payment_import: linkWire.optional(),
  }),
});

export function serializeOutboundPayment(row: OutboundPaymentRow): z.output<typeof outboundPaymentWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    amount: row.amount,
    currency: 'GBP',
    scheme: 'faster_payments',
    description: row.description ?? null,
    reference: row.reference ?? null,
    execution_date: row.execution_date,
    is_withdrawal: row.is_withdrawal,
    status: row.status,
    metadata: row.metadata ?? {},
    verifications: row.verification_result
      ? {
          recipient_bank_account_holder_verification: {
            type: 'confirmation_of_payee',
            result: row.verification_result,
            actual_account_name: row.verification_actual_name,
          },
        }
      : null,
    links: present({
      creditor: row.creditor_id,
      recipient_bank_account: row.recipient_bank_account_id,
      customer: row.customer_id,
      outbound_payment_import: row.outbound_payment_import_id,
    }),
  };
}

/** The statuses the real API's stats count: the payments still on their way out. */
const STATS_STATUSES = ['executing', 'pending_approval', 'scheduled'] as const;

/**
 * `GET /outbound_payments/stats`, flat as the real API answers it: `<status>_amount` and
 * `<status>_count` for each of the statuses still on their way out.
 */
export const outboundPaymentStatsWire = z.strictObject(
  Object.fromEntries(
    STATS_STATUSES.flatMap((s) => [
      [`${s}_amount`, z.number().int()],
      [`${s}_count`, z.number().int()],
    ]),
  ) as Record<`${(typeof STATS_STATUSES)[number]}_${'amount' | 'count'}`, z.ZodNumber>,
);

export const serializeOutboundPaymentStats = (stats: OutboundPaymentStats): z.output<typeof outboundPaymentStatsWire> =>
  Object.fromEntries(
    STATS_STATUSES.flatMap((s) => [
      [`${s}_amount`, stats[s].amount],
      [`${s}_count`, stats[s].count],
    ]),
  ) as z.output<typeof outboundPaymentStatsWire>;

/**
 * A credit or debit of a payment account (public API `payment_account_transactions`): every field;
 * `counterparty_name` and `reference` null where the movement has none (a fee, a payout).
 */
export const paymentAccountTransactionWire = z.strictObject({
  id: z.string(),
  amount: z.number().int(),
  balance_after_transaction: z.number().int(),
  counterparty_name: z.string().nullable(),
  currency: z.string(),
  description: z.string(),
  direction: z.enum(['credit', 'debit']),
  reference: z.string().nullable(),
  value_date: z.string(),
  links: z.strictObject({
    payment_bank_account: linkWire,
    outbound_payment: linkWire.optional(),
    payout: linkWire.optional(),
  }),
});

export function serializePaymentAccountTransaction(
  view: TransactionView,
): z.output<typeof paymentAccountTransactionWire> {
  return {
    id: view.id,
    amount: view.amount,
    balance_after_transaction: view.balance_after_transaction,
    counterparty_name: view.counterparty_name ?? null,
    reference: view.reference ?? null,
    currency: view.currency,
    description: view.description,
    direction: view.direction,
    value_date: view.value_date,
    links: present({
      payment_bank_account: view.links.payment_bank_account,
      outbound_payment: view.links.outbound_payment,
      payout: view.links.payout,
    }),
  };
}

import { z } from 'zod';
import { PAYMENT_ACCOUNT_BANK_NAME, type PaymentAccountView } from '../../domain/payment-accounts/service';
import { linkWire } from './present';

/** A creditor's account held by the service in one currency (public API `payment_accounts`). */
export const paymentAccountWire = z.strictObject({
  id: z.string(),
  account_balance: z.number().int(),
  account_holder_name: z.string(),
  account_number_ending: z.string(),
  bank_name: z.string().nullable(),
  currency: z.string().nullable(),
  links: z.strictObject({ creditor: linkWire }),
});

export function serializePaymentAccount(row: PaymentAccountView): z.output<typeof paymentAccountWire> {
  return {
    id: row.id,
    account_balance: row.account_balance,
    account_holder_name: row.account_holder_name,
    account_number_ending: row.account_number_ending,
    bank_name: PAYMENT_ACCOUNT_BANK_NAME,
    currency: row.currency,
    links: { creditor: row.creditor_id },
  };
}

import { isInstantPayment, mandateSpec } from '../../server/domain/billing-requests/actions';
import type { BillingRequestRow } from '../../server/domain/billing-requests/types';
import type { Translate } from '../../i18n/flow';

/**
 * What the payer is agreeing to, in plain words, on every step and the success page (issue #18):
 * whom they pay, what is set up ("£25.00 today", "a Direct Debit for Acme, collected as agreed")
 * and the merchant's reference. Built from the billing request only, so every page can show it.
 */
export interface OrderSummary {
  payee: string;
  lines: string[];
  /** The amount alone ("£25.00", "£10.00 monthly"), for a mandate text's "Amount:"; null when none is set. */
  amount: string | null;
  description: string | null;
  reference: string | null;
}

const UNITS = { weekly: 'summary.weekly', monthly: 'summary.monthly', yearly: 'summary.yearly' } as const;

export function orderSummary(
  request: BillingRequestRow,
  creditorName: string,
  t: Translate,
  /** The locale amounts and dates are written in (`formattingLocale`). */
  locale: string,
): OrderSummary {
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
  // A start date is a calendar date, the same day wherever the payer is.
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const lines: string[] = [];
  const amounts: string[] = [];
  const payment = request.payment_request;
  if (payment) {
    const amount = money(payment.amount, payment.currency);
    amounts.push(amount);
    lines.push(isInstantPayment(request) ? t('summary.today', { amount }) : t('summary.by_direct_debit', { amount }));
  }
  const subscription = request.subscription_request;
  if (subscription && subscription.interval === 1) {
    const amount = money(subscription.amount, subscription.currency);
    const line = subscription.start_date
      ? t(`${UNITS[subscription.interval_unit]}_from`, { amount, date: date(subscription.start_date) })
      : t(UNITS[subscription.interval_unit], { amount });
    amounts.push(line);
    lines.push(line);
  }
  if (mandateSpec(request) && !subscription) lines.push(t('summary.mandate', { creditor: creditorName }));
  return {
    payee: creditorName,
    lines,
    amount: amounts.length ? amounts.join(', ') : null,
    description: payment?.description ?? request.mandate_request?.description ?? null,
    reference: payment?.reference ?? request.mandate_request?.reference ?? null,
  };
}

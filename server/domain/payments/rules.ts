import type { MandateRow } from '../mandates/types';
import { resolveChargeDate } from '../schemes/charge-dates';
import { checkPaymentAmount } from '../schemes/limits';
import { validatePaymentReference } from '../schemes/references';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { FieldIssue } from '../shared/errors';
import type { NewPayment } from './types';

/** The checks a mandate payment must pass; the payment's charge date comes back resolved. */
export function checkMandatePayment(
  mandate: MandateRow,
  input: NewPayment,
  now: Date,
): { chargeDate: string; issues: FieldIssue[] } {
  const scheme = mandate.scheme as Scheme;
  const issues: FieldIssue[] = [];
  if (input.currency !== CURRENCY_OF_SCHEME[scheme])
    issues.push({
      field: 'currency',
      code: 'scheme_currency_mismatch',
      params: { currency: CURRENCY_OF_SCHEME[scheme] },
    });
  const amount = checkPaymentAmount(scheme, input.amount);
  if (amount) issues.push({ field: 'amount', code: amount === 'too_small' ? 'amount_too_small' : 'amount_too_large' });
  if (input.reference && !validatePaymentReference(scheme, input.reference, mandate.reference)) {
    issues.push({ field: 'reference', code: 'invalid_format' });
  }
  const resolved = resolveChargeDate(scheme, input.chargeDate ?? undefined, {
    now,
    mandateActive: mandate.status === 'active',
    faster: Boolean(input.fasterAch),
  });
  if (!resolved.ok)
    issues.push({ field: 'charge_date', code: 'invalid_charge_date', params: { date: resolved.earliest } });
  return { chargeDate: resolved.ok ? resolved.chargeDate : '', issues };
}

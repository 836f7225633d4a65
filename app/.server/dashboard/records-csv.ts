import type { LoaderFunctionArgs } from '@remix-run/node';
import type { CustomerRow } from '../../../server/domain/customers/types';
import type { MandateRow } from '../../../server/domain/mandates/types';
import type { PaymentRow } from '../../../server/domain/payments/types';
import { csvResponse, refuseBadFilter } from './csv';
import { actorOf, signedIn } from './guard';
import {
  customerFilter,
  customerFilters,
  filtersOf,
  mandateFilter,
  mandateFilters,
  paymentFilter,
  paymentFilters,
} from './records';

/**
 * The payments, mandates and customers lists as CSV, each with its list page's filters and search
 * (the same query string), read through the same service query as the page, 500 rows at a time.
 * A mandate names its bank account by id only: no account number is ever written.
 */
const iso = (d: Date) => d.toISOString();

export async function exportPayments(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, paymentFilter);
  refuseBadFilter(bad);
  const filters = paymentFilters(values);
  return csvResponse(
    'payments.csv',
    ['id', 'created_at', 'status', 'amount', 'amount_refunded', 'currency', 'charge_date', 'reference', 'mandate'],
    (page) => args.context.services.payments.list(args.context.services.db, actorOf(who.user), filters, page),
    (p: PaymentRow) => [
      p.id,
      iso(p.created_at),
      p.status,
      p.amount,
      p.amount_refunded,
      p.currency,
      p.charge_date,
      p.reference,
      p.mandate_id,
    ],
  );
}

export async function exportMandates(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, mandateFilter);
  refuseBadFilter(bad);
  const filters = mandateFilters(values);
  return csvResponse(
    'mandates.csv',
    ['id', 'created_at', 'status', 'scheme', 'reference', 'customer', 'customer_bank_account', 'creditor'],
    (page) => args.context.services.mandates.list(args.context.services.db, actorOf(who.user), filters, page),
    (m: MandateRow) => [
      m.id,
      iso(m.created_at),
      m.status,
      m.scheme,
      m.reference,
      m.customer_id,
      m.customer_bank_account_id,
      m.creditor_id,
    ],
  );
}

export async function exportCustomers(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, customerFilter);
  refuseBadFilter(bad);
  const filters = customerFilters(values);
  return csvResponse(
    'customers.csv',
    ['id', 'created_at', 'email', 'given_name', 'family_name', 'company_name', 'country_code', 'language'],
    (page) => args.context.services.customers.list(args.context.services.db, actorOf(who.user), filters, page),
    (c: CustomerRow) => [
      c.id,
      iso(c.created_at),
      c.email,
      c.given_name,
      c.family_name,
      c.company_name,
      c.country_code,
      c.language,
    ],
  );
}

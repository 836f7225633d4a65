import type { BillingRequestView } from '../../../server/domain/billing-requests/view';
import type { InstalmentScheduleRow } from '../../../server/domain/instalment-schedules/types';
import type { PayoutRow } from '../../../server/domain/payouts/types';
import type { RefundRow } from '../../../server/domain/refunds/types';
import type { SubscriptionRow } from '../../../server/domain/subscriptions/types';
import type { DashboardMessageKey } from '../../../i18n/dashboard';

/**
 * How each record looks: its list row (after the id, which links to it), its CSV line and the
 * facts on its page. A cell is text, money in minor units (shown in the reader's language by the
 * page) or a link to another dashboard record.
 */
export type Cell = string | number | null | { amount: number; currency: string } | { href: string; text: string };
export interface Fact {
  label: DashboardMessageKey;
  value: Cell;
}

const at = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const iso = (d: Date) => d.toISOString();
const link = (base: string, id: string | null): Cell => (id ? { href: `/dashboard/${base}/${id}`, text: id } : null);
const sum = (amount: number, currency: string): Cell => ({ amount, currency });

const subscriptions = {
  idOf: (s: SubscriptionRow) => s.id,
  columns: ['records.name', 'records.amount', 'money.interval', 'records.status', 'records.created'],
  cells: (s: SubscriptionRow): Cell[] => [
    s.name,
    sum(s.amount, s.currency),
    `${s.interval} ${s.interval_unit}`,
    s.status,
    at(s.created_at),
  ],
  csvHeader: ['id', 'created_at', 'status', 'name', 'amount', 'currency', 'interval', 'interval_unit', 'mandate'],
  csv: (s: SubscriptionRow) => [
    s.id,
    iso(s.created_at),
    s.status,
    s.name,
    s.amount,
    s.currency,
    s.interval,
    s.interval_unit,
    s.mandate_id,
  ],
  facts: (s: SubscriptionRow): Fact[] => [
    { label: 'records.name', value: s.name },
    { label: 'records.amount', value: sum(s.amount, s.currency) },
    { label: 'money.interval', value: `${s.interval} ${s.interval_unit}` },
    { label: 'money.day_of_month', value: s.day_of_month },
    { label: 'money.start_date', value: s.start_date },
    { label: 'money.end_date', value: s.end_date },
    { label: 'money.count', value: s.count },
    { label: 'records.status', value: s.status },
    { label: 'records.reference', value: s.payment_reference },
    { label: 'records.mandate', value: link('mandates', s.mandate_id) },
    { label: 'records.created', value: at(s.created_at) },
  ],
} as const;

const instalmentSchedules = {
  idOf: (s: InstalmentScheduleRow) => s.id,
  columns: ['records.name', 'money.total', 'records.status', 'records.created'],
  cells: (s: InstalmentScheduleRow): Cell[] => [s.name, sum(s.total_amount, s.currency), s.status, at(s.created_at)],
  csvHeader: ['id', 'created_at', 'status', 'name', 'total_amount', 'currency', 'mandate', 'customer', 'payments'],
  csv: (s: InstalmentScheduleRow) => [
    s.id,
    iso(s.created_at),
    s.status,
    s.name,
    s.total_amount,
    s.currency,
    s.mandate_id,
    s.customer_id,
    s.payment_ids.join(' '),
  ],
  facts: (s: InstalmentScheduleRow): Fact[] => [
    { label: 'records.name', value: s.name },
    { label: 'money.total', value: sum(s.total_amount, s.currency) },
    { label: 'records.status', value: s.status },
    { label: 'records.reference', value: s.payment_reference },
    { label: 'records.mandate', value: link('mandates', s.mandate_id) },
    { label: 'records.customer', value: link('customers', s.customer_id) },
    { label: 'records.created', value: at(s.created_at) },
  ],
} as const;

const refunds = {
  idOf: (r: RefundRow) => r.id,
  columns: ['records.amount', 'records.status', 'money.payment', 'records.reference', 'records.created'],
  cells: (r: RefundRow): Cell[] => [
    sum(r.amount, r.currency),
    r.status,
    link('payments', r.payment_id),
    r.reference,
    at(r.created_at),
  ],
  csvHeader: ['id', 'created_at', 'status', 'amount', 'currency', 'reference', 'payment', 'mandate'],
  csv: (r: RefundRow) => [
    r.id,
    iso(r.created_at),
    r.status,
    r.amount,
    r.currency,
    r.reference,
    r.payment_id,
    r.mandate_id,
  ],
  facts: (r: RefundRow): Fact[] => [
    { label: 'records.amount', value: sum(r.amount, r.currency) },
    { label: 'records.status', value: r.status },
    { label: 'records.reference', value: r.reference },
    { label: 'money.payment', value: link('payments', r.payment_id) },
    { label: 'records.mandate', value: link('mandates', r.mandate_id) },
    { label: 'records.created', value: at(r.created_at) },
  ],
} as const;

const payouts = {
  idOf: (p: PayoutRow) => p.id,
  columns: ['records.amount', 'records.status', 'money.arrival_date', 'records.reference', 'records.created'],
  cells: (p: PayoutRow): Cell[] => [sum(p.amount, p.currency), p.status, p.arrival_date, p.reference, at(p.created_at)],
  csvHeader: [
    'id',
    'created_at',
    'status',
    'amount',
    'deducted_fees',
    'currency',
    'payout_type',
    'reference',
    'arrival_date',
    'creditor',
  ],
  csv: (p: PayoutRow) => [
    p.id,
    iso(p.created_at),
    p.status,
    p.amount,
    p.deducted_fees,
    p.currency,
    p.payout_type,
    p.reference,
    p.arrival_date,
    p.creditor_id,
  ],
  facts: (p: PayoutRow): Fact[] => [
    { label: 'records.amount', value: sum(p.amount, p.currency) },
    { label: 'money.deducted_fees', value: sum(p.deducted_fees, p.currency) },
    { label: 'records.status', value: p.status },
    { label: 'records.reference', value: p.reference },
    { label: 'money.payout_type', value: p.payout_type },
    { label: 'money.arrival_date', value: p.arrival_date },
    { label: 'money.creditor', value: p.creditor_id },
    { label: 'records.created', value: at(p.created_at) },
  ],
} as const;

/** What a billing request asks for, in a word each (`payment 12.50 GBP`, `mandate bacs`). */
const asks = ({ request: r }: BillingRequestView) =>
  [
    r.payment_request ? `payment ${(r.payment_request.amount / 100).toFixed(2)} ${r.payment_request.currency}` : '',
    r.mandate_request ? `mandate ${r.mandate_request.scheme ?? ''}`.trim() : '',
    r.subscription_request ? 'subscription' : '',
    r.instalment_schedule_request ? 'instalment_schedule' : '',
  ]
    .filter(Boolean)
    .join(', ');

const billingRequests = {
  idOf: (v: BillingRequestView) => v.request.id,
  columns: ['money.asks', 'records.status', 'records.email', 'records.created'],
  cells: (v: BillingRequestView): Cell[] => [asks(v), v.request.status, v.customer.email, at(v.request.created_at)],
  csvHeader: ['id', 'created_at', 'status', 'requests', 'customer', 'email', 'mandate', 'payment'],
  csv: (v: BillingRequestView) => [
    v.request.id,
    iso(v.request.created_at),
    v.request.status,
    asks(v),
    v.request.customer_id,
    v.customer.email,
    v.request.mandate_id,
    v.request.payment_id,
  ],
  facts: ({ request: r, customer }: BillingRequestView): Fact[] => [
    { label: 'money.asks', value: asks({ request: r } as BillingRequestView) },
    { label: 'records.status', value: r.status },
    { label: 'records.description', value: r.payment_request?.description ?? null },
    { label: 'records.customer', value: link('customers', r.customer_id) },
    { label: 'records.email', value: customer.email },
    { label: 'records.mandate', value: link('mandates', r.mandate_id) },
    { label: 'money.payment', value: link('payments', r.payment_id) },
    { label: 'money.subscription', value: link('subscriptions', r.subscription_id) },
    { label: 'money.instalment_schedule', value: link('instalment-schedules', r.instalment_schedule_id) },
    { label: 'records.created', value: at(r.created_at) },
  ],
} as const;

export const MONEY_VIEWS = {
  subscriptions,
  'instalment-schedules': instalmentSchedules,
  refunds,
  payouts,
  'billing-requests': billingRequests,
};

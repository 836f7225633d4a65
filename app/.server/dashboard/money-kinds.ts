import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { DashboardUserRow } from '../../../server/domain/dashboard-users/service';
import type { EventLinkFilter } from '../../../server/domain/events/types';
import { BILLING_REQUEST_STATUSES } from '../../../server/domain/billing-requests/types';
import { INSTALMENT_SCHEDULE_STATUSES } from '../../../server/domain/instalment-schedules/types';
import { PAYOUT_STATUSES } from '../../../server/domain/payouts/state';
import { SUBSCRIPTION_STATUSES } from '../../../server/domain/subscriptions/types';
import { CURRENCIES } from '../../../server/domain/shared/money';
import type { Page, PageRequest } from '../../../server/domain/shared/pagination';
import type { DashboardMessageKey } from '../../../i18n/dashboard';
import { createdRange } from './records';
import { MONEY_VIEWS, type Cell, type Fact } from './money-views';
import { actorOf } from './guard';

/**
 * The lists the dashboard shows beside payments, mandates and customers: subscriptions, instalment
 * schedules, refunds, payouts and billing requests. Each kind says how its filters (the API's, as
 * a GET form) become the service's, and how a row looks in the list, the CSV and the detail page
 * (`money-views.ts`); `money-records.ts` runs them all the same way.
 */
export const MONEY_KINDS = ['subscriptions', 'instalment-schedules', 'refunds', 'payouts', 'billing-requests'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

const id = z
  .string()
  .regex(/^[A-Z0-9]{1,40}$/)
  .optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(d)))
  .optional();
const common = { after: id, before: id, from: day, to: day, q: z.string().trim().max(200).optional() };
export type MoneyFilter = Record<string, string | undefined>;

type Context = AppLoadContext;
type User = DashboardUserRow;

/** One kind of record: how it is read, filtered and searched. */
export interface MoneySpec<R> {
  prefix: string;
  link: EventLinkFilter;
  filter: z.ZodType<MoneyFilter>;
  /** The filter form's extra fields: id links typed in, and choices. */
  fields: ('mandate' | 'customer' | 'payment' | 'creditor')[];
  statuses?: readonly string[];
  choices?: { name: string; label: DashboardMessageKey; options: readonly string[] }[];
  searchHint: DashboardMessageKey;
  list: (c: Context, u: User, f: MoneyFilter, page: PageRequest) => Promise<Page<R>>;
  get: (c: Context, u: User, id: string) => Promise<R>;
  idOf: (r: R) => string;
  columns: readonly DashboardMessageKey[];
  cells: (r: R) => Cell[];
  csvHeader: readonly string[];
  csv: (r: R) => readonly (string | number | null)[];
  facts: (r: R) => Fact[];
}

/**
 * A customer's whole email (any case) as their id, for lists filtered by customer: the newest
 * customer with that address (the customers' email index), or a value that matches nothing.
 */
async function customerByEmail(c: Context, u: User, f: MoneyFilter) {
  if (!f.q?.includes('@')) return f.customer;
  const found = await c.services.customers.list(c.services.db, actorOf(u), { email: f.q }, { limit: 1 });
  return found.items[0]?.id ?? 'CU0NOSUCHCUSTOMER';
}

/** A typed-in id of a linked record in the search box, as that link's filter. */
const linkIn = (f: MoneyFilter, prefix: string, given?: string) =>
  f.q && new RegExp(`^${prefix}[A-Z0-9]+$`).test(f.q) ? f.q : given;

const statuses = (f: MoneyFilter) => (f.status ? [f.status] : undefined);

const views = MONEY_VIEWS;

export const MONEY_SPECS = {
  subscriptions: {
    prefix: 'SB',
    link: 'subscription',
    filter: z.object({ ...common, status: z.enum(SUBSCRIPTION_STATUSES).optional(), mandate: id, customer: id }),
    fields: ['mandate', 'customer'],
    statuses: SUBSCRIPTION_STATUSES,
    searchHint: 'money.search.by_customer',
    list: async (c, u, f, page) =>
      c.services.subscriptions.list(
        c.services.db,
        actorOf(u),
        {
          statuses: statuses(f),
          mandate: linkIn(f, 'MD', f.mandate),
          customer: linkIn(f, 'CU', await customerByEmail(c, u, f)),
          createdAt: createdRange(f),
        },
        page,
      ),
    get: (c, u, id) => c.services.subscriptions.get(c.services.db, actorOf(u), id),
    ...views.subscriptions,
  } satisfies MoneySpec<Awaited<ReturnType<Context['services']['subscriptions']['get']>>>,
  'instalment-schedules': {
    prefix: 'IS',
    link: 'instalment_schedule',
    filter: z.object({
      ...common,
      status: z.enum(INSTALMENT_SCHEDULE_STATUSES).optional(),
      mandate: id,
      customer: id,
    }),
    fields: ['mandate', 'customer'],
    statuses: INSTALMENT_SCHEDULE_STATUSES,
    searchHint: 'money.search.by_customer',
    list: async (c, u, f, page) =>
      c.services.instalmentSchedules.list(
        c.services.db,
        actorOf(u),
        {
          statuses: statuses(f),
          mandate: linkIn(f, 'MD', f.mandate),
          customer: linkIn(f, 'CU', await customerByEmail(c, u, f)),
          createdAt: createdRange(f),
        },
        page,
      ),
    get: (c, u, id) => c.services.instalmentSchedules.get(c.services.db, actorOf(u), id),
    ...views['instalment-schedules'],
  } satisfies MoneySpec<Awaited<ReturnType<Context['services']['instalmentSchedules']['get']>>>,
  refunds: {
    prefix: 'RF',
    link: 'refund',
    filter: z.object({ ...common, payment: id, mandate: id, refund_type: z.enum(['payment', 'mandate']).optional() }),
    fields: ['payment', 'mandate'],
    choices: [{ name: 'refund_type', label: 'money.refund_type', options: ['payment', 'mandate'] }],
    searchHint: 'money.search.refunds',
    list: (c, u, f, page) =>
      c.services.refunds.list(
        c.services.db,
        actorOf(u),
        {
          payment: linkIn(f, 'PM', f.payment),
          mandate: linkIn(f, 'MD', f.mandate),
          refundType: f.refund_type as 'payment' | 'mandate' | undefined,
          createdAt: createdRange(f),
        },
        page,
      ),
    get: (c, u, id) => c.services.refunds.get(c.services.db, actorOf(u), id),
    ...views.refunds,
  } satisfies MoneySpec<Awaited<ReturnType<Context['services']['refunds']['get']>>>,
  payouts: {
    prefix: 'PO',
    link: 'payout',
    filter: z.object({
      ...common,
      status: z.enum(PAYOUT_STATUSES).optional(),
      currency: z.enum(CURRENCIES).optional(),
      payout_type: z.enum(['merchant', 'partner']).optional(),
      creditor: id,
    }),
    fields: ['creditor'],
    statuses: PAYOUT_STATUSES,
    choices: [
      { name: 'currency', label: 'money.currency', options: CURRENCIES },
      { name: 'payout_type', label: 'money.payout_type', options: ['merchant', 'partner'] },
    ],
    searchHint: 'money.search.payouts',
    list: (c, u, f, page) =>
      c.services.payouts.list(
        c.services.db,
        actorOf(u),
        {
          status: f.status,
          currency: f.currency,
          payoutType: f.payout_type,
          creditor: f.creditor,
          reference: f.q || undefined,
          createdAt: createdRange(f),
        },
        page,
      ),
    get: (c, u, id) => c.services.payouts.get(c.services.db, actorOf(u), id),
    ...views.payouts,
  } satisfies MoneySpec<Awaited<ReturnType<Context['services']['payouts']['get']>>>,
  'billing-requests': {
    prefix: 'BRQ',
    link: 'billing_request',
    filter: z.object({ ...common, status: z.enum(BILLING_REQUEST_STATUSES).optional(), customer: id }),
    fields: ['customer'],
    statuses: BILLING_REQUEST_STATUSES,
    searchHint: 'money.search.billing_requests',
    list: async (c, u, f, page) =>
      c.services.billingRequests.list(
        c.services.db,
        actorOf(u),
        {
          status: f.status as (typeof BILLING_REQUEST_STATUSES)[number] | undefined,
          customer: linkIn(f, 'CU', await customerByEmail(c, u, f)),
          createdAt: createdRange(f),
        },
        page,
      ),
    get: (c, u, id) => c.services.billingRequests.get(c.services.db, actorOf(u), id),
    ...views['billing-requests'],
  } satisfies MoneySpec<Awaited<ReturnType<Context['services']['billingRequests']['get']>>>,
};

/** The spec of a kind, typed loosely: the runner only passes rows from a kind back to the same kind. */
export const specOf = (kind: MoneyKind) => MONEY_SPECS[kind] as unknown as MoneySpec<unknown>;

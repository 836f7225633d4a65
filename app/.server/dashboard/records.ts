import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { isDomainError } from '../../../server/domain/shared/errors';
import { MANDATE_STATUSES } from '../../../server/domain/mandates/state';
import { PAYMENT_STATUSES } from '../../../server/domain/payments/state';
import type { EventRow } from '../../../server/domain/events/types';
import { actorOf, dashboardError, noStore, signedIn, type SignedIn } from './guard';

/**
 * Payments, mandates and customers: a list (the API's own list query, a cursor on an index, 25 a
 * page, filters as the API's) and a detail page with the resource's events. A search for an id
 * opens that record (another organisation's is 404 there); other words search references, emails
 * or names.
 */
export const PAGE_SIZE = 25;
const cursor = z
  .string()
  .regex(/^[A-Z0-9]{1,40}$/)
  .optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(d)))
  .optional();
const idLike = z
  .string()
  .regex(/^[A-Z0-9]{1,40}$/)
  .optional();
const filterShape = {
  after: cursor,
  before: cursor,
  from: day,
  to: day,
  q: z.string().trim().max(200).optional(),
  mandate: idLike,
  customer: idLike,
};
export const paymentFilter = z.object({ ...filterShape, status: z.enum(PAYMENT_STATUSES).optional() });
export const mandateFilter = z.object({ ...filterShape, status: z.enum(MANDATE_STATUSES).optional() });
export const customerFilter = z.object(filterShape);
export type PaymentFilter = z.infer<typeof paymentFilter>;
type MandateFilter = z.infer<typeof mandateFilter>;
type CustomerFilter = z.infer<typeof customerFilter>;

export const frameOf = (who: SignedIn) => ({
  language: who.language,
  csrf: who.session.csrf,
  email: who.user.email,
  role: who.user.role,
});

/** The query string's filters; empty values are no filter; a bad one is the 400 page's field. */
export function filtersOf<T extends z.ZodTypeAny>(request: Request, schema: T) {
  const entries = [...new URL(request.url).searchParams].filter(([, v]) => v !== '');
  const parsed = schema.safeParse(Object.fromEntries(entries));
  if (parsed.success) return { values: parsed.data as z.infer<T>, bad: [] as string[] };
  return { values: {} as z.infer<T>, bad: parsed.error.issues.map((i) => String(i.path[0])) };
}

/** `from`/`to` days as the API's `created_at[gte]` and `created_at[lt]` (the day after `to`). */
export function createdRange(filter: { from?: string; to?: string }) {
  if (!filter.from && !filter.to) return undefined;
  const lt = filter.to ? new Date(Date.parse(filter.to) + 86_400_000) : undefined;
  return { gte: filter.from ? new Date(filter.from) : undefined, lt };
}

const pageOf = (filter: { after?: string; before?: string }) => ({
  after: filter.after,
  before: filter.after ? undefined : filter.before,
  limit: PAGE_SIZE,
});

const at = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const query = (request: Request) => new URL(request.url).search;

/** The payments' filters as the domain's (also the CSV export's). */
export const paymentFilters = (f: PaymentFilter) => ({
  status: f.status,
  mandate: f.mandate,
  customer: f.customer,
  createdAt: createdRange(f),
  reference: f.q && !/^PM[A-Z0-9]+$/.test(f.q) ? f.q : undefined,
});

/** The mandates' filters as the domain's (also the CSV export's): search is the exact reference. */
export const mandateFilters = (f: MandateFilter) => ({
  statuses: f.status ? [f.status] : undefined,
  customer: f.customer,
  createdAt: createdRange(f),
  reference: f.q || undefined,
});

/** The customers' filters as the domain's (also the CSV export's): a whole email, or the start of a name. */
export const customerFilters = (f: CustomerFilter) => ({
  createdAt: createdRange(f),
  email: f.q?.includes('@') ? f.q : undefined,
  name: f.q && !f.q.includes('@') ? f.q : undefined,
});

async function listPage<R extends { id: string }>(
  args: LoaderFunctionArgs,
  schema: z.ZodTypeAny,
  idPrefix: string,
  base: string,
  read: (
    who: SignedIn,
    filter: Record<string, string | undefined>,
  ) => Promise<{
    items: R[];
    cursors: { before: string | null; after: string | null };
  }>,
  row: (r: R) => Record<string, unknown>,
) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, schema);
  const filter = values as Record<string, string | undefined>;
  if (filter.q && new RegExp(`^${idPrefix}[A-Z0-9]+$`).test(filter.q)) throw redirect(`${base}/${filter.q}`, 303);
  const page = bad.length ? { items: [], cursors: { before: null, after: null } } : await read(who, filter);
  return json(
    { frame: frameOf(who), filter, bad, query: query(args.request), rows: page.items.map(row), cursors: page.cursors },
    { status: bad.length ? 400 : 200, headers: noStore() },
  );
}

export const presentPayments = (args: LoaderFunctionArgs) =>
  listPage(
    args,
    paymentFilter,
    'PM',
    '/dashboard/payments',
    (who, f) =>
      args.context.services.payments.list(
        args.context.services.db,
        actorOf(who.user),
        paymentFilters(f as PaymentFilter),
        pageOf(f),
      ),
    (p) => ({
      id: p.id,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      chargeDate: p.charge_date,
      reference: p.reference,
      created: at(p.created_at),
    }),
  );

export const presentMandates = (args: LoaderFunctionArgs) =>
  listPage(
    args,
    mandateFilter,
    'MD',
    '/dashboard/mandates',
    (who, f) =>
      args.context.services.mandates.list(
        args.context.services.db,
        actorOf(who.user),
        mandateFilters(f as MandateFilter),
        pageOf(f),
      ),
    (m) => ({ id: m.id, status: m.status, scheme: m.scheme, reference: m.reference, created: at(m.created_at) }),
  );

export const presentCustomers = (args: LoaderFunctionArgs) =>
  listPage(
    args,
    customerFilter,
    'CU',
    '/dashboard/customers',
    (who, f) =>
      args.context.services.customers.list(
        args.context.services.db,
        actorOf(who.user),
        customerFilters(f as CustomerFilter),
        pageOf(f),
      ),
    (c) => ({
      id: c.id,
      email: c.email,
      name: [c.given_name, c.family_name].filter(Boolean).join(' ') || c.company_name,
      created: at(c.created_at),
    }),
  );

/** The record, or the 404 page for an unknown id and another organisation's. */
export async function owned<T>(who: SignedIn, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isDomainError(error) && ['resource_not_found', 'customer_data_removed'].includes(error.reason))
      dashboardError(404, who.language, 'not_found');
    throw error;
  }
}

/** A record page's timeline: the latest 50 events that link the record. */
async function latestEvents(
  args: LoaderFunctionArgs,
  who: SignedIn,
  key: 'payment' | 'mandate' | 'customer',
  id: string,
) {
  const { services } = args.context;
  const events = await services.events.list(services.db, actorOf(who.user), { link: { key, id } }, { limit: 50 });
  return timeline(events.items);
}

export const timeline = (events: EventRow[]) =>
  events.map((e) => ({
    id: e.id,
    created: at(e.created_at),
    action: e.action,
    origin: String(e.details.origin ?? ''),
    description: String(e.details.description ?? ''),
    source: e.source ? `${e.source.type}: ${e.source.name ?? ''}` : '',
  }));

export async function presentPayment(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const p = await owned(who, () =>
    args.context.services.payments.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );
  const events = await latestEvents(args, who, 'payment', p.id);
  // The payment's customer is its mandate's: the page links both, and the payout it went out in.
  const mandate = p.mandate_id
    ? await args.context.services.mandates.get(args.context.services.db, actorOf(who.user), p.mandate_id)
    : null;
  const done = new URL(args.request.url).searchParams.get('done');
  return json(
    {
      frame: frameOf(who),
      done: ['cancel', 'retry', 'refund'].includes(done ?? '') ? done : null,
      sandbox: args.context.services.environment === 'sandbox',
      payment: {
        id: p.id,
        amount: p.amount,
        refunded: p.amount_refunded,
        currency: p.currency,
        status: p.status,
        chargeDate: p.charge_date,
        reference: p.reference,
        description: p.description,
        mandate: p.mandate_id,
        customer: mandate?.customer_id ?? null,
        payout: p.payout_id,
        created: at(p.created_at),
      },
      events,
    },
    { headers: noStore() },
  );
}

export async function presentMandate(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const m = await owned(who, () =>
    args.context.services.mandates.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );
  const events = await latestEvents(args, who, 'mandate', m.id);
  return json(
    {
      frame: frameOf(who),
      done: new URL(args.request.url).searchParams.get('done') === 'cancel',
      sandbox: args.context.services.environment === 'sandbox',
      mandate: {
        id: m.id,
        status: m.status,
        scheme: m.scheme,
        reference: m.reference,
        customer: m.customer_id,
        created: at(m.created_at),
      },
      events,
    },
    { headers: noStore() },
  );
}

export async function presentCustomer(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const c = await owned(who, () =>
    args.context.services.customers.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );
  const events = await latestEvents(args, who, 'customer', c.id);
  return json(
    {
      frame: frameOf(who),
      customer: {
        id: c.id,
        email: c.email,
        name: [c.given_name, c.family_name].filter(Boolean).join(' ') || c.company_name,
        country: c.country_code,
        created: at(c.created_at),
      },
      events,
    },
    { headers: noStore() },
  );
}

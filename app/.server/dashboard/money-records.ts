import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { isDomainError } from '../../../server/domain/shared/errors';
import type { PageRequest } from '../../../server/domain/shared/pagination';
import type { InstalmentScheduleRow } from '../../../server/domain/instalment-schedules/types';
import { actorOf, noStore, signedIn, type SignedIn } from './guard';
import { CANCELLABLE, PAUSABLE, RESUMABLE, type CancellableKind, type MoneyAction } from './money-actions';
import { specOf, type MoneyFilter, type MoneyKind } from './money-kinds';
import type { Cell } from './money-views';
import { csvResponse, refuseBadFilter } from './csv';
import { PAGE_SIZE, filtersOf, frameOf, owned, timeline } from './records';

/**
 * Subscriptions, instalment schedules, refunds, payouts and billing requests, all the same way as
 * payments: a list (the service's own cursor query on `(organisation_id, id)`, 25 a page, the API's
 * filters as a GET form, a search box where an id opens the record), a page per record with its
 * events, and the list as filtered streamed as CSV. What differs per kind is in `money-kinds.ts`.
 */
const pageOf = (filter: MoneyFilter) => ({
  after: filter.after,
  before: filter.after ? undefined : filter.before,
  limit: PAGE_SIZE,
});

const NOTHING = { items: [] as never[], cursors: { before: null, after: null } };

/**
 * A page of the list, or nothing when a filter names a record that is not the organisation's (the
 * refunds service looks the payment up first): as a list filtered by another organisation's
 * mandate shows nothing, rather than the API's 404.
 */
async function listOrNothing(
  spec: ReturnType<typeof specOf>,
  args: LoaderFunctionArgs,
  who: SignedIn,
  filter: MoneyFilter,
  page: PageRequest,
) {
  try {
    return await spec.list(args.context, who.user, filter, page);
  } catch (error) {
    if (isDomainError(error) && error.reason === 'resource_not_found') return NOTHING;
    throw error;
  }
}

export async function presentMoneyList(args: LoaderFunctionArgs, kind: MoneyKind) {
  const who = await signedIn(args);
  const spec = specOf(kind);
  const { values, bad } = filtersOf(args.request, spec.filter);
  const filter = values as MoneyFilter;
  if (filter.q && new RegExp(`^${spec.prefix}[A-Z0-9]+$`).test(filter.q))
    throw redirect(`/dashboard/${kind}/${filter.q}`, 303);
  const page = bad.length ? NOTHING : await listOrNothing(spec, args, who, filter, pageOf(filter));
  return json(
    {
      frame: frameOf(who),
      kind,
      filter,
      bad,
      query: new URL(args.request.url).search,
      form: {
        fields: spec.fields,
        statuses: spec.statuses ?? null,
        choices: spec.choices ?? [],
        hint: spec.searchHint,
      },
      columns: spec.columns,
      rows: page.items.map((r) => ({ id: spec.idOf(r), cells: spec.cells(r) })),
      cursors: page.cursors,
    },
    { status: bad.length ? 400 : 200, headers: noStore() },
  );
}

/** What a record's page shows below its facts: a schedule's payments, a payout's items. */
async function extrasOf(args: LoaderFunctionArgs, who: SignedIn, kind: MoneyKind, record: unknown) {
  if (kind === 'instalment-schedules')
    return { payments: (record as InstalmentScheduleRow).payment_ids, items: null, itemsAfter: null };
  if (kind !== 'payouts') return { payments: null, items: null, itemsAfter: null };
  const after = new URL(args.request.url).searchParams.get('items_after') ?? undefined;
  const page = await args.context.services.payouts.items(
    args.context.services.db,
    actorOf(who.user),
    args.params.id ?? '',
    {
      after: after && /^[A-Z0-9]{1,40}$/.test(after) ? after : undefined,
      limit: PAGE_SIZE,
    },
  );
  const items = page.items.map((i) => ({
    id: i.id,
    type: i.item_type,
    amount: { amount: i.amount, currency: i.currency } as Cell,
    record: i.refund_id
      ? ({ href: `/dashboard/refunds/${i.refund_id}`, text: i.refund_id } as Cell)
      : i.payment_id
        ? ({ href: `/dashboard/payments/${i.payment_id}`, text: i.payment_id } as Cell)
        : (i.mandate_id as Cell),
  }));
  return { payments: null, items, itemsAfter: page.after };
}

/** The action just done, for the notice on the record's page (from the redirect's `done`). */
const doneOf = (value: string | null): MoneyAction | null =>
  value === 'cancel' || value === 'pause' || value === 'resume' ? value : null;

export async function presentMoneyRecord(args: LoaderFunctionArgs, kind: MoneyKind) {
  const who = await signedIn(args);
  const spec = specOf(kind);
  const record = await owned(who, () => spec.get(args.context, who.user, args.params.id ?? ''));
  const id = spec.idOf(record);
  const events = await args.context.services.events.list(
    args.context.services.db,
    actorOf(who.user),
    { link: { key: spec.link, id: id } },
    { limit: 50 },
  );
  const shape = record as { status?: string; request?: { status: string } };
  const status = shape.status ?? shape.request?.status;
  const cancellable = kind in CANCELLABLE && CANCELLABLE[kind as CancellableKind].includes(status ?? '');
  return json(
    {
      frame: frameOf(who),
      kind,
      id,
      cancellable,
      pausable: kind === 'subscriptions' && PAUSABLE.includes(status ?? ''),
      resumable: kind === 'subscriptions' && RESUMABLE.includes(status ?? ''),
      sandbox: args.context.services.environment === 'sandbox',
      done: doneOf(new URL(args.request.url).searchParams.get('done')),
      facts: spec.facts(record),
      ...(await extrasOf(args, who, kind, record)),
      events: timeline(events.items),
    },
    { headers: noStore() },
  );
}

/** The list as filtered, as CSV, 500 rows of the same cursor query at a time (`csv.ts`). */
export async function exportMoney(args: LoaderFunctionArgs, kind: MoneyKind) {
  const who = await signedIn(args);
  const spec = specOf(kind);
  const { values, bad } = filtersOf(args.request, spec.filter);
  refuseBadFilter(bad);
  const filter = { ...(values as MoneyFilter), after: undefined, before: undefined };
  return csvResponse(
    `${kind}.csv`,
    spec.csvHeader,
    (page) => listOrNothing(spec, args, who, filter, page),
    (row) => spec.csv(row),
  );
}

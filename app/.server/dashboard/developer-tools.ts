import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { EVENT_RESOURCE_TYPES, type EventLinkFilter, type EventRow } from '../../../server/domain/events/types';
import { SCENARIO_SIMULATORS } from '../../../server/domain/scenarios/simulators';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { csvResponse, refuseBadFilter } from './csv';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, noStore, signedIn } from './guard';
import { PAGE_SIZE, createdRange, filtersOf, frameOf, owned } from './records';

/**
 * Developers' tools beside tokens and webhooks: the events explorer (the API's `GET /events`
 * filters: resource type, action, created from/to, and one record's id, whose prefix says which
 * link it is) and the sandbox's scenario simulators, run by an admin on a record they name.
 */
const LINK_OF_PREFIX: [string, EventLinkFilter][] = [
  ['BRQ', 'billing_request'],
  ['PM', 'payment'],
  ['MD', 'mandate'],
  ['CU', 'customer'],
  ['SB', 'subscription'],
  ['IS', 'instalment_schedule'],
  ['RF', 'refund'],
  ['PO', 'payout'],
  ['CR', 'creditor'],
  ['EV', 'parent_event'],
];
const linkOf = (id: string) => LINK_OF_PREFIX.find(([prefix]) => id.startsWith(prefix))?.[1];

const id = z
  .string()
  .regex(/^[A-Z0-9]{1,40}$/)
  .optional();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(d)))
  .optional();
const eventFilter = z
  .object({
    after: id,
    before: id,
    from: day,
    to: day,
    resource_type: z.enum(EVENT_RESOURCE_TYPES).optional(),
    action: z
      .string()
      .regex(/^[a-z_]{1,100}$/)
      .optional(),
    resource: z
      .string()
      .regex(/^[A-Z0-9]{1,40}$/)
      .refine((v) => linkOf(v) !== undefined)
      .optional(),
  })
  // The API's rule: one record's id or a resource type, not both.
  .refine((f) => !(f.resource && f.resource_type), { path: ['resource'] });

/**
 * The event's own record: `links[<resource_type, singular>]` (a billing request's events link its
 * customer first, a subscription's its mandate), or the first link for a type that names none.
 */
const ownRecord = (e: EventRow): string | null =>
  e.links[e.resource_type.replace(/s$/, '')] ?? Object.values(e.links)[0] ?? null;

const at = (d: Date) => new Date(d).toISOString().slice(0, 16).replace('T', ' ');
const row = (e: EventRow) => ({
  id: e.id,
  created: at(e.created_at),
  resourceType: e.resource_type,
  action: e.action,
  record: ownRecord(e),
  origin: String(e.details.origin ?? ''),
  source: e.source ? `${e.source.type}: ${e.source.name ?? ''}` : '',
});

type EventFilter = z.infer<typeof eventFilter>;

/** The explorer's filters as the API's (also the CSV export's). */
const eventFilters = (f: EventFilter) => ({
  resourceType: f.resource_type,
  action: f.action,
  createdAt: createdRange(f),
  link: f.resource ? { key: linkOf(f.resource)!, id: f.resource } : undefined,
});

export async function presentEvents(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, eventFilter);
  const f = values as EventFilter;
  const page = bad.length
    ? { items: [], cursors: { before: null, after: null } }
    : await args.context.services.events.list(args.context.services.db, actorOf(who.user), eventFilters(f), {
        after: f.after,
        before: f.after ? undefined : f.before,
        limit: PAGE_SIZE,
      });
  return json(
    {
      frame: frameOf(who),
      filter: f,
      bad,
      types: EVENT_RESOURCE_TYPES,
      query: new URL(args.request.url).search,
      rows: page.items.map(row),
      cursors: page.cursors,
    },
    { status: bad.length ? 400 : 200, headers: noStore() },
  );
}

/**
 * The explorer's list as filtered, as CSV (`csv.ts`): what the page shows of each event, and its
 * links as `key=id` pairs. Only what events hold is written, and they hold no secret: token and
 * webhook endpoint changes write no events.
 */
export async function exportEvents(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, eventFilter);
  refuseBadFilter(bad);
  const filters = eventFilters(values as EventFilter);
  return csvResponse(
    'events.csv',
    ['id', 'created_at', 'resource_type', 'action', 'links', 'origin', 'cause', 'description', 'source_type', 'source'],
    (page) => args.context.services.events.list(args.context.services.db, actorOf(who.user), filters, page),
    (e: EventRow) => [
      e.id,
      new Date(e.created_at).toISOString(),
      e.resource_type,
      e.action,
      Object.entries(e.links)
        .map(([key, id]) => `${key}=${id}`)
        .join(' '),
      String(e.details.origin ?? ''),
      String(e.details.cause ?? ''),
      String(e.details.description ?? ''),
      e.source?.type ?? null,
      e.source?.name ?? null,
    ],
  );
}

export async function presentEvent(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const e = await owned(who, () =>
    args.context.services.events.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );
  return json(
    {
      frame: frameOf(who),
      event: { ...row(e), links: e.links, details: JSON.stringify(e.details, null, 2) },
    },
    { headers: noStore() },
  );
}

export const SCENARIOS = Object.keys(SCENARIO_SIMULATORS) as (keyof typeof SCENARIO_SIMULATORS)[];

function simulatorsPage(args: LoaderFunctionArgs, who: Awaited<ReturnType<typeof signedIn>>) {
  const params = new URL(args.request.url).searchParams;
  const done = params.get('done');
  const resource = params.get('resource') ?? '';
  return {
    frame: frameOf(who),
    sandbox: args.context.services.environment === 'sandbox',
    scenarios: SCENARIOS,
    done: done && SCENARIOS.includes(done as never) ? { scenario: done, id: resource } : null,
    values: { scenario: '', resource: /^[A-Z0-9]{1,40}$/.test(resource) ? resource : '' },
  };
}

export async function presentSimulators(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json(
    { ...simulatorsPage(args, who), errors: [] as { field: string; message: string }[] },
    {
      headers: noStore(),
    },
  );
}

const simulatorForm = z.object({
  scenario: z.enum(SCENARIOS as [string, ...string[]], { message: 'sim.scenario_required' }),
  resource: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,40}$/, 'sim.resource_required'),
});

/** Runs a scenario as the signed-in admin: its events name them as their source. */
export async function submitSimulator(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const t = dashboardTranslator(who.language);
  const values = { scenario: String(who.form.get('scenario') ?? ''), resource: String(who.form.get('resource') ?? '') };
  const page = { ...simulatorsPage(args, who), values };
  const parsed = simulatorForm.safeParse(values);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: t(i.message as 'sim.run') }));
    return json({ ...page, errors }, { status: 400, headers: noStore() });
  }
  try {
    await write(args.context, (tx) =>
      args.context.services.scenarios.run(tx, actorOf(who.user), parsed.data.scenario, parsed.data.resource),
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The API's answer for a record that is not the organisation's (or not of the scenario's kind).
    const notFound = ['resource_not_found', 'link_not_found'].includes(error.reason);
    const message = notFound ? t('sim.not_found') : t('sim.refused', { reason: error.reason });
    return json(
      { ...page, errors: [{ field: notFound ? 'resource' : 'scenario', message }] },
      { status: notFound ? 404 : 422, headers: noStore() },
    );
  }
  const done = new URLSearchParams({ done: parsed.data.scenario, resource: parsed.data.resource });
  return redirect(`/dashboard/developers/simulators?${done.toString()}`, { status: 303, headers: noStore() });
}

import { SCENARIO_SIMULATORS, isSimulatorId } from '../../domain/scenarios/simulators';
import type { ApiConnection } from './connection';
import { record, table, type Column } from './table';

type Row = Record<string, unknown>;
type Print = (human: string, data: unknown) => void;

/** What the API commands read of the command line (`eventAction` is `events list --action`). */
export interface ApiCommand {
  group: string;
  action?: string;
  target?: string;
  status?: string;
  customer?: string;
  mandate?: string;
  limit?: string;
  after?: string;
  scheme?: string;
  amount?: string;
  currency?: string;
  description?: string;
  'resource-type'?: string;
  eventAction?: string;
}

interface ResourceSpec {
  path: string;
  key: string;
  columns: Column[];
  /** The flags its list passes on as filters. */
  filters: (keyof ApiCommand)[];
}

const links = (row: Row) => (row.links ?? {}) as Row;

const RESOURCES: Record<string, ResourceSpec> = {
  payments: {
    path: '/payments',
    key: 'payments',
    columns: [
      ['id', (r) => r.id],
      ['status', (r) => r.status],
      ['amount', (r) => `${r.amount} ${r.currency}`],
      ['charge date', (r) => r.charge_date],
      ['mandate', (r) => links(r).mandate],
      ['description', (r) => r.description],
    ],
    filters: ['status', 'customer', 'mandate'],
  },
  mandates: {
    path: '/mandates',
    key: 'mandates',
    columns: [
      ['id', (r) => r.id],
      ['status', (r) => r.status],
      ['scheme', (r) => r.scheme],
      ['reference', (r) => r.reference],
      ['customer', (r) => links(r).customer],
      ['created at', (r) => r.created_at],
    ],
    filters: ['status', 'customer'],
  },
  customers: {
    path: '/customers',
    key: 'customers',
    columns: [
      ['id', (r) => r.id],
      ['name', (r) => [r.given_name, r.family_name].filter(Boolean).join(' ') || r.company_name],
      ['email', (r) => r.email],
      ['created at', (r) => r.created_at],
    ],
    filters: [],
  },
  'billing-requests': {
    path: '/billing_requests',
    key: 'billing_requests',
    columns: [
      ['id', (r) => r.id],
      ['status', (r) => r.status],
      ['customer', (r) => links(r).customer],
      ['created at', (r) => r.created_at],
    ],
    filters: ['status', 'customer'],
  },
};

export const EVENT_COLUMNS: Column[] = [
  ['id', (r) => r.id],
  ['created at', (r) => r.created_at],
  ['resource', (r) => r.resource_type],
  ['action', (r) => r.action],
  // The event's own resource: `links[<singular of resource_type>]`.
  ['resource id', (r) => links(r)[String(r.resource_type).replace(/s$/, '')]],
];

export class UsageProblem extends Error {}

const query = (params: Record<string, string | undefined>) => {
  const given = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return given.length ? `?${new URLSearchParams(given).toString()}` : '';
};

/** Where the next page starts, for people (a script reads `meta.cursors.after` from --json). */
const more = (page: { meta?: { cursors?: { after?: string | null } } }) =>
  page.meta?.cursors?.after ? `\n(more: --after ${page.meta.cursors.after})` : '';

async function list(api: ApiConnection, spec: ResourceSpec, command: ApiCommand, print: Print) {
  const filters = Object.fromEntries(spec.filters.map((flag) => [flag, command[flag] as string | undefined]));
  const page = await api.request<Row>(
    'GET',
    spec.path + query({ ...filters, limit: command.limit, after: command.after }),
  );
  const rows = page[spec.key] as Row[];
  print(rows.length ? table(rows, spec.columns) + more(page) : `No ${command.group.replace('-', ' ')}.`, page);
}

async function get(api: ApiConnection, spec: ResourceSpec, id: string | undefined, print: Print) {
  if (!id) throw new UsageProblem(`an id is required (e.g. ${spec.key === 'payments' ? 'PM…' : 'MD…'})`);
  const answer = await api.request<Row>('GET', `${spec.path}/${encodeURIComponent(id)}`);
  print(record(answer[spec.key] as Row), answer);
}

/** `billing-requests create`: a mandate request (`--scheme`), a payment request (`--amount --currency`), or both. */
async function createBillingRequest(api: ApiConnection, command: ApiCommand, print: Print) {
  if (!command.scheme && !command.amount)
    throw new UsageProblem('name a mandate (--scheme bacs), a payment (--amount 1000 --currency GBP), or both');
  if (command.amount && !/^[1-9]\d*$/.test(command.amount))
    throw new UsageProblem('--amount is in minor units: a whole number above 0 (1000 is £10.00)');
  if (command.amount && !command.currency) throw new UsageProblem('--currency is required with --amount');
  const body = {
    billing_requests: {
      ...(command.scheme ? { mandate_request: { scheme: command.scheme } } : {}),
      ...(command.amount
        ? {
            payment_request: {
              amount: Number(command.amount),
              currency: command.currency,
              ...(command.description ? { description: command.description } : {}),
            },
          }
        : {}),
      ...(command.customer ? { links: { customer: command.customer } } : {}),
    },
  };
  const answer = await api.request<Row>('POST', '/billing_requests', body);
  const created = answer.billing_requests as Row;
  print(`Created billing request ${created.id} (${created.status}).`, answer);
}

/** Every scenario simulator and the resource it runs on: `trigger --help`. */
export const TRIGGER_HELP = `  trigger <scenario> [resource id]               run a sandbox scenario simulator on a resource
                                                 (a creditor scenario without an id: your creditor)
    scenarios:
${Object.entries(SCENARIO_SIMULATORS)
  .map(
    ([id, simulator]) =>
      `      ${id.padEnd(59)}on ${simulator.resource === 'mandate_transfers' ? 'mandates' : simulator.resource}`,
  )
  .join('\n')}`;

async function trigger(api: ApiConnection, command: ApiCommand, print: Print) {
  const scenario = command.action;
  if (!scenario) throw new UsageProblem('name a scenario (npm run cli -- trigger --help lists them)');
  if (!isSimulatorId(scenario))
    throw new UsageProblem(`no scenario ${scenario} (npm run cli -- trigger --help lists them)`);
  let resource = command.target;
  if (!resource && SCENARIO_SIMULATORS[scenario].resource === 'creditors') {
    const creditors = (await api.request<Row>('GET', '/creditors?limit=2')).creditors as Row[];
    if (creditors.length !== 1) throw new UsageProblem('name the creditor (CR…): the organisation has more than one');
    resource = String(creditors[0]!.id);
  }
  if (!resource)
    throw new UsageProblem(`${scenario} runs on one of your ${SCENARIO_SIMULATORS[scenario].resource}: give its id`);
  const answer = await api.request<Row>('POST', `/scenario_simulators/${scenario}/actions/run`, {
    data: { links: { resource } },
  });
  print(`Ran ${scenario} on ${resource}.`, { ...answer, resource });
}

/** The commands that go over the API, by group: resources, `events list`, `trigger`. */
export async function runResourceCommand(api: ApiConnection, command: ApiCommand, print: Print): Promise<number> {
  if (command.group === 'trigger') {
    await trigger(api, command, print);
    return 0;
  }
  if (command.group === 'events' && command.action === 'list') {
    const page = await api.request<Row>(
      'GET',
      '/events' +
        query({
          resource_type: command['resource-type'],
          action: command.eventAction,
          limit: command.limit,
          after: command.after,
        }),
    );
    const events = page.events as Row[];
    print(events.length ? table(events, EVENT_COLUMNS) + more(page) : 'No events.', page);
    return 0;
  }
  const spec = RESOURCES[command.group];
  if (!spec) throw new UsageProblem(`unknown command: ${command.group} ${command.action ?? ''}`.trim());
  if (command.action === 'list') await list(api, spec, command, print);
  else if (command.action === 'get') await get(api, spec, command.target, print);
  else if (command.action === 'create' && command.group === 'billing-requests')
    await createBillingRequest(api, command, print);
  else throw new UsageProblem(`unknown command: ${command.group} ${command.action ?? ''}`.trim());
  return 0;
}

import type { parseArgs } from 'node:util';
import type { CLI_OPTIONS } from '../options';
import { connect } from './connection';
import { listen, tailEvents } from './follow';
import { listLogs, LOGS_HELP, tailLogs } from './logs';
import { runResourceCommand, TRIGGER_HELP } from './resources';

/** The merchants' and integrators' commands: over the API, to a server running here or elsewhere. */
export const API_HELP = `  payments list [--status <status>] [--customer <CU…>] [--mandate <MD…>] [--limit <n>] [--after <PM…>]
  payments get <PM…>
  mandates list [--status <status>] [--customer <CU…>] [--limit <n>] [--after <MD…>]
  mandates get <MD…>
  customers list [--limit <n>] [--after <CU…>]
  customers get <CU…>
  billing-requests create [--scheme <bacs…>] [--amount <minor units> --currency <GBP…>] [--description <text>]
                          [--customer <CU…>]   a mandate request, a payment request, or both
  billing-requests list [--status <status>] [--customer <CU…>] [--limit <n>] [--after <BRQ…>]
  billing-requests get <BRQ…>
  events list [--resource-type <payments…>] [--action <created…>] [--limit <n>] [--after <EV…>]
  events tail [--resource-type <payments…>] [--action <created…>]
                                                 print new events as they come (Ctrl-C to stop)
  listen --forward-to <URL>                      deliver new events to URL as signed webhooks (Ctrl-C to stop)
${LOGS_HELP}
${TRIGGER_HELP}`;

export const CONNECTION_HELP = `  --url <https://…>     the server (or BANKFLOW_URL)
  --token <token>       an access token (or BANKFLOW_ACCESS_TOKEN)
  --cacert <file>       the server's certificate (default: DATA_DIR/tls/cert.pem if there, or NODE_EXTRA_CA_CERTS)`;

export /** The groups that go over the API; every other group opens the store. */
const API_GROUPS = new Set([
  'payments',
  'mandates',
  'customers',
  'billing-requests',
  'events',
  'listen',
  'logs',
  'trigger',
]);

type Print = (human: string, data: unknown) => void;

type Values = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof CLI_OPTIONS }>
>['values'];

/** A command over the API: one connection for its run, closed at its end. */
export async function runOverApi(
  group: string,
  action: string | undefined,
  target: string | undefined,
  values: Values,
  print: Print,
  json: boolean,
): Promise<number> {
  const api = connect({ url: values.url, token: values.token, cacert: values.cacert });
  const warn = (line: string) => process.stderr.write(`${line}\n`);
  try {
    if (group === 'listen') return await listen(api, values['forward-to'], print, warn);
    if (group === 'logs' && action === 'tail') return await tailLogs(api, { status: values.status }, json, warn);
    if (group === 'logs' && action === 'list')
      return await listLogs(api, { status: values.status, limit: values.limit, after: values.after }, print);
    if (group === 'events' && action === 'tail')
      return await tailEvents(api, { resourceType: values['resource-type'], action: values.action }, json, warn);
    return await runResourceCommand(
      api,
      {
        group,
        action,
        target,
        status: values.status,
        customer: values.customer,
        mandate: values.mandate,
        limit: values.limit,
        after: values.after,
        scheme: values.scheme,
        amount: values.amount,
        currency: values.currency,
        description: values.description,
        'resource-type': values['resource-type'],
        eventAction: values.action,
      },
      print,
    );
  } finally {
    api.close();
  }
}

import { parseArgs } from 'node:util';
import { loadBankDetailsKey } from '../bank-details-key';
import { ConfigError, loadConfig } from '../config';
import { createServices } from '../container';
import { DataDirLockedError } from '../db/lock';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { recordedPublicUrl } from '../domain/server-facts/queries';
import { systemClock } from '../domain/shared/clock';
import { isDomainError } from '../domain/shared/errors';
import { createLogger } from '../logger';
import { LIMITS_HELP, runLimitsCommand } from './limits';
import { RATES_HELP, runRatesCommand } from './rates';
import { runSandboxFundsCommand, SANDBOX_FUNDS_HELP } from './sandbox-funds';
import { runSchemeIdentifiersCommand, SCHEME_IDENTIFIERS_HELP } from './scheme-identifiers';
import { JWKS_HELP, runJwksCommand } from './jwks';
import { PAYER_AUTHORISATIONS_HELP, runPayerAuthorisationsCommand } from './payer-authorisations';
import { FEES_HELP, runFeesCommand } from './fees';
import { runWebhooksCommand, WEBHOOKS_HELP } from './webhooks';
import { DROPIN_ORIGINS_HELP, runDropinOriginsCommand } from './dropin-origins';
import { runUsersCommand, USERS_HELP } from './users';
import { MAILBOX_HELP, runMailboxCommand } from './mailbox';
import { EXPORTS_HELP, runExportsCommand } from './exports';
import { CLI_OPTIONS } from './options';
import { listLogs, LOGS_HELP, tailLogs } from './api/logs';
import { heldByServerLine, refuseGuessedStore, StoreNotFoundError } from './store';
import { ApiCommandError, connect } from './api/connection';
import { listen, tailEvents } from './api/follow';
import { runResourceCommand, TRIGGER_HELP, UsageProblem } from './api/resources';
import { bashCompletion, groupHelp } from './help';

/**
 * `npm run cli -- <command>`: merchants' and integrators' commands over the API (`api/`: the
 * server's address and a token from flags or the environment), and operator tasks against the
 * configured store (DATABASE_URL, or the PGlite in DATA_DIR — locked while the server runs: such a
 * command then says how instead). A store it would have to make is refused (`store.ts`).
 */
const API_HELP = `  payments list [--status <status>] [--customer <CU…>] [--mandate <MD…>] [--limit <n>] [--after <PM…>]
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

const CONNECTION_HELP = `  --url <https://…>     the server (or BANKFLOW_URL)
  --token <token>       an access token (or BANKFLOW_ACCESS_TOKEN)
  --cacert <file>       the server's certificate (default: DATA_DIR/tls/cert.pem if there, or NODE_EXTRA_CA_CERTS)`;

const HELP = `Usage: npm run cli -- <command> [options]

Over the API (the server running, here or elsewhere):
${API_HELP}
${CONNECTION_HELP}

On the store (DATABASE_URL, or DATA_DIR's embedded store with the server stopped):
  migrate                                        apply pending migrations
  organisations create --name <name>             create an organisation
  organisations list
  organisations approve <OR…> [--payment-pages] [--white-label] [--custom-payment-pages] [--revoke]
                                                 live approvals (spec: Restrictions in live)
  creditors create --organisation <OR…> --name <name> [--country GB] [--type company]
  creditors list --organisation <OR…>
  tokens create --organisation <OR…> [--scope read_write|read_only] [--name <name>]
                                                 prints the token once; only its hash is stored
  tokens list [--organisation <OR…>]
  tokens disable <AT…>                           stop a token working (can be enabled again)
  tokens enable <AT…>
  tokens revoke <AT…>                            stop a token working for good
${WEBHOOKS_HELP}
${LIMITS_HELP}
${RATES_HELP}
${SANDBOX_FUNDS_HELP}
${SCHEME_IDENTIFIERS_HELP}
${JWKS_HELP}
${PAYER_AUTHORISATIONS_HELP}
${FEES_HELP}
${DROPIN_ORIGINS_HELP}
${USERS_HELP}
${MAILBOX_HELP}
${EXPORTS_HELP}

  completion bash                                a bash completion script: source <(npm run cli --silent -- completion bash)

Options: --json prints machine-readable output; <command> --help shows one group's commands.`;

/** The groups that go over the API; every other group opens the store. */
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

async function run(argv: string[], print: Print): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: CLI_OPTIONS,
  });
  const [group, action, target] = positionals;
  if (!group) {
    print(HELP, { help: HELP });
    return values.help ? 0 : 1;
  }
  if (values.help) {
    const help = groupHelp(HELP, group);
    if (!help) throw new UsageError(`unknown command: ${group}`);
    print(API_GROUPS.has(group) ? `${help}\n\nThe server and token:\n${CONNECTION_HELP}` : help, { help });
    return 0;
  }
  if (group === 'completion') {
    if (action !== 'bash') throw new UsageError('completion bash is the one shell so far');
    process.stdout.write(`${bashCompletion(HELP)}\n`);
    return 0;
  }
  if (API_GROUPS.has(group)) return runOverApi(group, action, target, values, print);

  const config = loadConfig();
  refuseGuessedStore(config);
  const db = await openDatabase(config).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) throw new HeldStoreError(heldByServerLine(error, positionals.join(' ')));
    throw error;
  });
  try {
    if (group === 'migrate') {
      const applied = await migrate(db);
      print(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to apply.', { applied });
      return 0;
    }
    await migrate(db);
    // Links go on the server's address: its recorded PUBLIC_URL, unless this shell names one.
    const publicUrl =
      process.env.PUBLIC_URL || process.env.PORT
        ? config.publicUrl
        : ((await recordedPublicUrl(db)) ?? config.publicUrl);
    const services = createServices({
      db,
      clock: systemClock,
      logger: createLogger('warn'),
      environment: config.environment,
      publicUrl,
      bankDetailsKey: loadBankDetailsKey(config.bankDetailsKey, config.dataDir),
      webhookAllowLoopback: config.webhookAllowLoopback,
    });
    const need = (value: string | undefined, flag: string) => {
      if (!value) throw new UsageError(`${flag} is required`);
      return value;
    };

    if (group === 'jwks') {
      const command = {
        action,
        organisation: values.organisation,
        file: values.file,
        url: values.url,
        timeoutMs: config.jwksFetchTimeoutMs,
      };
      return await runJwksCommand(command, services, print, (message) => new UsageError(message));
    }

    if (group === 'webhooks') {
      const command = { action, target, organisation: values.organisation, url: values.url };
      return await runWebhooksCommand(command, services, print, (message) => new UsageError(message));
    }

    if (group === 'limits') {
      const command = {
        action,
        creditor: values.creditor,
        currency: values.currency,
        limit: values.limit,
        revoke: values.revoke,
      };
      return await runLimitsCommand(command, services, db, print, (message) => new UsageError(message));
    }

    if (group === 'rates') {
      const command = { action, source: values.source, target: values.target, rate: values.rate };
      return await runRatesCommand(command, services, db, print, (message) => new UsageError(message));
    }

    if (group === 'scheme-identifiers') {
      return await runSchemeIdentifiersCommand(
        action,
        target,
        services,
        db,
        print,
        (message) => new UsageError(message),
      );
    }

    if (group === 'sandbox-funds') {
      const command = { action, bankAccount: values['bank-account'], amount: values.amount };
      return await runSandboxFundsCommand(command, services, db, print, (message) => new UsageError(message));
    }

    if (group === 'dropin-origins') {
      const command = { action, organisation: values.organisation, origin: target };
      return await runDropinOriginsCommand(command, services, db, print, (message) => new UsageError(message));
    }

    if (group === 'payer-authorisations') {
      return await runPayerAuthorisationsCommand(action, target, services, print, (message) => new UsageError(message));
    }

    if (group === 'exports') {
      return await runExportsCommand({ action, ...values }, services, db, print, (m) => new UsageError(m));
    }

    if (group === 'users') {
      const command = { action, organisation: values.organisation, email: values.email };
      return await runUsersCommand(command, services, print, (message) => new UsageError(message));
    }

    if (group === 'mailbox' || group === 'notices') {
      const command = {
        group,
        action,
        target,
        limit: values.limit,
        html: values.html,
        organisation: values.organisation,
        status: values.status,
        creditor: values.creditor,
        type: values.type,
        revoke: values.revoke,
      };
      return await runMailboxCommand(command, db, print, (message) => new UsageError(message));
    }

    if (group === 'fees') {
      const command = {
        action,
        organisation: values.organisation,
        percentBps: values['percent-bps'],
        fixed: values.fixed,
        cap: values.cap,
      };
      return await runFeesCommand(command, services, print, (message) => new UsageError(message));
    }

    switch (`${group} ${action ?? ''}`.trim()) {
      case 'organisations create': {
        const org = await db.transaction((tx) => services.access.createOrganisation(tx, need(values.name, '--name')));
        print(`Created organisation ${org.id} (${org.name})`, org);
        return 0;
      }
      case 'organisations list': {
        const orgs = await services.access.listOrganisations(db);
        print(
          orgs.map((o) => `${o.id}  ${o.name}${o.disabled_at ? '  (disabled)' : ''}`).join('\n') || 'No organisations.',
          orgs,
        );
        return 0;
      }
      case 'organisations approve': {
        // Each flag names an approval to grant (or, with --revoke, to take back).
        const grant = !values.revoke;
        const approvals = {
          payment_pages_approved: values['payment-pages'] ? grant : undefined,
          white_label_partner: values['white-label'] ? grant : undefined,
          custom_payment_pages: values['custom-payment-pages'] ? grant : undefined,
        };
        if (Object.values(approvals).every((v) => v === undefined)) throw new UsageError('name at least one approval');
        const org = await db.transaction((tx) =>
          services.access.setApprovals(tx, need(target, 'an organisation id'), approvals),
        );
        print(
          `Organisation ${org.id}: payment pages ${org.payment_pages_approved ? 'approved' : 'not approved'}, white-label ${org.white_label_partner ? 'yes' : 'no'}, custom payment pages ${org.custom_payment_pages ? 'yes' : 'no'}.`,
          org,
        );
        return 0;
      }
      case 'creditors create': {
        const creditor = await db.transaction((tx) =>
          services.access.createCreditor(tx, need(values.organisation, '--organisation'), {
            name: need(values.name, '--name'),
            countryCode: values.country,
            creditorType: values.type,
          }),
        );
        print(`Created creditor ${creditor.id} (${creditor.name})`, creditor);
        return 0;
      }
      case 'creditors list': {
        const creditors = await services.access.listCreditors(db, need(values.organisation, '--organisation'));
        print(creditors.map((c) => `${c.id}  ${c.name}  ${c.country_code}`).join('\n') || 'No creditors.', creditors);
        return 0;
      }
      case 'tokens create': {
        const scope = values.scope ?? 'read_write';
        if (scope !== 'read_write' && scope !== 'read_only')
          throw new UsageError('--scope must be read_write or read_only');
        const { token, value } = await db.transaction((tx) =>
          services.access.createToken(tx, need(values.organisation, '--organisation'), scope, values.name),
        );
        print(`Created ${scope} token ${token.id}.\nToken (shown once, store it now):\n  ${value}`, {
          id: token.id,
          scope,
          organisation: token.organisation_id,
          token: value,
        });
        return 0;
      }
      case 'tokens list': {
        const tokens = await services.access.listTokens(db, values.organisation);
        const rows = tokens.map((t) => ({
          id: t.id,
          organisation: t.organisation_id,
          name: t.name,
          scope: t.scope,
          status: t.status,
          hint: `${t.token_hint}…`,
          created_at: t.created_at,
        }));
        print(
          rows.map((t) => `${t.id}  ${t.organisation}  ${t.scope}  ${t.status}  ${t.hint}  ${t.name}`).join('\n') ||
            'No tokens.',
          rows,
        );
        return 0;
      }
      case 'tokens disable':
      case 'tokens enable':
      case 'tokens revoke': {
        const id = need(target, 'a token id');
        const token = await db.transaction((tx) =>
          action === 'disable'
            ? services.access.disableToken(tx, id)
            : action === 'enable'
              ? services.access.enableToken(tx, id)
              : services.access.revokeToken(tx, id),
        );
        print(`Token ${token.id} is now ${token.status}.`, { id: token.id, status: token.status });
        return 0;
      }
      default:
        throw new UsageError(`unknown command: ${positionals.join(' ')}`);
    }
  } finally {
    await db.close();
  }
}

type Values = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof CLI_OPTIONS }>
>['values'];

/** A command over the API: one connection for its run, closed at its end. */
async function runOverApi(
  group: string,
  action: string | undefined,
  target: string | undefined,
  values: Values,
  print: Print,
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

class UsageError extends Error {}

/** The running server holds the embedded store: one line saying what to do instead. */
class HeldStoreError extends Error {}

const json = process.argv.includes('--json');
const print: Print = (human, data) => process.stdout.write((json ? JSON.stringify(data) : human) + '\n');

run(process.argv.slice(2), print)
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof UsageError || error instanceof UsageProblem)
      process.stderr.write(`${error.message}\n\n${HELP}\n`);
    else if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof StoreNotFoundError ||
      error instanceof HeldStoreError ||
      error instanceof ApiCommandError
    )
      process.stderr.write(`${error.message}\n`);
    else if (isDomainError(error)) {
      // Which field and why (e.g. `url: internal_address`), so a script can tell refusals apart.
      const fields = (error.options.fields ?? []).map((f) => `${f.field}: ${f.code}`).join(', ');
      process.stderr.write(`Refused: ${error.reason}${fields ? ` (${fields})` : ''}\n`);
    } else process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(error instanceof UsageError || error instanceof UsageProblem ? 64 : 1);
  });

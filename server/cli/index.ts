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
import { heldByServerLine, refuseGuessedStore, StoreNotFoundError } from './store';
import { ApiCommandError } from './api/connection';
import { UsageProblem } from './api/resources';
import { API_GROUPS, API_HELP, CONNECTION_HELP, runOverApi } from './api/commands';
import { ACCESS_HELP, runAccessCommand } from './access';
import { bashCompletion, groupHelp } from './help';

/**
 * `npm run cli -- <command>`: merchants' and integrators' commands over the API (`api/`: the
 * server's address and a token from flags or the environment), and operator tasks against the
 * configured store (DATABASE_URL, or the PGlite in DATA_DIR — locked while the server runs: such a
 * command then says how instead). A store it would have to make is refused (`store.ts`).
 */
const HELP = `Usage: npm run cli -- <command> [options]

Over the API (the server running, here or elsewhere):
${API_HELP}
${CONNECTION_HELP}

On the store (DATABASE_URL, or DATA_DIR's embedded store with the server stopped):
  migrate                                        apply pending migrations
${ACCESS_HELP}
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
  if (API_GROUPS.has(group)) return runOverApi(group, action, target, values, print, json);

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

    return await runAccessCommand(
      { group, action, target, ...values },
      services,
      db,
      print,
      (message) => new UsageError(message),
    );
  } finally {
    await db.close();
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

import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { DataDirLockedError } from '../db/lock';

/** The CLI was not told which store to use and will not guess one: one line to print. */
export class StoreNotFoundError extends Error {}

/**
 * The CLI never makes a store the server does not use: without DATABASE_URL it opens the embedded
 * store in DATA_DIR only if that directory exists and holds one (or is empty, a directory made for
 * it). A missing ./data, or a data directory a server on Postgres keeps its certificate in, is
 * refused rather than answered from a fresh, empty store ("No tokens.").
 */
export function refuseGuessedStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): void {
  if (config.databaseUrl) return;
  const dir = path.resolve(config.dataDir);
  const how = "set DATABASE_URL to the server's database, or DATA_DIR to the server's data directory";
  if (!fs.existsSync(dir)) throw new StoreNotFoundError(`No store: ${dir} does not exist (${how}).`);
  const entries = fs.readdirSync(dir);
  if (entries.length > 0 && !entries.includes('pgdata'))
    throw new StoreNotFoundError(`No store: ${dir} holds no embedded database (${how}).`);
}

/** Where an operator command's job can be done while the server runs (the dashboard, the API). */
const WHILE_RUNNING: Record<string, string> = {
  tokens: "the dashboard's Developers page (/dashboard/developers) shows and disables tokens",
  webhooks:
    "the dashboard's webhooks page (/dashboard/developers/webhooks) manages endpoints, and `npm run cli -- listen --forward-to URL` forwards events over the API",
  users: "the dashboard's Team page (/dashboard/team) invites users",
  mailbox: 'the mailbox is at /sandbox/mailbox on the server',
  'sandbox-funds': 'PUT /sandbox/settings {"sandbox_settings": {"hold_payouts": true}} keeps funds in the balance',
};

/**
 * The line an operator command prints when the running server holds the embedded store: what to
 * do instead, rather than only that the directory is in use.
 */
export function heldByServerLine(error: DataDirLockedError, command: string): string {
  const group = command.split(' ')[0]!;
  const instead = WHILE_RUNNING[group] ? `, or, while it runs, ${WHILE_RUNNING[group]}` : '';
  return (
    `\`${command}\` needs the embedded store in DATA_DIR ${error.dataDir}, which the running server ` +
    `(process ${error.pid}) holds: stop the server first${instead}.`
  );
}

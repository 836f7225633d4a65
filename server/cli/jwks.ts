import fs from 'node:fs';
import type { Services } from '../container';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../api/hostile-input';

/**
 * `npm run cli -- jwks …`: the operator registers the public keys (a JWKS) an organisation receives
 * GET /bank_account_details under. From a file, or fetched once from an https URL and kept (the
 * stored copy is the cache; run `jwks set` again to refresh it). Private keys are refused.
 */
export const JWKS_HELP = `  jwks set --organisation <OR…> (--file <jwks.json> | --url <https://…>)
                                                 register the JWKS bank account details are encrypted to
  jwks show --organisation <OR…>
  jwks remove --organisation <OR…>               GET /bank_account_details answers 403 again`;

export interface JwksCommand {
  action: string | undefined;
  organisation: string | undefined;
  file: string | undefined;
  url: string | undefined;
  /** The fetch's whole time (JWKS_FETCH_TIMEOUT_MS), default 10 s. */
  timeoutMs?: number;
}

type Print = (human: string, data: unknown) => void;

const FETCH_TIMEOUT_MS = 10_000;
const MAX_JWKS_BYTES = 100_000;

async function readJwks(
  command: JwksCommand,
  usage: (message: string) => Error,
): Promise<{ value: unknown; source: string }> {
  if (Boolean(command.file) === Boolean(command.url)) throw usage('give exactly one of --file and --url');
  if (command.file) {
    const text = fs.readFileSync(command.file, 'utf8');
    if (text.length > MAX_JWKS_BYTES) throw usage('the JWKS file is too large');
    return { value: parseJson(text, usage), source: `file:${command.file}` };
  }
  const url = new URL(command.url!);
  if (url.protocol !== 'https:') throw usage('--url must be https://');
  // A timer held here and cleared in `finally`, for the fetch and its body: AbortSignal.timeout
  // may be collected before it fires (issue 40.2, decision 0063). The timer also settles the wait
  // itself: once the headers are in, undici follows our signal only through a weak reference, so
  // under garbage collection an abort alone can leave `text()` waiting for good on a server that
  // sent headers and then nothing (test/api/jwks-url-cli.test.ts).
  const timeoutMs = command.timeoutMs ?? FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort(new Error('timed out'));
      // The fetch failed (exit 1, like an untrusted certificate), not the command's use.
      reject(new Error(`fetching the JWKS timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  let response: Response | undefined;
  try {
    response = await Promise.race([fetch(url, { signal: controller.signal, redirect: 'error' }), timedOut]);
    if (!response.ok) throw usage(`fetching the JWKS answered ${response.status}`);
    const text = await Promise.race([response.text(), timedOut]);
    if (text.length > MAX_JWKS_BYTES) throw usage('the JWKS is too large');
    return { value: parseJson(text, usage), source: url.toString() };
  } catch (error) {
    if (controller.signal.aborted) void response?.body?.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string, usage: (message: string) => Error): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw usage(`the JWKS nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw usage('the JWKS is not JSON');
  }
}

const keyIds = (jwks: { keys: { kid?: unknown }[] }) => jwks.keys.map((k) => String(k.kid ?? '?')).join(', ');

export async function runJwksCommand(
  command: JwksCommand,
  services: Services,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  const organisation = command.organisation;
  if (!organisation) throw usage('--organisation is required');
  const details = services.bankAccountDetails;
  switch (command.action) {
    case 'set': {
      const { value, source } = await readJwks(command, usage);
      const row = await services.db.transaction((tx) => details.registerJwks(tx, organisation, value, source));
      print(`Organisation ${organisation}: JWKS registered from ${source} (keys ${keyIds(row.jwks)}).`, row);
      return 0;
    }
    case 'show': {
      const row = await details.findJwks(services.db, organisation);
      print(
        row
          ? `${row.source}  keys ${keyIds(row.jwks)}  updated ${row.updated_at.toISOString()}`
          : 'No JWKS registered.',
        row ?? null,
      );
      return 0;
    }
    case 'remove': {
      const removed = await services.db.transaction((tx) => details.removeJwks(tx, organisation));
      print(removed ? 'JWKS removed.' : 'No JWKS was registered.', { removed });
      return 0;
    }
    default:
      throw usage(`unknown jwks command: ${command.action ?? '(none)'}`);
  }
}

import { ApiCommandError, ApiRefusal, type ApiConnection } from './connection';
import { UsageProblem } from './resources';
import { table, type Column } from './table';

type Row = Record<string, unknown>;
type Print = (human: string, data: unknown) => void;
interface LogsPage {
  request_logs: Row[];
  meta: { cursors: { before: string | null; after: string | null } };
}

export const LOGS_HELP = `  logs list [--status <code>] [--limit <n>] [--after <RL…>]
                                                 your organisation's API requests, newest first
  logs tail [--status <code>]                    print each new API request as it is logged (Ctrl-C to stop)`;

const LOG_COLUMNS: Column[] = [
  ['id', (r) => r.id],
  ['created at', (r) => r.created_at],
  ['status', (r) => r.status],
  ['ms', (r) => r.duration_ms],
  ['method', (r) => r.method],
  ['path', (r) => r.path],
  ['request id', (r) => r.request_id],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusQuery = (status: string | undefined) => (status ? `&status=${encodeURIComponent(status)}` : '');

function checkStatus(status: string | undefined) {
  if (status !== undefined && !/^[1-5]\d\d$/.test(status))
    throw new UsageProblem('--status takes an HTTP status, e.g. 422');
}

/** `logs list`: one page of `GET /request_logs` (a bankflow extension). */
export async function listLogs(
  api: ApiConnection,
  options: { status?: string; limit?: string; after?: string },
  print: Print,
): Promise<number> {
  checkStatus(options.status);
  const after = options.after ? `&after=${encodeURIComponent(options.after)}` : '';
  const page = await api.request<LogsPage>(
    'GET',
    `/request_logs?limit=${encodeURIComponent(options.limit ?? '20')}${statusQuery(options.status)}${after}`,
  );
  const more = page.meta.cursors.after ? `\n(more: --after ${page.meta.cursors.after})` : '';
  print(page.request_logs.length ? table(page.request_logs, LOG_COLUMNS) + more : 'No requests.', page);
  return 0;
}

/**
 * `logs tail`: the organisation's requests as they are logged. The server writes its request
 * logs in batches about a second after each answer, so this polls `GET /request_logs` each second
 * with `before=<the newest seen>` (the list's own cursor); reads of the logs are not logged.
 */
export async function tailLogs(
  api: ApiConnection,
  options: { status?: string },
  json: boolean,
  warn: (line: string) => void,
): Promise<never> {
  checkStatus(options.status);
  const newest = await api.request<LogsPage>('GET', '/request_logs?limit=1');
  let cursor = (newest.request_logs[0]?.id as string | undefined) ?? null;
  // Said once the cursor is set: every request logged from here on is printed.
  process.stderr.write(`Following the API requests of ${api.url} (Ctrl-C to stop).\n`);
  for (;;) {
    try {
      const page = await api.request<LogsPage>(
        'GET',
        `/request_logs?limit=200${cursor ? `&before=${cursor}` : ''}${statusQuery(options.status)}`,
      );
      // Newest first: print oldest first, and go on from the newest.
      const rows = page.request_logs.slice().reverse();
      for (const row of rows) {
        process.stdout.write(`${json ? JSON.stringify(row) : table([row], LOG_COLUMNS).split('\n')[1]}\n`);
      }
      if (rows.length) cursor = String(rows[rows.length - 1]!.id);
    } catch (error) {
      if (error instanceof ApiRefusal || !(error instanceof ApiCommandError)) throw error;
      warn(`${error.message} — trying again in 2 s`);
      await sleep(1_000);
    }
    await sleep(1_000);
  }
}

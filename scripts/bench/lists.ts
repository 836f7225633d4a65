/**
 * `npm run bench -- --rows 1000000`: every list's first page and a deep page (a cursor half-way
 * down), at 1,000 rows and at the given count, each for one organisation with as many rows again
 * for another. The issue's goal: p99 at the large count ≤ 1.5× the p99 at 1,000.
 *
 * Seeding is SQL (scripts/bench/seed-rows.ts), not the API: one row of each kind is made through
 * the API, so it is a row the service wrote, then cloned with generate_series while the server is
 * stopped (PGlite allows one process), and the server started again on the seeded store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../server/db/db';
import { openDatabase } from '../../server/db/open';
import {
  apiHeaders,
  measure,
  request,
  seconds,
  startBankflow,
  storeName,
  workspace,
  type BankflowProcess,
  type Figures,
} from './common';
import { makeTemplates, seedRows, type Lists, type Templates } from './seed-rows';

async function freshDatabaseUrl(name: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const admin = new URL(process.env.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface SeededStore<L> {
  server: BankflowProcess;
  lists: L;
  close(): Promise<void>;
}

/**
 * A fresh store (PGlite in a temporary directory, or a new Postgres database) with `rows` per list
 * per organisation: the templates made through the API of a first server, cloned by `seed` while
 * it is stopped, then a second server started on the seeded store and left running.
 */
export async function openSeededStore<L>(
  rows: number,
  steps: {
    templates: (url: string) => Promise<Templates>;
    seed: (db: Database, templates: Templates, rows: number) => Promise<L>;
    env?: Record<string, string>;
  },
): Promise<SeededStore<L>> {
  const ws = await workspace();
  const dataDir = path.join(ws.dir, 'data');
  const pgDb = await freshDatabaseUrl(`bench_rows_${rows}_${process.pid}`);
  const env: Record<string, string> = { ...steps.env, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  const cleanUp = async () => {
    // BENCH_KEEP_DB=1 keeps the seeded Postgres database, to EXPLAIN its lists afterwards.
    if (process.env.BENCH_KEEP_DB) console.log(`kept ${pgDb?.url ?? dataDir}`);
    else await pgDb?.drop();
    fs.rmSync(ws.dir, { recursive: true, force: true });
  };
  try {
    const first = await startBankflow(ws, dataDir, env);
    let templates: Templates;
    try {
      templates = await steps.templates(first.url);
    } finally {
      await first.stop();
    }
    const started = performance.now();
    const db = await openDatabase({ databaseUrl: pgDb?.url, dataDir });
    let lists: L;
    try {
      lists = await steps.seed(db, templates, rows);
    } finally {
      await db.close();
    }
    console.log(
      `seeded ${rows.toLocaleString('en')} rows per list per organisation in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const server = await startBankflow(ws, dataDir, env);
    return {
      server,
      lists,
      async close() {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * The 1,000-row store and the large one, both seeded and served at once, and every page measured
 * on one then the other in turn: the machine's noise falls on both sizes alike, so the ratio holds
 * on a busy machine too (measuring one size after the other compared two different loads).
 */
export async function compareSizes(
  rows: number,
  steps: Parameters<typeof openSeededStore<Lists>>[1],
  headersFor: (server: BankflowProcess) => Promise<Record<string, string>>,
): Promise<{ small: Figures[]; large: Figures[] }> {
  const small = await openSeededStore(1000, steps);
  try {
    const large = await openSeededStore(rows, steps);
    try {
      const sides = [
        { rows: 1000, store: small, headers: await headersFor(small.server) },
        { rows, store: large, headers: await headersFor(large.server) },
      ];
      const figures = { small: [] as Figures[], large: [] as Figures[] };
      for (const [i, list] of small.lists.entries()) {
        const [a, b] = await Promise.all(
          sides.map(async (side) => ({ ...side, list: side.store.lists[i]!, deep: deepPath(side.store.lists[i]!) })),
        );
        for (const side of [a!, b!]) await checkServed(side.store.server, side.deep, side.headers);
        for (const page of ['first page', 'deep page'] as const) {
          const runs: [Figures[], Figures[]] = [[], []];
          // Each round times one size then the other, so the machine's moments fall on both.
          for (let round = 0; round < listRounds; round++)
            for (const [n, side] of [a!, b!].entries()) {
              const url = page === 'first page' ? side.list.path : side.deep;
              const figure = await measure(
                `${side.rows.toLocaleString('en')} rows: ${list.name}, ${page}`,
                [side.store.server.child.pid],
                { url: side.store.server.url + url, headers: side.headers, connections: listConnections },
              );
              runs[n]!.push(figure);
            }
          figures.small.push(medianOf(runs[0]));
          figures.large.push(medianOf(runs[1]));
        }
      }
      return figures;
    } finally {
      await large.close();
    }
  } finally {
    await small.close();
  }
}

/**
 * `BENCH_LIST_ROUNDS` (default 3): alternated rounds per page and size. One 10 s run's p99 is its
 * slowest 1%, a few GC pauses or scheduler stalls on this shared machine: on equal work it moved
 * 56 → 320 ms between pages (docs/benchmarks-dashboard.md). The median of several alternated
 * rounds is the figure that compares two sizes, as `BENCH_ROUNDS` does for the ratios (with an
 * even count, the slower of the two middle runs: never the kinder figure).
 *
 * `BENCH_CONNECTIONS` (default 2 here, not the ratio modes' 10): these modes compare latency, so
 * the server must not be saturated. At 10 connections a page's few ms of CPU queue ten deep and
 * the p99 is whichever garbage collection fell in the run, on either size alike (ratios from
 * 0.35 to 2.54 on equal plans); at 2 the same pages read 0.81–1.15 (2026-11-27).
 */
const listRounds = Math.max(1, Number(process.env.BENCH_LIST_ROUNDS ?? 3));
const listConnections = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 2));

function medianOf(runs: Figures[]): Figures {
  const median = (key: 'p50' | 'p99') => runs.map((r) => r[key]).sort((x, y) => x - y)[Math.floor(runs.length / 2)]!;
  return {
    ...runs[0]!,
    p50: median('p50'),
    p99: median('p99'),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

const deepPath = (list: Lists[number]) => `${list.path}${list.path.includes('?') ? '&' : '?'}after=${list.deepCursor}`;

/** The deep cursor must be a page the server itself serves: check it answers before measuring. */
async function checkServed(server: BankflowProcess, path: string, headers: Record<string, string>) {
  const answer = await request('GET', server.url + path, headers);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
}

/** The table of p99 and p50 at 1,000 rows beside `rows`, and the worst p99 ratio (goal ≤ 1.5). */
export function printComparison(rows: number, small: Figures[], large: Figures[]): number {
  console.log(
    `\n${storeName()}, ${seconds} s per run, ${listRounds > 1 ? `median of ${listRounds} alternated rounds, ` : ''}${listConnections} connections, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log(
    `| list, page | p99 at 1,000 ms | p99 at ${rows.toLocaleString('en')} ms | ratio | p50 at 1,000 | p50 at ${rows.toLocaleString('en')} | non-2xx |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  let worst = 0;
  for (let i = 0; i < small.length; i++) {
    const a = small[i]!;
    const b = large[i]!;
    const ratio = b.p99 / Math.max(1, a.p99);
    worst = Math.max(worst, ratio);
    const name = a.name.replace(/^[\d,]+ rows: /, '');
    console.log(
      `| ${name} | ${a.p99} | ${b.p99} | ${ratio.toFixed(2)} | ${a.p50} | ${b.p50} | ${a.non2xx + b.non2xx} |`,
    );
  }
  console.log(`\nworst p99 ratio: ${worst.toFixed(2)} (goal ≤ 1.5)\n`);
  return worst;
}

export async function runLists(rows: number): Promise<void> {
  if (!Number.isInteger(rows) || rows < 1000) throw new Error('--rows takes a whole number of at least 1000');
  const { small, large } = await compareSizes(
    rows,
    { templates: makeTemplates, seed: seedRows },
    async () => apiHeaders,
  );
  printComparison(rows, small, large);
}

/**
 * `npm run bench -- --rows 1000000`: every list's first page and a deep page (a cursor half-way
 * down), at 1,000 rows and at the given count, each for one organisation with as many rows again
 * for another. The goal: p99 at the large count ≤ 1.5× the p99 at 1,000.
 *
 * Seeding is SQL (scripts/bench/seed-rows.ts), not the API: one row of each kind is made through
 * the API, so it is a row the service wrote, then cloned with generate_series while the server is
 * stopped (PGlite allows one process), and the server started again on the seeded store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/open';
import {
  api,
  apiHeaders,
  connections,
  measure,
  seconds,
  startBankflow,
  storeName,
  workspace,
  type Figures,
} from './common';
import { makeTemplates, seedRows, type Lists } from './seed-rows';

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

/** Seeds `rows` per organisation on a fresh store and measures each list's first and deep page. */
async function measureAt(rows: number): Promise<Figures[]> {
  const ws = await workspace();
  const dataDir = path.join(ws.dir, 'data');
  const pgDb = await freshDatabaseUrl(`bench_rows_${rows}_${process.pid}`);
  const env: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : {};
  try {
    const first = await startBankflow(ws, dataDir, env);
    const templates = await makeTemplates(first.url);
    await first.stop();

    const started = performance.now();
    const db = await openDatabase({ databaseUrl: pgDb?.url, dataDir });
    let lists: Lists;
    try {
      lists = await seedRows(db, templates, rows);
    } finally {
      await db.close();
    }
    console.log(
      `seeded ${rows.toLocaleString('en')} rows per list per organisation in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const server = await startBankflow(ws, dataDir, env);
    try {
      const figures: Figures[] = [];
      for (const list of lists) {
        // The deep cursor must be a page the API itself serves: check it answers before measuring.
        await api(server.url, 'GET', `${list.path}&after=${list.deepCursor}`);
        for (const [page, url] of [
          ['first page', list.path],
          ['deep page', `${list.path}&after=${list.deepCursor}`],
        ] as const) {
          figures.push(
            await measure(`${rows.toLocaleString('en')} rows: ${list.name}, ${page}`, [server.child.pid], {
              url: server.url + url,
              headers: apiHeaders,
            }),
          );
        }
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await pgDb?.drop();
    fs.rmSync(ws.dir, { recursive: true, force: true });
  }
}

export async function runLists(rows: number): Promise<void> {
  if (!Number.isInteger(rows) || rows < 1000) throw new Error('--rows takes a whole number of at least 1000');
  const small = await measureAt(1000);
  const large = await measureAt(rows);
  console.log(
    `\n${storeName()}, ${seconds} s per run, ${connections} connections, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
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
}

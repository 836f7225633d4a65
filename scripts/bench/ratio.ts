/**
 * The default mode of `npm run bench`: `GET /blocks?limit=20` and `POST /blocks` through the whole
 * API, each beside a reference server doing the same durable work on the same store (one 20-row
 * SELECT; one transaction of two INSERTs: scripts/bench/reference-server.mjs), in alternating runs
 * (BENCH_ROUNDS, default 3) so the machine's noise falls on both sides. The figure that counts is
 * the ratio bankflow ÷ reference within a round; the median of the rounds is printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  api,
  apiHeaders,
  blockBody,
  connections,
  dropReferenceTables,
  measure,
  median,
  printTable,
  seconds,
  startBankflow,
  startReference,
  storeName,
  workspace,
  type Figures,
} from './common';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

/**
 * Each POST run adds thousands of rows faster than autovacuum's one-minute nap notices; a
 * statement prepared while the table was small then keeps a plan made for a small table (the
 * reference's GET fell from 5,500 to 270 requests/s between two rounds). Analysing before each
 * round gives both sides the statistics autovacuum would soon have given them. (PGlite has no
 * autovacuum: bankflow analyses itself there, decision 0044; the reference's plain query is
 * planned afresh each time.)
 */
async function analyzePostgres(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('ANALYZE');
  await client.end();
}

export async function runRatio(): Promise<void> {
  const ws = await workspace();
  const server = await startBankflow(ws, path.join(ws.dir, 'data'));
  const store = process.env.DATABASE_URL
    ? `postgres:${process.env.DATABASE_URL}`
    : `pglite:${path.join(ws.dir, 'ref')}`;
  const reference = await startReference(ws, store);
  const refUrl = reference.url;
  const body = JSON.stringify(blockBody('bench@example.com'));
  try {
    // A full first page on both sides.
    for (let i = 0; i < 60; i++) {
      await api(server.url, 'POST', '/blocks', blockBody(`seed${i}@example.com`));
      await api(refUrl, 'POST', '/blocks', blockBody(`seed${i}@example.com`));
    }
    // A warm-up of each of the four runs, not counted: a round 1 measured cold times V8's
    // optimising of bankflow's request path (its first seconds took up to 1.4× the CPU per
    // request of the rounds after), while the reference's few functions are hot at once.
    for (const [url, options] of [
      [refUrl, { url: '/blocks?limit=20', headers: apiHeaders }],
      [server.url, { url: '/blocks?limit=20', headers: apiHeaders }],
      [refUrl, { url: '/blocks', method: 'POST' as const, headers: apiHeaders, body }],
      [server.url, { url: '/blocks', method: 'POST' as const, headers: apiHeaders, body }],
    ] as const) {
      await measure('warm-up', [], { ...options, url: url + options.url, duration: warmUpSeconds });
    }
    const all: Figures[] = [];
    const ratios = { get: [] as number[], post: [] as number[], getCpu: [] as number[], postCpu: [] as number[] };
    for (let round = 1; round <= rounds; round++) {
      await analyzePostgres();
      const get = { url: '/blocks?limit=20', headers: apiHeaders };
      const post = { url: '/blocks', method: 'POST' as const, headers: apiHeaders, body };
      const refGet = await measure(`reference GET, round ${round}`, [reference.child.pid], {
        ...get,
        url: refUrl + get.url,
      });
      const bfGet = await measure(`bankflow GET /blocks?limit=20, round ${round}`, [server.child.pid], {
        ...get,
        url: server.url + get.url,
      });
      const refPost = await measure(`reference POST, round ${round}`, [reference.child.pid], {
        ...post,
        url: refUrl + post.url,
      });
      const bfPost = await measure(`bankflow POST /blocks, round ${round}`, [server.child.pid], {
        ...post,
        url: server.url + post.url,
      });
      all.push(refGet, bfGet, refPost, bfPost);
      ratios.get.push(bfGet.rps / refGet.rps);
      ratios.post.push(bfPost.rps / refPost.rps);
      ratios.getCpu.push(refGet.cpuUs / bfGet.cpuUs);
      ratios.postCpu.push(refPost.cpuUs / bfPost.cpuUs);
    }
    console.log(
      `\n${storeName()}, ${rounds} alternating rounds of ${seconds} s, ${connections} connections, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} (load generator on the same machine)\n`,
    );
    printTable(all);
    const fmt = (values: number[]) =>
      `${median(values).toFixed(2)} (rounds: ${values.map((v) => v.toFixed(2)).join(', ')})`;
    console.log(`\nbankflow ÷ reference, requests/s: GET ${fmt(ratios.get)}; POST ${fmt(ratios.post)}`);
    console.log(
      `reference ÷ bankflow, server CPU per request: GET ${fmt(ratios.getCpu)}; POST ${fmt(ratios.postCpu)}\n`,
    );
  } finally {
    reference.child.kill('SIGTERM');
    await server.stop();
    if (process.env.DATABASE_URL) await dropReferenceTables(process.env.DATABASE_URL);
    fs.rmSync(ws.dir, { recursive: true, force: true });
  }
}

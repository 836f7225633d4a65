/**
 * `DATABASE_URL=… npm run bench -- --processes 2` (or 3): the same GET /blocks load on one server
 * process, then split over N processes on the same Postgres (one load generator per process, run
 * at once). What must hold on a bigger machine is the server CPU time per request (each process's
 * own counters, summed), within 10% of one process's; then the rate limit across the N processes,
 * a burst of 1,100 requests in one minute window: the admitted count within 1% of 1,000.
 *
 * Each process is offered the same fixed rate (BENCH_SCALE_RATE requests/s, default 750), so N
 * processes carry N times one's load: what adding a process on a machine with a core for it does.
 * The same total split N ways would compare processes at 1/N of the load, and a node process's
 * CPU per request rises as its load falls (its timers, batched flushes and pollers, and a wake-up
 * per request, are shared by fewer requests: 296–327 µs at 1,500 requests/s, 353–357 at 750, 427
 * at 375, one process here) — that is no cost of scaling out. A closed loop at full speed would
 * instead oversubscribe two cores shared with Postgres and the load generator. Every process is
 * warmed up first, as `npm run bench` does: a process measured cold times V8's optimising.
 *
 * Beside it, in alternating runs, the same measure of N bare reference servers (one SELECT per
 * GET): on two cores shared by N servers, Postgres and N load generators, a process's CPU per
 * request rises with N whatever it runs (cache misses, preemption). bankflow's own cost of
 * scaling out is its ratio over the reference's; on a machine with a core for each process the
 * reference's ratio tends to 1 and the raw ratio to that figure. Both are printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  api,
  apiHeaders,
  blockBody,
  connections,
  cpuTimeUs,
  dropReferenceTables,
  median,
  request,
  seconds,
  startBankflow,
  startReference,
  workspace,
  type BankflowProcess,
  type Workspace,
} from './common';

const rate = Number(process.env.BENCH_SCALE_RATE ?? 750);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);

interface Served {
  url: string;
  pid: number | undefined;
}

async function fixedRateLoad(servers: Served[], duration = seconds) {
  const before = servers.reduce<number>((sum, s) => sum + cpuTimeUs(s.pid), 0);
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: `${s.url}/blocks?limit=20`,
        headers: apiHeaders,
        duration,
        connections: Math.max(1, Math.round(connections / servers.length)),
        overallRate: rate,
      }),
    ),
  );
  const after = servers.reduce<number>((sum, s) => sum + cpuTimeUs(s.pid), 0);
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    processes: servers.length,
    requests,
    rps: Math.round(requests / duration),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    cpuUs: Math.round((after - before) / Math.max(1, requests)),
  };
}

async function startMany(ws: Workspace, n: number, env: Record<string, string> = {}) {
  const servers: BankflowProcess[] = [];
  for (let i = 0; i < n; i++) servers.push(await startBankflow(ws, path.join(ws.dir, `data${i}`), env));
  return servers;
}

/** Waits for the next rate-limit minute: the load runs above counted in the one they ran in. */
async function startOfWindow() {
  await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 500));
}

/**
 * The same N-against-one measure of the bare reference servers (one SELECT per GET, nothing
 * else), in the same run: what this machine alone adds to a process's CPU per request when N
 * processes, Postgres and the load generators share its two cores. bankflow's own cost of scaling
 * out is its ratio over the reference's; on a machine with a core per process the reference's
 * ratio tends to 1 and the two figures meet.
 */
async function measureCpuScaling(ws: Workspace, processes: number) {
  const bankflow = await startMany(ws, processes);
  const references = [];
  for (let i = 0; i < processes; i++) references.push(await startReference(ws, `postgres:${process.env.DATABASE_URL}`));
  const sides = {
    reference: references.map((r) => ({ url: r.url, pid: r.child.pid })),
    bankflow: bankflow.map((s) => ({ url: s.url, pid: s.child.pid })),
  };
  try {
    for (let i = 0; i < 60; i++) {
      await api(bankflow[0]!.url, 'POST', '/blocks', blockBody(`seed${i}@example.com`, 'seed'));
      await api(references[0]!.url, 'POST', '/blocks', blockBody(`seed${i}@example.com`, 'seed'));
    }
    for (const server of [...sides.reference, ...sides.bankflow]) await fixedRateLoad([server], 5);
    // One process and all of them, the order turned each round (and the sides' order with it),
    // so a drift of the machine's speed during a round falls on both; the ratio is taken within
    // a round and the median of the rounds printed, as `npm run bench` does.
    type Run = Awaited<ReturnType<typeof fixedRateLoad>>;
    const runs: { side: keyof typeof sides; round: number; run: Run }[] = [];
    for (let round = 0; round < rounds; round++) {
      const turn = <T>(pair: T[]) => (round % 2 ? [...pair].reverse() : pair);
      for (const side of turn(['reference', 'bankflow'] as const))
        for (const servers of turn([sides[side].slice(0, 1), sides[side]]))
          runs.push({ side, round, run: await fixedRateLoad(servers) });
    }
    console.log(
      `\nPostgres, ${seconds} s per run at ${rate} requests/s per process, ${connections} connections, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
    console.log(
      '| round | server | processes | requests | requests/s | errors | server CPU µs/request (all processes) |',
    );
    console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const { side, round, run: r } of runs)
      console.log(`| ${round + 1} | ${side} | ${r.processes} | ${r.requests} | ${r.rps} | ${r.errors} | ${r.cpuUs} |`);
    const ratios = (side: keyof typeof sides) =>
      Array.from({ length: rounds }, (_, round) => {
        const of = (many: boolean) =>
          runs.find((r) => r.side === side && r.round === round && r.run.processes > 1 === many)!;
        return of(true).run.cpuUs / of(false).run.cpuUs;
      });
    const fmt = (values: number[]) =>
      `${median(values).toFixed(2)} (rounds: ${values.map((v) => v.toFixed(2)).join(', ')})`;
    const [own, machine] = [ratios('bankflow'), ratios('reference')];
    console.log(`\nCPU per request, ${processes} processes ÷ 1, bankflow: ${fmt(own)}`);
    console.log(`the same of the bare reference servers, this machine's share: ${fmt(machine)}`);
    console.log(
      `bankflow's own cost of scaling out, its ratio ÷ the reference's: ${(median(own) / median(machine)).toFixed(2)} (goal ≤ 1.10)`,
    );
  } finally {
    for (const r of references) r.child.kill('SIGTERM');
    await Promise.all(bankflow.map((s) => s.stop()));
    await dropReferenceTables(process.env.DATABASE_URL!);
  }
}

export async function runScaleOut(processes: number): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('--processes needs Postgres: set DATABASE_URL');
  if (![2, 3].includes(processes)) throw new Error('--processes takes 2 or 3');
  const ws = await workspace();
  await measureCpuScaling(ws, processes);

  // The spec's limit, shared by the processes: a burst over it, spread round-robin.
  const limited = await startMany(ws, processes, { RATE_LIMIT_PER_MINUTE: '1000' });
  try {
    await startOfWindow();
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 1100) {
          const server = limited[next++ % processes]!;
          statuses.push((await request('GET', `${server.url}/blocks?limit=1`, apiHeaders)).status);
        }
      }),
    );
    const admitted = statuses.filter((s) => s === 200).length;
    const other = statuses.filter((s) => s !== 200 && s !== 429).length;
    console.log(
      `rate limit 1,000/min across ${processes} processes: ${admitted} of 1,100 admitted (goal 990–1,010), ${other} other answers\n`,
    );
  } finally {
    await Promise.all(limited.map((s) => s.stop()));
    fs.rmSync(ws.dir, { recursive: true, force: true });
  }
}

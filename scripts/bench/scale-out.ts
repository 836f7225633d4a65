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
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  api,
  apiHeaders,
  connections,
  cpuTimeUs,
  request,
  seconds,
  startBankflow,
  workspace,
  type BankflowProcess,
} from './common';

const rate = Number(process.env.BENCH_SCALE_RATE ?? 750);

async function splitLoad(servers: BankflowProcess[], duration = seconds) {
  const pids = servers.map((s) => s.child.pid);
  const before = pids.reduce<number>((sum, pid) => sum + cpuTimeUs(pid), 0);
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
  const after = pids.reduce<number>((sum, pid) => sum + cpuTimeUs(pid), 0);
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    processes: servers.length,
    requests,
    rps: Math.round(requests / seconds),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    cpuUs: Math.round((after - before) / Math.max(1, requests)),
  };
}

async function startMany(n: number, env: Record<string, string> = {}) {
  const ws = await workspace();
  const servers: BankflowProcess[] = [];
  for (let i = 0; i < n; i++) servers.push(await startBankflow(ws, path.join(ws.dir, `data${i}`), env));
  return servers;
}

/** Waits for the next rate-limit minute: the load runs above counted in the one they ran in. */
async function startOfWindow() {
  await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 500));
}

export async function runScaleOut(processes: number): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('--processes needs Postgres: set DATABASE_URL');
  if (![2, 3].includes(processes)) throw new Error('--processes takes 2 or 3');
  const lifted = await startMany(processes);
  try {
    for (let i = 0; i < 60; i++)
      await api(lifted[0]!.url, 'POST', '/blocks', {
        blocks: {
          block_type: 'email',
          reason_type: 'other',
          reason_description: 'seed',
          resource_reference: `seed${i}@example.com`,
        },
      });
    for (const server of lifted) await splitLoad([server], 5);
    // Alternate one process and all of them, twice, so noise falls on both.
    const runs = [];
    for (let round = 0; round < 2; round++) runs.push(await splitLoad(lifted.slice(0, 1)), await splitLoad(lifted));
    console.log(
      `\nPostgres, ${seconds} s per run at ${rate} requests/s per process, ${connections} connections, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
    console.log('| processes | requests | requests/s | errors | server CPU µs/request (all processes) |');
    console.log('| ---: | ---: | ---: | ---: | ---: |');
    for (const r of runs) console.log(`| ${r.processes} | ${r.requests} | ${r.rps} | ${r.errors} | ${r.cpuUs} |`);
    const one = runs.filter((r) => r.processes === 1).map((r) => r.cpuUs);
    const many = runs.filter((r) => r.processes > 1).map((r) => r.cpuUs);
    const ratio = many.reduce((a, b) => a + b, 0) / one.reduce((a, b) => a + b, 0);
    console.log(`\nCPU per request, ${processes} processes ÷ 1: ${ratio.toFixed(2)} (goal ≤ 1.10)`);
  } finally {
    await Promise.all(lifted.map((s) => s.stop()));
  }

  // The spec's limit, shared by the processes: a burst over it, spread round-robin.
  const limited = await startMany(processes, { RATE_LIMIT_PER_MINUTE: '1000' });
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
  }
}

/**
 * `npm run bench -- --payer`: the payer pages' time to first byte (the response's headers
 * arriving) with 50 payers at once, each re-opening its flow's step, while an API write load
 * (POST /blocks) runs beside them. Payers are spread over four steps, each reached by doing the
 * earlier actions through the API: customer details, bank account, confirmation (a Bacs mandate)
 * and the bank choice of an instant payment. Goal: p50 ≤ 20 ms per step on loopback.
 *
 * Both loads are open, at a set pace, as people and merchants are: each payer opens its page
 * every BENCH_PAYER_PACE_MS (default 500 ms, with jitter: 100 pages/s from 50 payers, far
 * quicker than anyone reads a page) and the API takes BENCH_WRITE_RATE writes/s (default 100).
 * A closed loop (each payer asking again the instant it is answered, the writes as fast as they
 * go) would saturate both cores, and its time to first byte would measure only the queue.
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { api, apiHeaders, cpuTimeUs, seconds, startBankflow, workspace } from './common';

const PAYERS = 50;
const PACE_MS = Number(process.env.BENCH_PAYER_PACE_MS ?? 500);
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 100);
const CUSTOMER = {
  customer: { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com' },
  customer_billing_detail: { address_line1: '1 High St', city: 'London', postal_code: 'E1 6AN', country_code: 'GB' },
};
const ACCOUNT = {
  account_holder_name: 'Jane Doe',
  branch_code: '200000',
  account_number: '55779911',
  country_code: 'GB',
};

type Stage = 'details' | 'account' | 'confirm' | 'instant';
const STAGES: Stage[] = ['details', 'account', 'confirm', 'instant'];

async function flowAt(base: string, stage: Stage): Promise<string> {
  const request =
    stage === 'instant'
      ? { payment_request: { amount: 2500, currency: 'GBP', description: 'Bench' } }
      : { mandate_request: { scheme: 'bacs' } };
  const br = (await api(base, 'POST', '/billing_requests', { billing_requests: request })).billing_requests;
  const actions = `/billing_requests/${br.id}/actions`;
  if (stage !== 'details') await api(base, 'POST', `${actions}/collect_customer_details`, { data: CUSTOMER });
  if (stage === 'confirm') await api(base, 'POST', `${actions}/collect_bank_account`, { data: ACCOUNT });
  const flow = await api(base, 'POST', '/billing_request_flows', {
    billing_request_flows: { links: { billing_request: br.id }, redirect_uri: 'https://merchant.example/done' },
  });
  return flow.billing_request_flows.authorisation_url as string;
}

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: PAYERS });

function get(url: string, cookie?: string) {
  return new Promise<{ status: number; location?: string; cookie?: string; ttfbMs: number }>((resolve, reject) => {
    const started = performance.now();
    const req = https.get(url, { agent, headers: cookie ? { cookie } : {} }, (res) => {
      const ttfbMs = performance.now() - started;
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          cookie: res.headers['set-cookie']?.map((c) => c.split(';')[0]).join('; '),
          ttfbMs,
        }),
      );
    });
    req.on('error', reject);
  });
}

/** Opens the flow as a browser would, following redirects, and returns the step page and cookie. */
async function openFlow(authorisationUrl: string, base: string) {
  let url = authorisationUrl.replace(/^https:\/\/[^/]+/, base);
  let cookie: string | undefined;
  for (let hop = 0; hop < 5; hop++) {
    const res = await get(url, cookie);
    if (res.cookie) cookie = res.cookie;
    if (res.status !== 303 && res.status !== 302) return { url, cookie, status: res.status };
    url = new URL(res.location!, url).toString();
  }
  throw new Error(`too many redirects opening ${authorisationUrl}`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

export async function runPayer(): Promise<void> {
  const ws = await workspace();
  const server = await startBankflow(ws, path.join(ws.dir, 'data'));
  try {
    const payers: { stage: Stage; url: string; cookie?: string }[] = [];
    for (let i = 0; i < PAYERS; i++) {
      const stage = STAGES[i % STAGES.length]!;
      const opened = await openFlow(await flowAt(server.url, stage), server.url);
      if (opened.status !== 200) throw new Error(`${stage} step answered ${opened.status} at ${opened.url}`);
      payers.push({ stage, url: opened.url, cookie: opened.cookie });
    }
    const body = JSON.stringify({
      blocks: {
        block_type: 'email',
        reason_type: 'other',
        reason_description: 'bench',
        resource_reference: 'bench@example.com',
      },
    });
    // BENCH_WRITE_RATE=0: the pages alone, for their own CPU cost per page.
    const noWrites = { requests: { average: 0, total: 0 }, non2xx: 0 };
    const writes =
      WRITE_RATE > 0
        ? autocannon({
            url: `${server.url}/blocks`,
            method: 'POST',
            headers: apiHeaders,
            body,
            connections: 10,
            overallRate: WRITE_RATE,
            duration: seconds,
          })
        : Promise.resolve(noWrites);
    const samples = new Map<Stage, number[]>(STAGES.map((s) => [s, []]));
    const errors: string[] = [];
    // The load's window on the monotonic clock V8 stamps its profile with (µs), and the server's
    // CPU time in it: profile-summary.ts then leaves out the server's start and this set-up.
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const cpuBefore = cpuTimeUs(server.child.pid);
    const until = performance.now() + seconds * 1000;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
    await Promise.all(
      payers.map(async (payer) => {
        // Spread the payers' first opens over one pace, then keep each to its pace.
        await pause(Math.random() * PACE_MS);
        while (performance.now() < until) {
          const started = performance.now();
          const res = await get(payer.url, payer.cookie);
          if (res.status !== 200) errors.push(`${payer.stage}: ${res.status}`);
          samples.get(payer.stage)!.push(res.ttfbMs);
          await pause(PACE_MS * (0.5 + Math.random()) - (performance.now() - started));
        }
      }),
    );
    const writeLoad = await writes;
    const toUs = Number(process.hrtime.bigint() / 1000n);
    const cpuMs = (cpuTimeUs(server.child.pid) - cpuBefore) / 1000;
    const profileDir = process.env.BENCH_CPU_PROF;
    if (profileDir) fs.writeFileSync(path.join(profileDir, 'window.json'), JSON.stringify({ from: fromUs, to: toUs }));
    const pages = [...samples.values()].reduce((sum, values) => sum + values.length, 0);
    console.log(
      `\n${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${PAYERS} payers each opening its page every ${PACE_MS} ms for ${seconds} s, beside ${Math.round(writeLoad.requests.average)} API writes/s (asked: ${WRITE_RATE}; ${writeLoad.non2xx} non-2xx), ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
    console.log('| step | pages | TTFB p50 ms | TTFB p99 ms |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [stage, values] of samples)
      console.log(
        `| ${stage} (${new URL(payers.find((p) => p.stage === stage)!.url).pathname.split('/').pop()}) | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} |`,
      );
    console.log(
      `\n${(pages / seconds).toFixed(0)} pages/s served; server CPU ${((100 * cpuMs) / (seconds * 1000)).toFixed(0)}% of one core (${(cpuMs / Math.max(1, pages + writeLoad.requests.total)).toFixed(1)} ms per page or write)`,
    );
    console.log(
      `\nnon-200 pages: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''} (goal: p50 ≤ 20 ms on every step)\n`,
    );
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(ws.dir, { recursive: true, force: true });
  }
}

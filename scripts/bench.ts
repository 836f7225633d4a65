/**
 * `npm run bench [-- <mode>]`: the API's cost measured as a ratio against a reference doing the
 * same work in the same run, so a shared, noisy machine still gives a figure worth comparing.
 *
 *   (no mode)              GET/POST /blocks beside a bare server doing the same round trips
 *   --rows 1000000         every list's first and deep page at that many rows against 1,000
 *   --dashboard [--rows N] the dashboard's list pages the same way (N defaults to 1,000,000)
 *   --processes 2          2 (or 3) servers on one Postgres: CPU per request and the rate limit
 *   --payer                payer pages' time to first byte, 50 payers, with an API write load
 *   --start-up             npm start to a healthy /health (first and later start), and one CLI call
 *
 * Postgres when DATABASE_URL is set, else PGlite in a temporary directory. BENCH_SECONDS (default
 * 10) and BENCH_CONNECTIONS (default 10) set each run; docs/benchmarks.md has figures and reading.
 */
import { runRatio } from './bench/ratio';
import { runLists } from './bench/lists';
import { runDashboardLists } from './bench/dashboard-lists';
import { runScaleOut } from './bench/scale-out';
import { runPayer } from './bench/payer';
import { runStartUp } from './bench/start-up';

const args = process.argv.slice(2);
const valueOf = (flag: string) => {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : Number(args[at + 1]);
};

async function main() {
  const rows = valueOf('--rows');
  const processes = valueOf('--processes');
  if (args.includes('--dashboard')) return runDashboardLists(rows ?? 1_000_000);
  if (rows !== undefined) return runLists(rows);
  if (processes !== undefined) return runScaleOut(processes);
  if (args.includes('--payer')) return runPayer();
  if (args.includes('--start-up')) return runStartUp();
  return runRatio();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

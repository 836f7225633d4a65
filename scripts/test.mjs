// `npm test`: everything, on a fresh machine after `npm install`.
//  1. makes sure Debian's Chromium is there (installs it with apt-get when running as root);
//  2. runs vitest: unit tests, the database tests on PGlite, and again on Postgres when
//     TEST_DATABASE_URL is set (.ci/run sets it to a fresh database);
//  3. builds the payer pages and runs the Playwright journeys in Chromium.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';

function run(command, args, extraEnv = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
  } else {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
}

run('npx', ['vitest', 'run']);
run('npx', ['remix', 'vite:build']);
run('npx', ['playwright', 'test']);

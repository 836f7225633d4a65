// `npm test`: everything, on a fresh machine after `npm install`.
//  1. builds what is stale (`npm run build`: the server, the CLI and the pages the tests run);
//  2. makes sure Debian's xmllint is there (as Chromium below) and runs vitest: unit tests, the
//     database tests on PGlite, and again on Postgres when TEST_DATABASE_URL is set (.ci/run sets
//     it to a fresh database);
//  3. makes sure Debian's Chromium is there (installs it with apt-get when running as root) and
//     runs the Playwright journeys in it.
// A failing step does not keep the next from running: every part reports, and the exit code is
// non-zero at the end if any failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
const XMLLINT = '/usr/bin/xmllint';
const results = [];

function run(name, command, args, extraEnv = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

/** A Debian package's program the tests need: installed with apt-get when running as root. */
function ensureDebianProgram(program, pkg) {
  if (fs.existsSync(program)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`${program} is missing. Install it with: sudo apt-get install -y ${pkg}`);
    results.push({ name: pkg, ok: false, seconds: 0 });
    return false;
  }
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run(pkg, 'apt-get', ['install', '-y', '-qq', pkg], { DEBIAN_FRONTEND: 'noninteractive' })
  );
}

// Without a build nothing below can run.
if (!run('build', process.execPath, ['scripts/build.mjs', '--if-stale'])) process.exit(1);
// xmllint validates the SEPA files the unit tests write against the official XSDs.
ensureDebianProgram(XMLLINT, 'libxml2-utils');
// The JSON report lets the summary at the end name the failed tests: a CI log shows only its tail.
const vitestReport = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-vitest-')), 'report.json');
run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (ensureDebianProgram(CHROMIUM, 'chromium')) run('playwright', 'npx', ['playwright', 'test']);

console.log('\nnpm test:');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'passed' : 'FAILED'}  ${name} (${seconds} s)`);
for (const line of failedVitestTests(vitestReport)) console.log(`    ${line}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

/** The failed vitest files and tests, one line each, with the first line of each failure. */
function failedVitestTests(reportPath) {
  if (!fs.existsSync(reportPath)) return [];
  const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const relative = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) lines.push(`${relative}: ${firstLine(file.message)}`);
    for (const t of failed) lines.push(`${relative} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
  return lines;
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

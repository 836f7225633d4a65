// `npm run build`: everything `npm start` runs, compiled ahead (decision 0065), into ./build:
//   service/  the server and the CLI, bundled by esbuild (node_modules stay external), run by node;
//   pages/  the Remix pages (remix vite:build, which empties this folder first);
//   pgdata-template.tar.gz  an empty, migrated PGlite data directory a first start copies.
// `--if-stale` (prestart, the tests' global setup) rebuilds only the parts older than their sources.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { NODE_BUNDLE } from './node-bundle.mjs';

const onlyIfStale = process.argv.includes('--if-stale');
const SERVICE = 'build/service';

/**
 * Each part: what it writes, what it is made from, how to make it. Not package-lock.json:
 * `npm prune` rewrites it unchanged, which would make a pruned install's build look stale, and
 * what only the lock changes (a patch release) is loaded from node_modules at run time anyway.
 */
const parts = [
  {
    name: 'payer pages and dashboard (remix vite:build)',
    output: 'build/pages/server/index.js',
    sources: ['app', 'i18n', 'public', 'server', 'vite.config.ts', 'package.json'],
    build: buildPages,
  },
  {
    name: 'server and CLI (esbuild)',
    output: `${SERVICE}/main.js`,
    sources: ['server', 'i18n', 'app/enhance/dropin', 'package.json'],
    build: buildService,
  },
  {
    name: 'first-start data directory (PGlite, migrated)',
    output: 'build/pgdata-template.tar.gz',
    sources: ['server/db/migrations', 'server/db/pglite-template.ts', 'package.json'],
    build: buildPgliteTemplate,
  },
];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

function isStale({ output, sources }) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt === 0 || sources.some((source) => newest(source) > builtAt);
}

async function buildService() {
  const esbuild = await importBuildTool('esbuild');
  fs.rmSync(SERVICE, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: {
      main: 'server/main.ts',
      cli: 'server/cli/index.ts',
      'pglite-template': 'server/db/pglite-template.ts',
    },
    outdir: SERVICE,
    ...NODE_BUNDLE,
    // Lazy imports stay lazy (the mail renderer, PGlite); shared code is one chunk beside the
    // entries, so `import.meta.url` means the same directory in every file (the migrations below).
    splitting: true,
    chunkNames: '[name]-[hash]',
  });
  // server/db/migrate.ts reads its migrations beside itself: copy them beside the bundle.
  fs.cpSync('server/db/migrations', `${SERVICE}/migrations`, { recursive: true });
}

function buildPages() {
  // Always a production build: vitest runs this with NODE_ENV=test, which would otherwise make a
  // development build of React that `npm start` would then serve.
  run(['remix', 'vite:build'], { NODE_ENV: 'production' });
}

function buildPgliteTemplate() {
  const write = `import('./${SERVICE}/pglite-template.js').then((m) => m.writePgliteTemplate())`;
  const result = spawnSync(process.execPath, ['-e', write], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function run(args, env) {
  const bin = path.join('node_modules', '.bin', args[0]);
  if (!fs.existsSync(bin)) missingBuildTools();
  const result = spawnSync(bin, args.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function importBuildTool(name) {
  try {
    return await import(name);
  } catch {
    missingBuildTools();
  }
}

function missingBuildTools() {
  console.error(
    'The build needs the dev dependencies (esbuild, vite, remix): run `npm ci` (not --omit=dev), then' +
      ' `npm run build`; `npm prune --omit=dev` afterwards leaves what `npm start` needs (the Dockerfile does so).',
  );
  process.exit(1);
}

for (const part of parts) {
  if (onlyIfStale && !isStale(part)) continue;
  const started = Date.now();
  await part.build();
  console.log(`built ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// Builds the Remix app when there is no build yet or a source file is newer than it, so
// `npm start` on a fresh checkout serves the payer pages without a separate build step.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const output = path.resolve('build/server/index.js');
const sources = ['app', 'public', 'server/i18n', 'server/domain', 'vite.config.ts', 'package.json'];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newest(s) > builtAt)) {
  console.log('Building the payer pages (remix vite:build)…');
  // Always a production build: vitest runs this with NODE_ENV=test, which would otherwise make a
  // development build of React that `npm start` would then serve.
  const result = spawnSync('npx', ['remix', 'vite:build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

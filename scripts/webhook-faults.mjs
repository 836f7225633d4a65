// `npm run fault:webhooks`: bundles scripts/webhook-faults.ts as the server is built (esbuild,
// `?raw` imports as text, packages external, migrations beside the bundle) and runs it under
// `node --expose-gc`, which tsx cannot give a script that imports the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import esbuild from 'esbuild';
import { NODE_BUNDLE } from './node-bundle.mjs';

// A folder of this run's own: the test suite runs this script on both stores at once, and a shared
// folder was emptied under the other run.
fs.mkdirSync('build', { recursive: true });
const out = fs.mkdtempSync('build/faults-');
await esbuild.build({
  entryPoints: { 'webhook-faults': 'scripts/webhook-faults.ts' },
  outdir: out,
  ...NODE_BUNDLE,
});
fs.cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });
const run = spawnSync(process.execPath, ['--expose-gc', `${out}/webhook-faults.js`], { stdio: 'inherit' });
fs.rmSync(out, { recursive: true, force: true });
process.exit(run.status ?? 1);

// `npm run lint`'s dead-code check (decision 0072): knip, configured in knip.json, finds unused
// files, dependencies and exports. One finding it cannot see the use of is left out: a table
// declaration (`export const xTable = defineTable(…)`), which the table-declarations test collects
// from every module's exports at run time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const knip = path.resolve('node_modules/knip/bin/knip.js');
const run = spawnSync(process.execPath, [knip, '--no-progress', '--reporter', 'json'], { encoding: 'utf8' });
if (run.error || !run.stdout.trim()) {
  process.stderr.write(run.stderr || String(run.error));
  process.exit(2);
}

const declaresTables = (file) => fs.readFileSync(file, 'utf8').includes('defineTable(');
const findings = [];
for (const issue of JSON.parse(run.stdout).issues) {
  for (const [kind, items] of Object.entries(issue)) {
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const name = item.name ?? item.map?.((d) => d.name).join('|') ?? String(item);
      if (kind === 'exports' && name.endsWith('Table') && declaresTables(issue.file)) continue;
      findings.push(`${kind.padEnd(16)} ${name}  ${issue.file}${item.line ? `:${item.line}` : ''}`);
    }
  }
}
if (findings.length) {
  console.error(`knip: ${findings.length} unused or unlisted (remove them, or say why in knip.json):`);
  for (const line of findings) console.error(`  ${line}`);
  process.exit(1);
}
console.log('knip: no unused files, dependencies or exports');

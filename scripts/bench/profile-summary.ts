/**
 * `npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--from <µs> --to <µs>] [--top N]`:
 * where a V8 CPU profile's time went, as text for docs/benchmarks.md. Self time is the function
 * itself; inclusive time counts every sample the function was on the stack for (once per sample,
 * however deep it recurses). `--from`/`--to` keep only samples between two instants of the
 * monotonic clock the profile is stamped with (µs, as `process.hrtime` reads it), so a bench can
 * leave out the server's start and its own set-up: `npm run bench -- --payer` writes that window
 * beside the profile (`window.json`) and this script reads it when no window is given.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Broad areas, first match wins: where a page's CPU time goes, in words a reader knows. */
const AREAS: [string, (url: string, name: string) => boolean][] = [
  ['(garbage collector)', (_u, n) => n === '(garbage collector)'],
  ['(idle)', (_u, n) => n === '(idle)' || n === '(program)'],
  ['PGlite (WASM Postgres)', (u) => u.includes('@electric-sql/pglite') || u.startsWith('wasm://')],
  ['React SSR', (u) => u.includes('react-dom') || u.includes('/react/')],
  ['Remix', (u) => u.includes('@remix-run')],
  ['bankflow pages (build/pages)', (u) => u.includes('/build/pages/')],
  ['bankflow server/ (build/service when built)', (u) => u.includes('/server/') || u.includes('/build/service/')],
  ['Hono', (u) => u.includes('/hono/')],
  ['iron-session / crypto', (u) => u.includes('iron-') || u.includes('node:internal/crypto')],
  [
    'node: TLS, HTTP, streams',
    (u) => /node:(internal\/)?(tls|_tls|http|https|_http|net|stream|internal\/streams)/.test(u),
  ],
  ['node: modules (loading)', (u) => u.includes('node:internal/modules') || u.includes('/tsx/')],
  ['node: other', (u) => u.startsWith('node:')],
  ['native (no script)', (u) => u === ''],
];

function argValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

export function summarise(file: string, window?: { from: number; to: number }, top = 25): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) => {
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(app|server|build)\//, '$1/')}:${lineNumber + 1}`
      : '';
    return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  let t = profile.startTime;
  profile.samples.forEach((sampleId, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (window && (t < window.from || t > window.to)) return;
    const dt = profile.timeDeltas[i + 1] ?? 0; // a sample's time runs until the next one
    const leaf = byId.get(sampleId)!;
    total += dt;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + dt);
    const area = AREAS.find(([, test]) => test(leaf.callFrame.url, leaf.callFrame.functionName))?.[0] ?? 'other';
    areas.set(area, (areas.get(area) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = sampleId; id !== undefined; id = parent.get(id)) {
      const name = label(byId.get(id)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
    }
  });
  const pct = (us: number) => `${((100 * us) / Math.max(1, total)).toFixed(1)}%`;
  const table = (title: string, entries: Map<string, number>, n: number) =>
    [
      `| ${title} | ms | share |`,
      '| --- | ---: | ---: |',
      ...[...entries]
        .filter(([name]) => name !== '(root)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, us]) => `| \`${name.replaceAll('|', '\\|')}\` | ${(us / 1000).toFixed(0)} | ${pct(us)} |`),
    ].join('\n');
  return [
    `${path.basename(file)}: ${(total / 1000).toFixed(0)} ms of samples${window ? ' in the load window' : ''}`,
    '',
    table('area (self time)', areas, 20),
    '',
    table('function (self time)', self, top),
    '',
    table('function (inclusive time)', inclusive, top),
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const args = process.argv.slice(2);
  const file = args[0];
  if (!file) {
    console.error('usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--from µs --to µs] [--top N]');
    process.exit(2);
  }
  const windowFile = path.join(path.dirname(file), 'window.json');
  const from = argValue(args, '--from');
  const to = argValue(args, '--to');
  const window =
    from && to
      ? { from: Number(from), to: Number(to) }
      : fs.existsSync(windowFile)
        ? (JSON.parse(fs.readFileSync(windowFile, 'utf8')) as { from: number; to: number })
        : undefined;
  console.log(summarise(file, window, Number(argValue(args, '--top') ?? 25)));
}

// Summarises the server's .cpuprofile written by `BENCH_CPU_PROF=<dir> npm run bench` (ratio mode):
// finds bankflow's two long busy stretches (its GET phase, then its POST phase; the server idles
// while the reference is measured) and prints, for each, self time by package or file, self time
// by function, and the inclusive time of our own functions, as % of the non-idle samples.
// Usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [rows]
import fs from 'node:fs';

const [file, rows = '30'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let clock = profile.startTime;
const times = profile.timeDeltas.map((d) => (clock += d));
const isIdle = (id) => byId.get(id).callFrame.functionName === '(idle)';

// Busy stretches: runs of 250 ms windows with more than 40% non-idle samples, 2.5 s or longer.
const WINDOW = 250_000;
const windows = new Map();
profile.samples.forEach((id, i) => {
  const w = Math.floor((times[i] - profile.startTime) / WINDOW);
  const e = windows.get(w) ?? [0, 0];
  e[0]++;
  if (!isIdle(id)) e[1]++;
  windows.set(w, e);
});
const runs = [];
let run = null;
for (let w = 0; w <= Math.max(...windows.keys()); w++) {
  const [all, busy] = windows.get(w) ?? [0, 0];
  if (all && busy / all > 0.4) {
    run ??= [w, w];
    run[1] = w;
  } else if (run) {
    runs.push(run);
    run = null;
  }
}
if (run) runs.push(run);
const long = runs.filter(([a, b]) => (b - a + 1) * WINDOW >= 2_500_000);

const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, 'nm:')
    .replace(new RegExp(`^${process.cwd()}/`), '');
const keyOf = (f) => `${f.functionName || '(anon)'} ${short(f.url)}:${f.lineNumber + 1}`;
const packageOf = (f) => {
  const name = short(f.url) || `(${f.functionName})`;
  return name.startsWith('nm:')
    ? name
        .split('/')
        .slice(0, name.startsWith('nm:@') ? 2 : 1)
        .join('/')
    : name;
};

function summarise(label, from, to) {
  const ids = profile.samples.filter((id, i) => times[i] >= from && times[i] < to && !isIdle(id));
  const self = new Map();
  const files = new Map();
  const inclusive = new Map();
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const id of ids) {
    add(self, keyOf(byId.get(id).callFrame));
    add(files, packageOf(byId.get(id).callFrame));
    const seen = new Set();
    for (let c = id; c !== undefined; c = parent.get(c)) {
      const key = keyOf(byId.get(c).callFrame);
      if (!seen.has(key)) add(inclusive, key);
      seen.add(key);
    }
  }
  const print = (map, title, keep = () => true) => {
    console.log(`\n### ${label}: ${title} (% of ${ids.length} non-idle samples)`);
    const top = [...map].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]);
    for (const [k, v] of top.slice(0, Number(rows)))
      console.log(`${((100 * v) / ids.length).toFixed(1).padStart(5)}%  ${k}`);
  };
  print(files, 'self time by package or file');
  print(self, 'self time by function');
  print(inclusive, 'inclusive time of our functions', (k) => / (server|app)\//.test(k));
}

console.log(
  'busy stretches (s):',
  runs.map(([a, b]) => `${((a * WINDOW) / 1e6).toFixed(1)}-${(((b + 1) * WINDOW) / 1e6).toFixed(1)}`).join(' '),
);
long
  .slice(-2)
  .forEach(([a, b], i) =>
    summarise(
      i === 0 ? 'GET phase' : 'POST phase',
      profile.startTime + a * WINDOW,
      profile.startTime + (b + 1) * WINDOW,
    ),
  );

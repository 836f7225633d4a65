// How the server's code is bundled for node, by the build and by the fault script alike.
import fs from 'node:fs';
import path from 'node:path';

/**
 * node_modules stay external (node loads them as installed), except JSON data files, which node's
 * ESM loader would only take with an import attribute the sources do not write: those are inlined.
 */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.endsWith('.json') ? undefined : { external: true }));
  },
};

/** Vite's `?raw` (a file's text as a string), which the dev loop (vitest) already understands. */
const rawText = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({
      contents: fs.readFileSync(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

/** esbuild's options for a bundle node runs: ESM for Node 20, packages as installed, `?raw` as text. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [packagesExternal, rawText],
  logLevel: 'warning',
};

#!/usr/bin/env node
// The long fuzz run (issues 17, 40): the API's, the payer pages' and the dashboard forms' fuzz
// tests with a random seed and many runs per operation. The seed is printed first, and fast-check
// prints it again with the shrunk counterexample of any failure; rerun with FUZZ_SEED=<seed> to reproduce.
import { spawnSync } from 'node:child_process';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '200';
const project = process.env.TEST_DATABASE_URL ? [] : ['--project', 'pglite'];
console.log(`fuzz: seed ${seed}, ${runs} runs per operation (FUZZ_SEED=${seed} FUZZ_RUNS=${runs} to repeat)`);
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...project,
    'test/api/fuzz-openapi.test.ts',
    'test/flow/fuzz-payer-steps.test.ts',
    'test/flow/fuzz-dashboard-forms.test.ts',
    '--testTimeout',
    '0',
  ],
  { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
if (result.status !== 0) console.log(`fuzz: failed with seed ${seed}`);
process.exit(result.status ?? 1);

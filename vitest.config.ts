import { defineConfig } from 'vitest/config';

/**
 * No Remix plugin here: tests import server code directly and drive the built server over HTTPS.
 * Projects: fast unit tests; the database tests on PGlite; and, when TEST_DATABASE_URL is set,
 * the same database tests again on Postgres.
 */
const databaseProject = (name: string, store: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: [
      'test/api/**/*.test.ts',
      'test/db/**/*.test.ts',
      'test/flow/**/*.test.ts',
      // Faults and several processes, with real server processes on this project's store.
      'test/faults/**/*.test.ts',
      // What only the embedded store has (its data-directory lock) runs in its project alone.
      ...(store === 'pglite' ? ['test/pglite/**/*.test.ts'] : []),
      // The README's quick start, run against a spawned server on its own PGlite data directory.
      ...(store === 'pglite' ? ['test/readme/**/*.test.ts'] : []),
      // What only a real Postgres has (several processes on one database, a server restart).
      ...(store === 'postgres' ? ['test/postgres/**/*.test.ts'] : []),
    ],
    env: { TEST_DB: store },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Two cores on CI: two workers keep the suite parallel without starving the servers under test.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      databaseProject('pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [databaseProject('postgres', 'postgres')] : []),
    ],
  },
});

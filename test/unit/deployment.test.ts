import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDockerfile } from '../../scripts/production-install';
import { ROOT } from '../support/processes';

/**
 * No Docker engine runs where the tests do: what can be checked without one is that the Dockerfile
 * builds and starts the way `npm run build` and `npm start` do, which `npm run check:production`
 * (run by CI) then executes on a clean copy of the checkout (decision 0065).
 */
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
const [build, runtime, ...more] = readDockerfile();

describe('the Dockerfile', () => {
  it('builds in a stage of its own with the dev dependencies, then prunes them', () => {
    expect(more).toEqual([]);
    expect(build!.run).toEqual([
      expect.stringMatching(/^npm ci\b/),
      'npm run build',
      expect.stringMatching(/^npm prune --omit=dev\b/),
    ]);
    expect(packageJson.scripts.build).toBe('node scripts/build.mjs');
  });

  it('runs what npm start runs, with its NODE_ENV, as an unprivileged user, with only the build stage’s output', () => {
    const started = /^NODE_ENV=production exec (.+)$/.exec(packageJson.scripts.start!)![1];
    expect(runtime!.cmd!.join(' ')).toBe(started);
    expect(runtime!.env.NODE_ENV).toBe('production');
    expect(runtime!.user).toBeDefined();
    expect(runtime!.user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime!.copies.map((c) => [c.stage, c.from])).toEqual([
      [build!.name, '/app/package.json'],
      [build!.name, '/app/node_modules'],
      [build!.name, '/app/build'],
    ]);
  });

  it('has a HEALTHCHECK on /health/ready, and CI runs the production install it describes', () => {
    expect(runtime!.healthcheck!.join(' ')).toContain("path: '/health/ready'");
    expect(packageJson.scripts['check:production']).toBe('tsx scripts/production-install.ts');
    expect(read('.ci/run')).toMatch(/^npm run check:production$/m);
  });

  it('copies nothing built or secret into the image, and git keeps no build output', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'build', 'data', '.env', '.git']) expect(ignored).toContain(entry);
    expect(read('.gitignore').split('\n')).toContain('build/');
  });
});

describe('compose.yaml', () => {
  it('runs the image beside Postgres 15 or later, and waits for Docker to stop it longer than the drain', () => {
    const compose = read('compose.yaml');
    expect(Number(/image: postgres:(\d+)/.exec(compose)![1])).toBeGreaterThanOrEqual(15);
    expect(compose).toMatch(/^ {4}build: \.$/m);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/bankflow:\$\{POSTGRES_PASSWORD\}@db:5432\/bankflow/);
    expect(Number(/stop_grace_period: (\d+)s/.exec(compose)![1]) * 1000).toBeGreaterThan(10_000);
  });
});

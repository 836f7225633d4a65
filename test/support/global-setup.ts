import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { generate } from 'selfsigned';
import { createPostgresDatabase } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { PGLITE_TEMPLATE_FILE } from '../../server/db/pglite-template';
import { adminUrl, databaseUrlFor } from './postgres';

/**
 * Once per test run: the build's migrated PGlite data directory, copied (each test file loads its
 * own copy in well under a second), a migrated Postgres template database when TEST_DATABASE_URL
 * is set (each test file clones it with CREATE DATABASE … TEMPLATE), and one self-signed
 * certificate for every test server.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-test-'));
  // The built server, CLI and pages (spawned and served by the tests), rebuilt where older than
  // their sources; the build's migrated PGlite data directory is what every test file loads.
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  fs.copyFileSync(PGLITE_TEMPLATE_FILE, path.join(dir, 'pglite.tar.gz'));

  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  fs.writeFileSync(path.join(dir, 'cert.pem'), pems.cert);
  fs.writeFileSync(path.join(dir, 'key.pem'), pems.private);

  let postgresTemplate: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    postgresTemplate = `bankflow_template_${process.pid}`;
    const admin = createPostgresDatabase(adminUrl(), { max: 1 });
    await admin.query(`DROP DATABASE IF EXISTS ${postgresTemplate}`);
    await admin.query(`CREATE DATABASE ${postgresTemplate}`);
    const template = createPostgresDatabase(databaseUrlFor(postgresTemplate), { max: 1 });
    await migrate(template);
    await template.close();
    await admin.close();
  }

  project.provide('testDir', dir);
  project.provide('postgresTemplate', postgresTemplate ?? '');

  return async () => {
    if (postgresTemplate) {
      const admin = createPostgresDatabase(adminUrl(), { max: 1 });
      await admin.query(`DROP DATABASE IF EXISTS ${postgresTemplate}`).catch(() => {});
      await admin.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDir: string;
    postgresTemplate: string;
  }
}

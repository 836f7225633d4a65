import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { generate } from 'selfsigned';
import { PGlite } from '@electric-sql/pglite';
import { createPostgresDatabase } from '../../server/db/db';
import { pgliteParsers, wrapPglite } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { adminUrl, databaseUrlFor } from './postgres';

/**
 * Once per test run: a migrated PGlite data directory dumped to a file (each test file loads its
 * own copy in well under a second), a migrated Postgres template database when TEST_DATABASE_URL
 * is set (each test file clones it with CREATE DATABASE … TEMPLATE), and one self-signed
 * certificate for every test server.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-test-'));
  // The payer-flow tests serve the built pages: build them when missing or older than the sources.
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });

  const pglite = await PGlite.create({ parsers: pgliteParsers });
  await migrate(wrapPglite(pglite));
  const dump = await pglite.dumpDataDir('gzip');
  fs.writeFileSync(path.join(dir, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

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

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Database } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { ApiClient } from './client';
import { createTestDatabase, testStore } from './database';
import { startReceiver, type Receiver } from './receiver';
import { startTestServer, type TestServer } from './server';
import { readyUrl, ROOT, SERVER_ENTRY } from './processes';

/**
 * Real server processes (the built server, one node process each, so kill -9 hits the server
 * itself) on a store of the test project: a PGlite DATA_DIR, or a fresh Postgres database that
 * several processes can share. Used by the fault and multi-process tests.
 */
export interface Spawned {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** kill -9: no exit handler runs, nothing is flushed. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  /** Node's own flags before the entry point, e.g. `--expose-gc` and a `--require`d helper. */
  nodeArgs?: string[];
}

export function spawnServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: SpawnOptions = {},
): Promise<Spawned> {
  const testDir = inject('testDir');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TLS_CERT_FILE: path.join(testDir, 'cert.pem'),
      TLS_KEY_FILE: path.join(testDir, 'key.pem'),
      // The webhook receiver's certificate is the tests' own: trust it as a real CA would be.
      NODE_EXTRA_CA_CERTS: path.join(testDir, 'cert.pem'),
      SESSION_SECRET: 'a-shared-session-secret-for-every-process-0123456789',
      BANK_DETAILS_KEY: 'a-shared-bank-details-key-for-every-process-0123456789',
      // The tests' receivers listen on 127.0.0.1 (the README's quick start setting).
      ...(env.ENVIRONMENT === 'live' ? {} : { WEBHOOK_ALLOW_LOOPBACK: 'true' }),
      ...env,
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready in time:\n${output}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      const url = readyUrl(output);
      if (!url) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.on('data', (more: Buffer) => (output += more));
      resolve({
        child,
        url,
        output: () => output,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        async kill() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d));
    void exited.then((code) => {
      clearTimeout(timer);
      if (!readyUrl(output)) reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}

export interface SpawnedStore {
  /** Environment that points a process at this store. */
  env: Record<string, string>;
  organisationId: string;
  creditorId: string;
  token: string;
  receiver: Receiver;
  /** Opens the store in this process for checks while no server owns it; close it after. */
  open(): Promise<Database>;
  close(): Promise<void>;
}

/**
 * A store with a merchant (a read_write token) and a webhook endpoint pointing at a receiver in
 * this process, seeded through the services before any server process starts; `seed` adds more
 * through the same services.
 */
export async function prepareStore(seed?: (seeder: TestServer) => Promise<void>): Promise<SpawnedStore> {
  const receiver = await startReceiver();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-faults-'));
  let env: Record<string, string>;
  let db: Database & { url?: string };
  let open: () => Promise<Database>;
  if (testStore() === 'postgres') {
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url!, DATA_DIR: dataDir };
    open = async () => ({ ...db, close: async () => {} });
  } else {
    db = await openPglite(path.join(dataDir, 'pgdata'));
    env = { DATA_DIR: dataDir };
    open = () => openPglite(path.join(dataDir, 'pgdata'));
  }
  const seeder = await startTestServer({ db: { ...db, close: async () => {} }, schemeClockIntervalMs: 0 });
  const merchant = await seeder.merchant();
  await seeder.services.webhookEndpoints.create(seeder.services.db, merchant.organisationId, receiver.url);
  await seed?.(seeder);
  await seeder.close();
  if (testStore() === 'pglite') await db.close();
  return {
    env,
    organisationId: merchant.organisationId,
    creditorId: merchant.creditorId,
    token: merchant.token,
    receiver,
    open,
    async close() {
      await receiver.close().catch(() => {});
      if (testStore() === 'postgres') await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const apiFor = (server: Spawned, token: string) => new ApiClient(server.url, token);

const GBP_CUSTOMER = {
  given_name: 'Jane',
  family_name: 'Doe',
  email: 'jane@example.com',
  address_line1: '1 High St',
  city: 'London',
  postal_code: 'E1 6AN',
  country_code: 'GB',
};
const GBP_ACCOUNT = {
  account_holder_name: 'Jane Doe',
  branch_code: '200000',
  account_number: '55779911',
  country_code: 'GB',
};

/**
 * One unit of write load: a customer, its bank account and a Bacs mandate (which the scheme clock
 * then submits and activates). Returns the ids the server acknowledged (a 201), stopping at the
 * first request that was not acknowledged: what the caller may rely on being stored.
 */
export async function writeMandate(api: ApiClient, creditorId: string, key: string): Promise<string[]> {
  const acked: string[] = [];
  const step = async (path: string, body: unknown, resource: string) => {
    const res = await api.post(path, body, { headers: { 'idempotency-key': `${key}-${resource}` } }).catch((e) => {
      if (process.env.DEBUG_LOAD) console.log(path, String(e));
      return undefined;
    });
    if (res?.status !== 201) {
      if (process.env.DEBUG_LOAD) console.log(path, res?.status, JSON.stringify(res?.body));
      return undefined;
    }
    const id = res.body[resource].id as string;
    acked.push(id);
    return id;
  };
  const customer = await step('/customers', { customers: GBP_CUSTOMER }, 'customers');
  if (!customer) return acked;
  const account = await step(
    '/customer_bank_accounts',
    { customer_bank_accounts: { ...GBP_ACCOUNT, links: { customer } } },
    'customer_bank_accounts',
  );
  if (!account) return acked;
  await step(
    '/mandates',
    { mandates: { scheme: 'bacs', links: { customer_bank_account: account, creditor: creditorId } } },
    'mandates',
  );
  return acked;
}

/** Runs `lanes` loops of `writeMandate` until `until` resolves, adding every acknowledged id to `acked`. */
export async function writeLoad(
  api: () => ApiClient,
  creditorId: string,
  lanes: number,
  until: Promise<unknown>,
  acked: string[] = [],
) {
  let done = false;
  void until.then(() => (done = true));
  let n = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (!done) acked.push(...(await writeMandate(api(), creditorId, `load-${process.pid}-${Date.now()}-${n++}`)));
    }),
  );
  return acked;
}

import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, exportJWK, flattenedDecrypt, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gbBankAccount } from '../support/bank-data';
import { createTestDatabase, testStore } from '../support/database';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, post, SANDBOX_ACCOUNTS } from '../support/journeys';
import { runCli } from '../support/processes';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let merchant: Merchant;
let other: Merchant;
let privateKey: CryptoKey;
let publicJwk: JWK;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await server.merchant();
  other = await server.merchant();
  const pair = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'merchant-key-1', use: 'enc', alg: 'RSA-OAEP-256' };
});
afterAll(() => server?.close());

const register = (organisationId: string, jwks: unknown) =>
  server.services.db.transaction((tx) =>
    server.services.bankAccountDetails.registerJwks(tx, organisationId, jwks, 'test'),
  );
const details = (id: string, m = merchant) => m.api.get(`/bank_account_details/${id}`);

async function decrypt(jwe: Record<string, string>) {
  const { plaintext } = await flattenedDecrypt(jwe as never, privateKey);
  return JSON.parse(new TextDecoder().decode(plaintext));
}

describe('GET /bank_account_details/:id', () => {
  it('answers 403 with a clear reason while the organisation has no JWKS', async () => {
    const account = await gbBankAccount(merchant);
    const res = await details(account);
    expect(res.status).toBe(403);
    expect(res.body.error.errors[0].reason).toBe('forbidden');
  });

  it('encrypts the full details to the registered key; the private key gets the original details back', async () => {
    await register(merchant.organisationId, { keys: [publicJwk] });
    const account = await gbBankAccount(merchant, 'Jane Doe');
    const res = await details(account);
    expect(res.status).toBe(200);
    const jwe = res.body.bank_account_details;
    expect(Object.keys(jwe).sort()).toEqual(['ciphertext', 'encrypted_key', 'iv', 'protected', 'tag']);
    expect(decodeProtectedHeader(jwe)).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'merchant-key-1' });
    expect(await decrypt(jwe)).toMatchObject({
      account_holder_name: 'Jane Doe',
      account_number: '55779911',
      branch_code: '200000',
      country_code: 'GB',
      currency: 'GBP',
      iban: 'GB60BARC20000055779911',
    });
    // A read_only token may read them too: they are encrypted to the merchant alone.
    expect((await merchant.readOnly.get(`/bank_account_details/${account}`)).status).toBe(200);
  });

  it('keeps the details of an account collected by a billing request, and never stores them in clear', async () => {
    const created = await post(
      merchant.api,
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'EUR' } } },
      201,
    );
    const actions = `/billing_requests/${created.billing_requests.id}/actions`;
    await post(merchant.api, `${actions}/collect_customer_details`, { data: CUSTOMER_DETAILS.EUR });
    const collected = await post(merchant.api, `${actions}/collect_bank_account`, { data: SANDBOX_ACCOUNTS.EUR });
    const account = collected.billing_requests.links.customer_bank_account as string;
    const res = await details(account);
    expect(await decrypt(res.body.bank_account_details)).toMatchObject({ iban: 'FR1420041010050500013M02606' });
    const { rows } = await server.services.db.query<{ sealed: string }>(
      'SELECT sealed FROM bank_account_sealed_details',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.sealed).not.toMatch(/55779911|FR1420041010050500013M02606/);
  });

  it("answers 404 for an unknown id and another organisation's account", async () => {
    const theirs = await gbBankAccount(other);
    for (const id of ['BA00000000000000000000000000', theirs]) {
      const res = await details(id);
      expect(res.status).toBe(404);
      expect(res.body.error.errors[0].reason).toBe('resource_not_found');
    }
  });

  it('refuses JWKS without a usable key or with private key material', async () => {
    const pair = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });
    for (const jwks of [
      null,
      { keys: 'nope' },
      { keys: [] },
      { keys: [{ ...(await exportJWK(pair.publicKey)) }] }, // no kid
      { keys: [{ ...small, kid: 'small' }] },
      { keys: [{ ...(await exportJWK(pair.privateKey)), kid: 'private' }] },
    ]) {
      await expect(register(other.organisationId, jwks)).rejects.toMatchObject({ reason: 'validation_failed' });
    }
    expect(await server.services.bankAccountDetails.findJwks(server.services.db, other.organisationId)).toBeUndefined();
  });
});

describe('npm run cli -- jwks', () => {
  it('registers a JWKS from a file, shows it and removes it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-jwks-'));
    const db = testStore() === 'postgres' ? await createTestDatabase() : undefined;
    const env: Record<string, string> = db
      ? { DATABASE_URL: db.url!, LOG_LEVEL: 'silent' }
      : { DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const cli = async (...args: string[]) => {
      const result = await runCli([...args, '--json'], env);
      return { ...result, json: result.code === 0 ? JSON.parse(result.stdout.trim().split('\n').pop()!) : undefined };
    };
    try {
      const org = (await cli('organisations', 'create', '--name', 'Keys Ltd')).json;
      const file = path.join(dir, 'jwks.json');
      fs.writeFileSync(file, JSON.stringify({ keys: [publicJwk] }));
      const set = await cli('jwks', 'set', '--organisation', org.id, '--file', file);
      expect(set.code).toBe(0);
      expect(set.json.jwks.keys[0].kid).toBe('merchant-key-1');
      expect((await cli('jwks', 'show', '--organisation', org.id)).json.source).toBe(`file:${file}`);
      fs.writeFileSync(file, JSON.stringify({ keys: [{ kty: 'RSA', kid: 'x', n: 'AQAB', e: 'AQAB' }] }));
      const refused = await cli('jwks', 'set', '--organisation', org.id, '--file', file);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('validation_failed');
      expect((await cli('jwks', 'set', '--organisation', org.id, '--url', 'http://keys.example/jwks.json')).code).toBe(
        64,
      );
      expect((await cli('jwks', 'remove', '--organisation', org.id)).json).toEqual({ removed: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await db?.close();
    }
  }, 180_000);
});

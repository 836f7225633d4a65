/**
 * Part 1 of `npm run bench:notices` (issue 21, "Performance"): creating 1,000 payments, each with
 * its notice, keeps the API's p99 within 10% of the same run without mail. The real server runs
 * in this process on the bench's database (HTTPS, the whole pipeline, its notice sender mailing an
 * SMTP server here); two organisations take `POST /payments` in turn, one request each at a time,
 * so the machine's noise falls on both alike: one creditor's payers get notices, the other's
 * merchant sends its own (`merchant_responsible_for_notifications`), so it gets none.
 */
import https from 'node:https';
import { loadConfig } from '../../server/config';
import type { Services } from '../../server/container';
import type { Database } from '../../server/db/db';
import type { Actor } from '../../server/domain/shared/actor';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/server';
import { workspace } from './common';

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });

function post(url: string, token: string, body: unknown): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'gocardless-version': '2015-07-06',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An organisation with one Bacs mandate; a `quiet` creditor's merchant sends its own notices. */
export async function benchMerchant(db: Database, services: Services, name: string, quiet: boolean) {
  return db.transaction(async (tx) => {
    const org = await services.access.createOrganisation(tx, name);
    const creditor = await services.access.createCreditor(tx, org.id, { name: `${name} Ltd` });
    if (quiet)
      await tx.query('UPDATE creditors SET merchant_responsible_for_notifications = true WHERE id = $1', [creditor.id]);
    const actor: Actor = { organisationId: org.id, origin: 'api', source: { type: 'access_token', name: 'bench' } };
    const customer = await services.customers.create(tx, actor, {
      given_name: 'P',
      family_name: 'Q',
      email: 'payer@example.com',
    });
    const account = await services.bankAccounts.create(tx, actor, {
      account_holder_name: 'P Q',
      branch_code: '200000',
      account_number: '55779911',
      country_code: 'GB',
      customerId: customer.id,
    });
    const mandate = await services.mandates.createForAccount(tx, actor, {
      links: { customer_bank_account: account.id },
    });
    return { organisationId: org.id, actor, mandate };
  });
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.99)]!;

export async function measureApiWithNotices(db: Database, smtpUrl: string, payments: number) {
  const ws = await workspace();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: `${ws.dir}/data`,
    PUBLIC_URL: 'https://localhost',
    TLS_CERT_FILE: ws.certFile,
    TLS_KEY_FILE: ws.keyFile,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'bench@bankflow.test',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    VERSION_HEADER: 'GoCardless-Version',
  });
  const server = await startServer({
    config,
    db,
    logger: createLogger('silent'),
    ...(process.env.DIAG ? JSON.parse(process.env.DIAG) : {}),
  });
  await server.ready;
  const { services } = server;

  /** `benchMerchant` with a read-write token for the API. */
  async function merchant(name: string, quiet: boolean) {
    const { organisationId, mandate } = await benchMerchant(db, services, name, quiet);
    const token = await db.transaction((tx) => services.access.createToken(tx, organisationId, 'read_write', 'bench'));
    return { token: token.value, mandate: mandate.id };
  }

  const withMail = await merchant('Notices bench', false);
  const without = await merchant('Quiet bench', true);
  const times = { with: [] as number[], without: [] as number[] };
  const create = async (who: { token: string; mandate: string }, i: number) => {
    const res = await post(`${server.url}/payments`, who.token, {
      payments: { amount: 100 + (i % 900), currency: 'GBP', links: { mandate: who.mandate } },
    });
    if (res.status !== 201) throw new Error(`POST /payments answered ${res.status}`);
    return res.ms;
  };
  // A warm-up on both sides (statements prepared, code compiled), then the runs in turn.
  for (let i = 0; i < 50; i++) await create(i % 2 ? withMail : without, i);
  for (let i = 0; i < payments; i++) {
    times.without.push(await create(without, i));
    times.with.push(await create(withMail, i));
  }
  agent.destroy();
  await server.close().catch(() => {});
  return { p99Without: p99(times.without), p99With: p99(times.with), ratio: p99(times.with) / p99(times.without) };
}

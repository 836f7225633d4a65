import https from 'node:https';
import { exportJWK, generateKeyPair } from 'jose';
import gocardless, { Environments } from 'gocardless-nodejs';
import type { Merchant } from './factories';
import { activeMandate, collectedPayment } from './money';
import { fund, recipient } from './outbound';
import { startTestServer, type TestServer } from './server';
import type { Fresh } from './every-method-fresh';

/**
 * The sandbox the every-method test of the official client runs in: one merchant with money, a
 * payout account per currency, an active mandate, a webhook, an export and the rest already made;
 * another merchant whose payout ran; one with nothing yet. Fresh resources: every-method-fresh.ts.
 */
export type OfficialClient = ReturnType<typeof gocardless>;

/** The official client, unchanged, pointed at the test server the way its README shows. */
export function officialClient(server: TestServer, token: string): OfficialClient {
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  return gocardless(token, Environments.Sandbox, { proxy: { https: agent } } as never);
}

/** A webhook receiver that takes every delivery (the test reads webhooks, it does not check them). */
const acceptingSender = async () => ({ status: 200, headers: new Headers(), text: async () => '' });

/** A day `days` from today, as a charge or start date. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface Sandbox {
  server: TestServer;
  /** The merchant whose token the client uses. */
  m: Merchant;
  client: OfficialClient;
  /** A second read_write token of `m`: approvals need another approver. */
  approver: OfficialClient;
  /** Another merchant whose payout ran: payouts and their items. */
  paidOut: { m: Merchant; client: OfficialClient; payout: string };
  /** A merchant with no payout account yet: creditor bank accounts. */
  plain: { m: Merchant; client: OfficialClient };
  /** An active Bacs mandate of `m`, its customer, and a GBP bank account of another customer. */
  mandate: string;
  customer: string;
  bankAccount: string;
  paymentAccount: string;
  transaction: string;
  event: string;
  export: string;
  webhook: string;
}

export async function startSandbox(): Promise<Sandbox> {
  const server = await startTestServer({
    env: { VERSION_HEADER: 'GoCardless-Version' },
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: acceptingSender },
  });
  // The payout runs before the main merchant is funded, so its funds stay in its payment account.
  const paidMerchant = await server.merchant(undefined, { payoutAccounts: true });
  await collectedPayment(paidMerchant, await activeMandate(paidMerchant), 2000, 'payment_confirmed');
  await server.payoutRunner.runDue();
  const payout = (await paidMerchant.api.get('/payouts')).body.payouts[0].id as string;

  const m = await server.merchant(undefined, { payoutAccounts: true, withoutFees: true });
  const { services } = server;
  await services.webhookEndpoints.create(services.db, m.organisationId, 'https://merchant.example/hooks');
  const pair = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'every-method', use: 'enc', alg: 'RSA-OAEP-256' };
  await services.db.transaction(async (tx) => {
    await services.bankAccountDetails.registerJwks(tx, m.organisationId, { keys: [jwk] }, 'test');
    await services.payerAuthorisations.access.open(tx, m.organisationId);
  });
  await fund(m, 50_000);
  const mandate = await activeMandate(m);
  const customer = (await m.api.get(`/mandates/${mandate}`)).body.mandates.links.customer as string;
  const made = await services.db.transaction((tx) =>
    services.exports.create(tx, m.organisationId, {
      exportType: 'payments_index',
      currency: 'GBP',
      from: new Date('2020-01-01T00:00:00Z'),
      to: new Date('2100-01-01T00:00:00Z'),
    }),
  );
  const paymentAccount = (await m.api.get('/payment_accounts')).body.payment_accounts[0].id as string;
  const range = `value_date_from=2020-01-01&value_date_to=${inDays(1)}`;
  const transactions = await m.api.get(`/payment_accounts/${paymentAccount}/transactions?${range}`);
  await server.webhookWorker.runDue();
  const second = await services.db.transaction((tx) =>
    services.access.createToken(tx, m.organisationId, 'read_write', 'second approver'),
  );
  const plain = await server.merchant();
  return {
    server,
    m,
    client: officialClient(server, m.token),
    approver: officialClient(server, second.value),
    paidOut: { m: paidMerchant, client: officialClient(server, paidMerchant.token), payout },
    plain: { m: plain, client: officialClient(server, plain.token) },
    mandate,
    customer,
    bankAccount: await recipient(m),
    paymentAccount,
    transaction: transactions.body.payment_account_transactions[0].id,
    event: (await m.api.get('/events?limit=1')).body.events[0].id,
    export: made.id,
    webhook: (await m.api.get('/webhooks?limit=1')).body.webhooks[0].id,
  };
}

/**
 * What the every-method test passes to one method of the official client. `args` are the
 * method's arguments (no idempotency key, no headers), made with the fresh resources it needs;
 * `via` picks another client than the merchant's; `expect` names the resource-level refusal the
 * method answers with these arguments where a cheap setup cannot reach a 2xx. Without `expect`,
 * the method must answer 2xx.
 */
export interface MethodCall {
  args: (s: Sandbox, fresh: Fresh) => unknown[] | Promise<unknown[]>;
  via?: (s: Sandbox) => OfficialClient;
  expect?: string;
}

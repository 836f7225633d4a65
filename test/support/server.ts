import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import type { Clock } from '../../server/domain/shared/clock';
import { createLogger } from '../../server/logger';
import { startServer, type RunningServer, type StartOptions } from '../../server/server';
import { ApiClient } from './client';
import { createTestDatabase } from './database';
import { createMerchant, type Merchant } from './factories';

export interface TestServer extends RunningServer {
  config: Config;
  /** A client with no token: add one with `withToken`. */
  anonymous: ApiClient;
  /**
   * Creates an organisation with a creditor and tokens, and a client using its read_write token.
   * With `payoutAccounts: true` the creditor has a default payout account in every currency (as
   * the sandbox's own creditor has), so its payments are paid out; without, its funds wait.
   */
  merchant(name?: string, options?: Parameters<typeof createMerchant>[3]): Promise<Merchant>;
}

export interface TestServerOptions extends Partial<Omit<StartOptions, 'config'>> {
  env?: Record<string, string>;
  clock?: Clock;
}

/**
 * Starts the real server (HTTPS, the whole pipeline) on a free port around a fresh test
 * database. Tests talk to it over HTTPS like any client would.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = inject('testDir');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: 'https://localhost:3000',
    TLS_CERT_FILE: path.join(dir, 'cert.pem'),
    TLS_KEY_FILE: path.join(dir, 'key.pem'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // The tests' receivers listen on 127.0.0.1: the sandbox setting the README's quick start uses.
    ...(options.env?.ENVIRONMENT === 'live' ? {} : { WEBHOOK_ALLOW_LOOPBACK: 'true' }),
    ...options.env,
  });
  const { env: _env, db: given, ...rest } = options;
  const db = given ?? (await createTestDatabase());
  // The statistics job stays off unless a test asks for it: its catalogue reads would otherwise
  // land in the statements a test records for one request.
  const server = await startServer({
    logger: createLogger(config.logLevel),
    analyzeIntervalMs: 0,
    ...rest,
    config,
    db,
  });
  if (!options.holdStartup) await server.ready;
  const anonymous = new ApiClient(server.url, undefined, config.versionHeader);
  return {
    ...server,
    config,
    anonymous,
    merchant: (name, merchantOptions) => createMerchant(server.services, anonymous, name, merchantOptions),
  };
}

/** Every live approval (payment pages, white label, custom pages): what a merchant needs to take mandates in live. */
export async function approveForLive(server: TestServer, merchant: Merchant) {
  await server.services.access.setApprovals(server.services.db, merchant.organisationId, {
    payment_pages_approved: true,
    white_label_partner: true,
    custom_payment_pages: true,
  });
}

import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderError } from '../../server/api/errors';
import { isDomainError } from '../../server/domain/shared/errors';
import { createWebhookWorker } from '../../server/jobs/webhook-delivery';
import { createHttpsSender } from '../../server/jobs/webhook-sender';
import { startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 40.3: webhook URLs may not point at internal hosts, at registration (every spelling of
 * an address, as the public API's validation error) and at connection time (a name resolving to
 * an internal address is refused before any connection; nothing reaches the receiver).
 */
let strict: TestServer; // sandbox without WEBHOOK_ALLOW_LOOPBACK
let loose: TestServer; // sandbox with it (the README's quick start)
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  strict = await startTestServer({
    env: { WEBHOOK_ALLOW_LOOPBACK: 'false' },
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0 },
  });
  loose = await startTestServer({
    db: { ...strict.services.db, close: async () => {} },
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0 },
  });
});
afterAll(async () => {
  await loose?.close();
  await strict?.close();
  await receiver?.close();
});

/** The public API's error envelope for registering `url`, or null when it was registered. */
async function register(server: TestServer, url: string) {
  const m = await server.merchant();
  try {
    await server.services.db.transaction((tx) => server.services.webhookEndpoints.create(tx, m.organisationId, url));
    return null;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return renderError(error, { lang: 'en', requestId: 'RQ', publicUrl: 'https://localhost:3000' });
  }
}

const LOOPBACK = [
  'http://127.0.0.1:5432/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://127.1/',
  'http://127.0.0.1./',
  'http://[::1]/',
  'http://localhost/',
  'http://LOCALHOST./',
  'http://hooks.localhost/',
];
const NEVER: [string, string][] = [
  ['http://169.254.169.254/latest/meta-data/', 'link_local'],
  ['http://[fe80::1]/', 'link_local'],
  ['http://10.0.0.1/', 'private'],
  ['http://172.16.0.1/', 'private'],
  ['http://192.168.1.1/', 'private'],
  ['http://100.64.0.1/', 'private'],
  ['http://[fd00::1]/', 'unique_local'],
  ['http://[fc00::1]/', 'unique_local'],
  ['http://224.0.0.1/', 'multicast'],
  ['http://[ff02::1]/', 'multicast'],
  ['http://0/', 'unspecified'],
  ['http://0.0.0.0/', 'unspecified'],
  ['http://[::]/', 'unspecified'],
  ['http://[::ffff:127.0.0.1]/', 'mapped'],
  ['http://[::ffff:7f00:1]/', 'mapped'],
  ['http://[0:0:0:0:0:ffff:169.254.169.254]/', 'mapped'],
  ['http://[::127.0.0.1]/', 'mapped'],
  ['http://[64:ff9b::a00:1]/', 'mapped'],
  ['http://255.255.255.255/', 'reserved'],
];

describe('registering a webhook endpoint on an internal address', () => {
  it.each([...LOOPBACK.map((url) => [url, 'loopback'] as [string, string]), ...NEVER])(
    'refuses %s (%s) as a validation error',
    async (url, kind) => {
      const refused = await register(strict, url);
      expect(refused?.status).toBe(422);
      expect(refused?.body.error.type).toBe('validation_failed');
      expect(refused?.body.error.documentation_url).toMatch(/#validation_failed$/);
      expect(refused?.body.error.errors).toMatchObject([{ field: 'url', metadata: { address_kind: kind } }]);
    },
  );

  it('allows loopback, and only loopback, with WEBHOOK_ALLOW_LOOPBACK in the sandbox', async () => {
    for (const url of LOOPBACK) expect(await register(loose, url)).toBeNull();
    for (const [url, kind] of NEVER) {
      expect((await register(loose, url))?.body.error.errors).toMatchObject([{ metadata: { address_kind: kind } }]);
    }
    expect(await register(strict, 'https://merchant.example/hooks')).toBeNull();
    expect(await register(strict, 'https://8.8.8.8/hooks')).toBeNull();
  });
});

describe('connecting to a webhook endpoint', () => {
  /** Registers `url` (loopback allowed), then delivers with `sender` and answers the one attempt. */
  async function deliverWith(url: string, sender: ReturnType<typeof createHttpsSender>) {
    const m = await loose.merchant();
    const { endpoint } = await loose.services.webhookEndpoints.create(loose.services.db, m.organisationId, url);
    const before = receiver.received.length;
    await loose.services.db.transaction((tx) => loose.services.webhooks.sendTest(tx, 'operator', endpoint.id));
    const worker = createWebhookWorker({
      db: loose.services.db,
      clock: loose.services.clock,
      ids: loose.services.ids,
      logger: loose.services.logger,
      sender,
      timeoutMs: 5_000,
    });
    expect(await worker.runDue(1)).toBe(1);
    const { rows } = await loose.services.db.query<{ error: string | null; successful: boolean }>(
      'SELECT error, successful FROM webhook_attempts WHERE organisation_id = $1',
      [m.organisationId],
    );
    return { attempts: rows, reached: receiver.received.length - before };
  }

  const port = () => new URL(receiver.url).port;
  const resolvesTo = (...addresses: string[]): typeof dns.lookup =>
    ((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )) as unknown as typeof dns.lookup;

  it('refuses a name that resolves to loopback (localhost, by the system resolver) when loopback is not allowed', async () => {
    const { attempts, reached } = await deliverWith(
      `https://localhost:${port()}/webhooks`,
      receiver.sender({ allowLoopback: false }),
    );
    expect(reached).toBe(0);
    expect(attempts).toMatchObject([{ successful: false, error: expect.stringMatching(/^refused: .* loopback/) }]);
  });

  it('refuses a name one of whose addresses is internal, and connects to the checked address otherwise', async () => {
    const url = `https://hooks.merchant.example:${port()}/webhooks`;
    const refused = await deliverWith(
      url,
      createHttpsSender({ allowLoopback: true, lookup: resolvesTo('127.0.0.1', '169.254.169.254') }),
    );
    expect(refused.reached).toBe(0);
    expect(refused.attempts).toMatchObject([{ successful: false, error: expect.stringMatching(/link_local/) }]);

    // The same name resolving to loopback alone, loopback allowed: the request reaches the
    // receiver, at the address the lookup answered (TLS then fails on the name, as it should).
    const reached = await deliverWith(url, createHttpsSender({ allowLoopback: true, lookup: resolvesTo('127.0.0.1') }));
    expect(reached.attempts[0]!.error).not.toMatch(/^refused/);
  });

  it('refuses a literal internal address stored before the rule, without connecting', async () => {
    const m = await strict.merchant();
    const { endpoint } = await loose.services.webhookEndpoints.create(
      loose.services.db,
      m.organisationId,
      receiver.url,
    );
    const before = receiver.received.length;
    await strict.services.db.transaction((tx) => strict.services.webhooks.sendTest(tx, 'operator', endpoint.id));
    const worker = createWebhookWorker({
      db: strict.services.db,
      clock: strict.services.clock,
      ids: strict.services.ids,
      logger: strict.services.logger,
      timeoutMs: 5_000,
    });
    expect(await worker.runDue(1)).toBe(1);
    expect(receiver.received.length).toBe(before);
    const { rows } = await strict.services.db.query<{ error: string }>(
      'SELECT error FROM webhook_attempts WHERE organisation_id = $1',
      [m.organisationId],
    );
    expect(rows).toMatchObject([{ error: 'refused: 127.0.0.1 is a loopback address' }]);
  });
});

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
  // SIIT's IPv4-translated addresses, ::ffff:0:0:0/96 (RFC 2765), in each spelling.
  ['http://[::ffff:0:7f00:1]/', 'mapped'],
  ['http://[0:0:0:0:ffff:0:7f00:1]/', 'mapped'],
  ['http://[::ffff:0:127.0.0.1]/', 'mapped'],
  ['http://[::FFFF:0:A9FE:A9FE]/', 'mapped'],
  ['http://[0000:0000:0000:0000:ffff:0000:0a00:0001]/', 'mapped'],
  ['http://255.255.255.255/', 'reserved'],
  // The 6to4 relay anycast, 192.88.99.0/24 (RFC 7526), in each spelling.
  ['http://192.88.99.1/', 'reserved'],
  ['http://3227017985/', 'reserved'],
  ['http://0300.0130.0143.01/', 'reserved'],
  ['http://0xc0.0x58.0x63.0x1/', 'reserved'],
  ['http://0xc0586301/', 'reserved'],
  ['http://192.88.25345/', 'reserved'],
  ['http://[::ffff:192.88.99.1]/', 'mapped'],
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
    const connectionsBefore = receiver.connections();
    expect(await worker.runDue(1)).toBe(1);
    const { rows } = await loose.services.db.query<{ error: string | null; successful: boolean }>(
      'SELECT error, successful FROM webhook_attempts WHERE organisation_id = $1',
      [m.organisationId],
    );
    return {
      attempts: rows,
      reached: receiver.received.length - before,
      connected: receiver.connections() - connectionsBefore,
    };
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

    expect(refused.connected).toBe(0);

    // The same name resolving to loopback alone, loopback allowed: the connection reaches the
    // receiver, at the address the lookup answered (the system resolver knows no such name), and
    // TLS then fails, as it should: the receiver's certificate is self-signed and not trusted here.
    const reached = await deliverWith(url, createHttpsSender({ allowLoopback: true, lookup: resolvesTo('127.0.0.1') }));
    expect(reached.connected).toBe(1);
    expect(reached.attempts).toMatchObject([{ successful: false, error: 'DEPTH_ZERO_SELF_SIGNED_CERT' }]);
  });

  it('connects only to the address it checked when the name answers differently next time (DNS rebinding)', async () => {
    // A resolver that answers an allowed address first and an internal one after: one look-up per
    // connection, checked, and the socket goes to what was checked. Checking one answer and
    // connecting by another look-up would go to 169.254.169.254 instead of the receiver. The
    // receiver presenting its (untrusted, self-signed) certificate shows where the socket went.
    const answers = ['127.0.0.1', '169.254.169.254'];
    let lookups = 0;
    const rebinding = ((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) => {
      const address = answers[Math.min(lookups++, answers.length - 1)]!;
      callback(null, [{ address, family: 4 }]);
    }) as unknown as typeof dns.lookup;
    const url = `https://hooks.merchant.example:${port()}/webhooks`;

    const first = await deliverWith(url, createHttpsSender({ allowLoopback: true, lookup: rebinding }));
    expect(lookups).toBe(1);
    expect(first.connected).toBe(1);
    expect(first.attempts).toMatchObject([{ successful: false, error: 'DEPTH_ZERO_SELF_SIGNED_CERT' }]);

    // The next connection (a new sender: no kept-alive socket) is given the internal answer, and refused.
    const next = await deliverWith(url, createHttpsSender({ allowLoopback: true, lookup: rebinding }));
    expect(lookups).toBe(2);
    expect(next.connected).toBe(0);
    expect(next.reached).toBe(0);
    expect(next.attempts).toMatchObject([
      { successful: false, error: 'refused: 169.254.169.254 is a link_local address' },
    ]);
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

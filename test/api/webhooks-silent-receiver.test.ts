import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/**
 * A webhook receiver that accepts the connection and never answers (issue 17, Faults): the
 * attempt times out and is recorded as failed, and deliveries to other endpoints do not wait on
 * it. Two kinds of silence: HTTPS that reads the request and never replies, and a TCP socket that
 * never even completes the TLS handshake. The worker runs on its own timer, as in production.
 */
const TIMEOUT_MS = 3_000;
let server: TestServer;
let healthy: Receiver;
let hanging: Receiver;
let silentSocket: net.Server;
const held: net.Socket[] = [];

beforeAll(async () => {
  healthy = await startReceiver();
  hanging = await startReceiver();
  hanging.answer(() => 'hang');
  silentSocket = net.createServer((socket) => held.push(socket)); // accepts, says nothing
  await new Promise<void>((resolve) => silentSocket.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 100, sender: healthy.sender(), timeoutMs: TIMEOUT_MS },
  });
});
afterAll(async () => {
  await server?.close();
  for (const socket of held) socket.destroy();
  silentSocket?.close();
  await healthy?.close();
  hanging.answer(() => ({ status: 200 }));
  await hanging?.close();
});

async function merchantAt(url: string) {
  const merchant = await server.merchant();
  await server.services.webhookEndpoints.create(server.services.db, merchant.organisationId, url);
  return merchant;
}

const block = (merchant: Merchant, n: string) =>
  merchant.api.post('/blocks', {
    blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: `${n}@example.com` },
  });

const attemptsOf = async (merchant: Merchant) =>
  (
    await server.services.db.query<{ error: string | null; successful: boolean }>(
      'SELECT error, successful FROM webhook_attempts WHERE organisation_id = $1',
      [merchant.organisationId],
    )
  ).rows;

describe('a webhook receiver that never answers', () => {
  it('times out, is recorded as failed, and holds up no other delivery', async () => {
    const { port } = silentSocket.address() as net.AddressInfo;
    const hangs = await merchantAt(hanging.url);
    const silent = await merchantAt(`https://127.0.0.1:${port}/webhooks`);
    const fine = await merchantAt(healthy.url);

    expect((await block(hangs, 'hang')).status).toBe(201);
    expect((await block(silent, 'silent')).status).toBe(201);
    // Wait until both silent receivers hold a request of ours…
    for (let i = 0; hanging.received.length === 0 || held.length === 0; i++) {
      if (i > 100) throw new Error('the silent receivers were never reached');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // …then the healthy endpoint's event is delivered long before they time out.
    const started = Date.now();
    expect((await block(fine, 'fine')).status).toBe(201);
    for (let i = 0; healthy.received.length === 0; i++) {
      if (i > 200) throw new Error('the healthy endpoint got nothing');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(await attemptsOf(hangs)).toEqual([]);

    // The silent ones end as timed-out attempts, not as deliveries stuck for ever.
    for (const merchant of [hangs, silent]) {
      for (let i = 0; (await attemptsOf(merchant)).length === 0; i++) {
        if (i > 100) throw new Error('no attempt recorded');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [attempt] = await attemptsOf(merchant);
      expect(attempt!.successful).toBe(false);
      expect(attempt!.error).toMatch(/timed out/);
    }
    expect((await attemptsOf(fine)).every((a) => a.successful)).toBe(true);
  }, 60_000);
});

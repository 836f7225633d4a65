import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { z } from 'zod';
import { webhookPayloadWire } from '../../server/api/wire/events';
import { createHttpsSender, type WebhookSender } from '../../server/jobs/webhook-sender';

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, exactly as it arrived. */
  raw: string;
  body: { events: { id: string; [key: string]: unknown }[]; meta: { webhook_id: string } };
  receivedAt: number;
}

/** What the receiver answers a request with; `hang` never answers (a timeout for the sender). */
export type Answer =
  | {
      status: number;
      body?: string;
      headers?: Record<string, string>;
      /** answer only after this long */ delayMs?: number;
    }
  | 'hang';

/** The signature check of the README's receiver: HMAC-SHA256 of the raw body, hex, constant time. */
export function signatureIsValid(raw: string, secret: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

/**
 * A real merchant receiver on local HTTPS with the test run's self-signed certificate. It keeps
 * every request; `answer` decides each response; `down()` stops listening (connections refused)
 * and `up()` listens again on the same port. Every body is checked against the documented event
 * shape; `close()` fails with the first body that broke it, so the test that sent it fails.
 */
export async function startReceiver() {
  const dir = inject('testDir');
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const key = fs.readFileSync(path.join(dir, 'key.pem'));
  const received: Received[] = [];
  const undocumented: string[] = [];
  let answer: (request: Received, index: number) => Answer = () => ({ status: 200, body: '{"ok":true}' });

  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: Received = { headers: req.headers, raw, body: JSON.parse(raw), receivedAt: Date.now() };
      const checked = webhookPayloadWire.safeParse(request.body);
      if (!checked.success) undocumented.push(z.prettifyError(checked.error));
      received.push(request);
      const reply = answer(request, received.length - 1);
      if (reply === 'hang') return;
      const send = () => {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  // TCP connections accepted, handshake or not: a client that failed TLS on the name still came here.
  let connections = 0;
  server.on('connection', () => connections++);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);

  return {
    url: `https://127.0.0.1:${port}/webhooks`,
    received,
    /** TCP connections this receiver has accepted. */
    connections: () => connections,
    /** Every event id received, in arrival order (duplicates kept). */
    eventIds: () => received.flatMap((r) => r.body.events.map((e) => e.id)),
    answer(fn: typeof answer) {
      answer = fn;
    },
    /** A sender that trusts this receiver's certificate, and nothing self-signed besides. */
    sender: (options: { allowLoopback?: boolean } = {}): WebhookSender =>
      createHttpsSender({ ca: cert, allowLoopback: options.allowLoopback ?? true }),
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      await listen(port);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (undocumented.length) {
        throw new Error(`A webhook body /openapi.json's event shape does not document:\n${undocumented[0]}`);
      }
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

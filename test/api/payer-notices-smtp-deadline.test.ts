import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { listNotifications } from '../../server/domain/notifications/queries';
import { RETRY_BASE_MS } from '../../server/jobs/notification-delivery';
import { createMandateViaBillingRequest } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue 40.2, SMTP: each send has an overall deadline (SMTP_TIMEOUT_MS) on a timer the mailer
 * holds. A server that accepts and never greets, one that greets and then goes silent, and one
 * that answers a byte at a time (so an idle-socket timeout never fires) each cost a send the
 * deadline and no more; the notice is kept for a retry, and is delivered once the server answers.
 * SMTP_URL points at a stand-in (net.createServer) whose behaviour is chosen per connection; in
 * `relay` it passes the bytes to a real SMTP receiver.
 */
const DEADLINE_MS = 1_500;
type Mode = 'silent' | 'greets_then_silent' | 'drips' | 'relay';
let mode: Mode = 'silent';
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let standIn: net.Server;
const sockets = new Set<net.Socket>();
let server: TestServer;
const clock = new ManualClock('2026-03-02T09:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  standIn = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (mode === 'relay') {
      const upstream = net.connect(smtp.port, '127.0.0.1');
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
      return;
    }
    if (mode === 'silent') return;
    socket.write('220 stand-in.test ESMTP\r\n');
    if (mode === 'greets_then_silent') return;
    // drips: whatever it is sent, it answers one byte every 200 ms and never finishes a line.
    const drip = setInterval(() => socket.write('2'), 200);
    socket.on('close', () => clearInterval(drip));
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', () => resolve()));
  const { port } = standIn.address() as AddressInfo;
  server = await startTestServer({
    clock,
    env: {
      SMTP_URL: `smtp://notices:secret@127.0.0.1:${port}`,
      MAIL_FROM: 'notices@bankflow.test',
      SMTP_TIMEOUT_MS: String(DEADLINE_MS),
    },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
  });
});
afterAll(async () => {
  await server?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => standIn?.close(() => resolve()));
  await smtp?.close();
});

describe('an SMTP server that never finishes answering', () => {
  it.each<[string, Mode]>([
    ['accepts and never greets', 'silent'],
    ['greets, then goes silent', 'greets_then_silent'],
    ['answers a byte at a time, never a whole line', 'drips'],
  ])(
    '%s: the send fails within SMTP_TIMEOUT_MS and the notice is retried later',
    async (_what, given) => {
      mode = given;
      const m = await server.merchant();
      await createMandateViaBillingRequest(m, { currency: 'GBP' });

      const started = Date.now();
      expect(await server.services.deliverNotifications()).toBe(0);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
      expect(took).toBeLessThan(DEADLINE_MS + 2_000);
      let rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'pending', attempts: 1, failure_reason: null });
        expect(row.next_attempt_at!.getTime()).toBe(clock.now().getTime() + RETRY_BASE_MS);
      }

      // The server answers again: at the retry each notice goes out, once.
      mode = 'relay';
      const before = smtp.received.length;
      clock.advance(RETRY_BASE_MS);
      expect(await server.services.deliverNotifications()).toBe(rows.length);
      rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['sent', 2]));
      expect(smtp.received.length - before).toBe(rows.length);
      // The pool would keep this connection for the next case: it starts on a new one.
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
    },
    30_000,
  );
});

import nodemailer from 'nodemailer';
import type { Database } from '../db/db';
import type { Mailer, MailMessage } from '../domain/notifications/mailer';
import { insertMailboxMessage } from '../domain/notifications/mailbox-queries';
import type { Clock } from '../domain/shared/clock';
import type { IdGenerator } from '../domain/shared/ids';
import { headerSafe } from './format';

/**
 * Why a send failed, for the delivery job: `permanent` (a 5xx answer — hard bounce — or an address
 * the server refuses) marks the notice failed; anything else (connection refused, timeouts, 4xx)
 * is retried with back-off, so an SMTP server that is down only delays mail.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly reason: 'hard_bounce' | 'rejected_address' | 'temporary',
  ) {
    super(message);
  }
}

export function classifySmtpError(error: unknown): MailError {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const message = headerSafe(String(e?.message ?? error), 300);
  if (e?.code === 'EENVELOPE' && (e.responseCode ?? 0) >= 500) return new MailError(message, true, 'rejected_address');
  if (e?.code === 'EENVELOPE' && !e.responseCode) return new MailError(message, true, 'rejected_address');
  if (typeof e?.responseCode === 'number' && e.responseCode >= 500) return new MailError(message, true, 'hard_bounce');
  return new MailError(message, false, 'temporary');
}

export interface SmtpOptions {
  url: string;
  from: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /**
   * Each send's overall deadline (ms, default 30 s): connecting, the greeting, every command and
   * the message itself. A timer this mailer holds aborts the send (nodemailer's per-send `signal`
   * closes its connection), so a server that never greets, or greets and then goes silent, or
   * drips a byte now and then, costs one send this long and no more (decision 0063). nodemailer's
   * own connection, greeting and idle-socket timeouts are set to it too, as a second line.
   */
  timeoutMs?: number;
}

/** Real mail over SMTP (`smtp://` or `smtps://`, with `user:pass@` for auth), optionally DKIM-signed. */
export function createSmtpMailer(options: SmtpOptions): Mailer & { close(): void } {
  const timeout = options.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 8,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // An aborted send's socket is destroyed at once, not after waiting for the server to close it.
    socketCloseTimeout: 0,
    dkim: options.dkim,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      const deadline = new AbortController();
      // Held here and cleared below: not an AbortSignal.timeout, which garbage collection can lose (issue 40.2).
      const timer = setTimeout(() => deadline.abort(), timeout);
      try {
        await transport.sendMail({ ...toNodemailer(message, options.from), signal: deadline.signal });
      } catch (error) {
        if (deadline.signal.aborted) throw new MailError(`timed out after ${timeout} ms`, false, 'temporary');
        throw classifySmtpError(error);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => transport.close(),
  };
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from: message.fromName ? { name: headerSafe(message.fromName, 100), address: from } : from,
    to: message.to,
    subject: headerSafe(message.subject),
    text: message.text,
    html: message.html,
    headers: { 'Content-Language': headerSafe(message.language, 10) },
    // An address nodemailer would otherwise split or rewrite (commas, quotes) is refused, not guessed at.
    disableUrlAccess: true,
    disableFileAccess: true,
  };
}

/**
 * The embedded mailbox (no SMTP_URL): every mail is kept in the service's own database, readable
 * at /sandbox/mailbox and with `bankflow mailbox`. Nothing leaves the machine.
 */
export function createMailboxMailer(deps: { db: Database; clock: Clock; ids: IdGenerator; from: string }): Mailer {
  return {
    async send(message) {
      await insertMailboxMessage(deps.db, {
        id: deps.ids('mailboxMessage'),
        organisation_id: message.organisationId,
        notification_id: null,
        recipient: message.to,
        sender: message.fromName ? `${headerSafe(message.fromName, 100)} <${deps.from}>` : deps.from,
        subject: headerSafe(message.subject),
        language: message.language,
        html: message.html ?? null,
        text_body: message.text,
        created_at: deps.clock.now(),
      });
    },
  };
}

import type { Database } from '../db/db';
import type { Mailer, MailMessage } from '../domain/notifications/mailer';
import type { Clock } from '../domain/shared/clock';
import type { IdGenerator } from '../domain/shared/ids';
import type { OutcomeCounts } from '../outcome-counts';
import { createMailboxMailer, createSmtpMailer } from './transport';

export interface MailSettings {
  smtpUrl?: string;
  from?: string;
  /** Each SMTP send's overall deadline (SMTP_TIMEOUT_MS). */
  timeoutMs?: number;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

/** The address mail comes from when MAIL_FROM is unset (the sandbox's mailbox only). */
export const DEFAULT_MAIL_FROM = 'bankflow@localhost';

/** SMTP when `SMTP_URL` is set (live always has it: config refuses to start without), else the mailbox. */
export function createMailer(settings: MailSettings, deps: { db: Database; clock: Clock; ids: IdGenerator }): Mailer {
  const from = settings.from ?? DEFAULT_MAIL_FROM;
  if (settings.smtpUrl)
    return createSmtpMailer({ url: settings.smtpUrl, from, dkim: settings.dkim, timeoutMs: settings.timeoutMs });
  return createMailboxMailer({ ...deps, from });
}

/** The mailer with each send counted by outcome; what else it has (the SMTP pool's `close`) is kept. */
export function countSends(mailer: Mailer, counts: OutcomeCounts): Mailer {
  return Object.assign(Object.create(mailer) as Mailer, {
    async send(message: MailMessage) {
      try {
        await mailer.send(message);
      } catch (error) {
        counts.mailSend('failed');
        throw error;
      }
      counts.mailSend('sent');
    },
  });
}

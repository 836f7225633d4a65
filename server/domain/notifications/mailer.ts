import type { Logger } from '../../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  language: string;
}

/** Sends mail. Pluggable: the sandbox logs messages instead of sending them. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createLogMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      logger.info('mail (sandbox: logged, not sent)', { to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/** Keeps messages in memory: for tests that read what would have been sent. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

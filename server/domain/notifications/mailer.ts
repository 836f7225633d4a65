export interface MailMessage {
  to: string;
  /** The organisation the mail is sent for: the sandbox mailbox shows each organisation its own. */
  organisationId: string;
  subject: string;
  text: string;
  language: string;
  /** The HTML part (payer notices have one; the dashboard's sign-in links are text only). */
  html?: string;
  /** The display name beside MAIL_FROM's address (the creditor's name, header-safe). */
  fromName?: string;
}

/**
 * Sends mail. Pluggable: SMTP (`SMTP_URL`), the embedded mailbox (no `SMTP_URL`), memory (tests).
 * `send` throws a `MailError` (server/mail/transport.ts) saying whether a retry can help.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
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

import type { NoticeType } from '../../domain/notifications/types';

/**
 * One language's words for the payer mails. `{creditor}`, `{name}`, `{date}` are filled in with
 * escaped values by the templates (React escapes them in HTML; the text part is plain text).
 */
export interface MailTexts {
  subject: Record<NoticeType, string>;
  intro: Record<NoticeType, string>;
  greeting: string;
  greetingAnonymous: string;
  amount: string;
  chargeDate: string;
  reference: string;
  mandateReference: string;
  description: string;
  scheduleAhead: string;
  retryYes: string;
  retryNo: string;
  howToCancel: string;
  creditorDetails: string;
  footer: string;
  continue: string;
}

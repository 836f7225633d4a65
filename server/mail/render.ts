import { createElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { NoticeContent } from '../domain/notifications/types';
import type { MailMessage } from '../domain/notifications/mailer';
import { headerSafe } from './format';
import { mailTranslator } from '../../i18n/mail';
import { NOTICE_TEMPLATES } from './templates/notices';

/** The HTML part's ceiling (issue 21): the templates stay far below it; longer text is cut, not sent whole. */
export const MAX_HTML_BYTES = 30 * 1024;

/**
 * A notice as a mail: subject, HTML and plain text in the payer's language. Everything from a
 * merchant or payer is a React child (escaped in HTML); the subject goes through `headerSafe`, so
 * no CR/LF can reach a header.
 */
export async function renderNotice(content: NoticeContent): Promise<Omit<MailMessage, 'organisationId'>> {
  const t = mailTranslator(content.language);
  const element = createElement(NOTICE_TEMPLATES[content.type], { content, t });
  const html = await render(element);
  // The text part from the HTML already rendered (what `render(…, { plainText: true })` does, once).
  // A section's heading (the scheme text's) keeps its case there: legal titles are not shouted.
  const text = toPlainText(html, { selectors: [{ selector: 'h2', options: { uppercase: false } }] });
  if (Buffer.byteLength(html) > MAX_HTML_BYTES) throw new Error(`mail HTML over ${MAX_HTML_BYTES} bytes`);
  return {
    to: content.to,
    language: content.language,
    subject: headerSafe(t(`subject.${content.type}`, { creditor: headerSafe(content.creditor.name, 100) })),
    html,
    text,
    fromName: headerSafe(content.creditor.name, 100),
  };
}

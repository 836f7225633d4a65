import { describe, expect, it } from 'vitest';
import { NOTICE_TYPES, isUsableAddress, type NoticeContent } from '../../server/domain/notifications/types';
import { LANGUAGES } from '../../i18n/languages';
import { renderNotice } from '../../server/mail/render';
import { mail } from '../../i18n/en/mail';
import { headerSafe } from '../../server/mail/format';

const content = (type: (typeof NOTICE_TYPES)[number], language: string, long = 'x'): NoticeContent => ({
  type,
  language,
  to: 'payer@example.com',
  scheme: 'bacs',
  customerName: `<b>${long}</b>`,
  creditor: { name: `<script>${long}</script>`, address: ['1 High St', 'London'], contact: null },
  mandateReference: 'REF-1',
  payment: { amount: 2500, currency: 'GBP', chargeDate: '2026-06-17', reference: long, description: long },
  schedule: Array.from({ length: 12 }, (_, i) => ({
    amount: 1000,
    currency: 'GBP',
    chargeDate: `2026-${String(i + 1).padStart(2, '0')}-15`,
  })),
  refund: { amount: 500, currency: 'GBP', reference: long },
  willRetry: false,
  schemeText: { title: 'The Direct Debit Guarantee', paragraphs: [long] },
  link: 'https://localhost/pay/BRF1',
});

describe('payer mail templates', () => {
  it('has a subject and an intro for every notice type, and nothing else (the rest: i18n-parity)', () => {
    const ofKind = (kind: string) =>
      Object.keys(mail)
        .filter((key) => key.startsWith(`${kind}.`))
        .map((key) => key.slice(kind.length + 1))
        .sort();
    expect(ofKind('subject')).toEqual([...NOTICE_TYPES].sort());
    expect(ofKind('intro')).toEqual([...NOTICE_TYPES].sort());
  });

  it('renders each notice in each language: HTML and text, escaped, one-line subject, ≤ 30 KB with 10,000-character fields', async () => {
    const huge = 'A'.repeat(10_000) + '\r\nBcc: x@example.com';
    for (const language of LANGUAGES) {
      for (const type of NOTICE_TYPES) {
        const mail = await renderNotice(content(type, language, huge));
        expect(mail.subject, `${language} ${type}`).not.toMatch(/[\r\n]/);
        expect(mail.subject.length).toBeLessThanOrEqual(200);
        expect(mail.html).toContain(`lang="${language}"`);
        expect(mail.html).not.toContain('<script>');
        expect(Buffer.byteLength(mail.html!)).toBeLessThanOrEqual(30 * 1024);
        expect(mail.text.length).toBeGreaterThan(20);
      }
    }
  });

  it('shows amounts and dates in the payer’s language', async () => {
    const fr = await renderNotice(content('payment_created', 'fr'));
    expect(fr.text.replace(/\s+/g, ' ')).toMatch(/25,00 £/);
    expect(fr.text).toContain('17 juin 2026');
    const de = await renderNotice(content('payment_created', 'de'));
    expect(de.text).toContain('17. Juni 2026');
    const en = await renderNotice(content('payment_failed', 'en'));
    expect(en.text).toContain('£25.00');
    expect(en.text).toContain('It will not be tried again.');
  });

  it('accepts only one plain address, never something that could carry a header', () => {
    for (const good of ['a@example.com', 'jane.doe+x@mail.example.co.uk']) expect(isUsableAddress(good)).toBe(true);
    for (const bad of [
      null,
      '',
      'not an address',
      'a@b',
      'a@example.com\r\nBcc: x@y.z',
      'a@example.com, b@example.com',
      '"A" <a@example.com>',
      `${'a'.repeat(250)}@example.com`,
    ])
      expect(isUsableAddress(bad), String(bad)).toBe(false);
    expect(headerSafe('A\r\nBcc: b')).toBe('A Bcc: b');
  });
});

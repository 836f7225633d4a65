import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandateText } from '../../server/domain/schemes/mandate-text';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest } from '../support/journeys';
import { download, normalise, pdfText } from '../support/pdf';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue #38.7 beyond the pages: the Bacs mandate PDF and the mandate confirmation mail carry the
 * Instruction to the bank under its own heading, before the Direct Debit Guarantee's, as the confirm
 * page does (decision 0084). The PDF's text is read from the file, the mail from a real SMTP inbox.
 */
let server: TestServer;
let m: Merchant;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'notices@bankflow.test' },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
  });
  m = await server.merchant();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const bacs = (language: 'en' | 'fr') => mandateText('bacs', language, { creditorName: 'X', creditorIdentifier: '' })!;

/** Each section's heading, then the start of its first paragraph (before any name in it), in that order in `text`. */
function expectInOrder(text: string, language: 'en' | 'fr') {
  const [instruction, guarantee] = bacs(language).sections;
  expect(instruction!.title).not.toBe(guarantee!.title);
  const at = (needle: string, from = 0) => {
    const index = text.indexOf(normalise(needle), from);
    expect(index, needle).toBeGreaterThanOrEqual(from);
    return index;
  };
  const instructionAt = at(instruction!.title);
  const instructionBody = at(instruction!.paragraphs[0]!.slice(0, 10), instructionAt);
  const guaranteeAt = at(guarantee!.title, instructionBody);
  at(guarantee!.paragraphs[0]!.slice(0, 10), guaranteeAt);
}

describe('the Bacs Instruction and the Guarantee under their own headings', () => {
  it('in the mandate PDF', async () => {
    const res = await m.api.post('/mandate_pdfs', {
      mandate_pdfs: {
        scheme: 'bacs',
        given_name: 'Jane',
        family_name: 'Doe',
        account_holder_name: 'Jane Doe',
        account_number: '55779911',
        branch_code: '200000',
      },
    });
    expect(res.status).toBe(200);
    const file = await download(`${server.url}${new URL(res.body.mandate_pdfs.url).pathname}`);
    expect(file.status).toBe(200);
    expectInOrder(await pdfText(file.body), 'en');
  });

  it('in the mandate confirmation mail, in French: its HTML headings and its text part', async () => {
    const email = 'heading-check@example.com';
    await createMandateViaBillingRequest(m, {
      currency: 'GBP',
      customerDetails: {
        customer: { ...CUSTOMER_DETAILS.GBP.customer, email, language: 'fr' },
        customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
      },
    });
    await server.services.deliverNotifications();
    const mail = smtp.received.find((x) => x.envelopeTo.includes(email));
    expect(mail).toBeDefined();
    const [instruction, guarantee] = bacs('fr').sections;
    const html = String(mail!.parsed.html);
    const decode = (s: string) =>
      s
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const headings = [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((h) => decode(h[1]!));
    expect(headings).toEqual([instruction!.title, guarantee!.title]);
    expectInOrder(normalise(mail!.parsed.text ?? ''), 'fr');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemeIdentifierFor } from '../../server/domain/creditors/scheme-identifiers';
import { schemeContact } from '../../server/domain/schemes/contact';
import { mandateText, type MandateTextContext } from '../../server/domain/schemes/mandate-text';
import type { Scheme } from '../../server/domain/schemes/types';
import type { Language } from '../../i18n/languages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post, type SandboxCurrency } from '../support/journeys';
import type { TestServer } from '../support/server';
import { startPagesServer } from '../support/pages';

/**
 * The confirmation step shows each Direct Debit scheme's own mandate text — the Direct Debit
 * Guarantee, the SEPA mandate with the creditor identifier, the ACH authorisation for its consent
 * type, PAD, BECS, BECS NZ, Autogiro, Betalingsservice — in the payer's language, with the
 * creditor's name. Pages are fetched over HTTPS as a browser without JavaScript would.
 */
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant();
});
afterAll(() => server?.close());

/** The page's text as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
  const decoded = body
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
  return decoded.replace(/\s+/g, ' ');
}
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A mandate request with details and account collected, and the confirmation page of its flow. */
async function confirmPage(
  currency: SandboxCurrency,
  language: Language,
  mandateRequest: Record<string, unknown> = {},
  customer = CUSTOMER_DETAILS[currency],
) {
  const br = (
    await post(
      m.api,
      '/billing_requests',
      { billing_requests: { mandate_request: { currency, ...mandateRequest } } },
      201,
    )
  ).billing_requests;
  await post(m.api, `/billing_requests/${br.id}/actions/collect_customer_details`, { data: customer });
  await post(m.api, `/billing_requests/${br.id}/actions/collect_bank_account`, { data: SANDBOX_ACCOUNTS[currency] });
  const flow = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { language, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  const page = await new PageClient(server.url).open(`/pay/${flow.id}`);
  expect(page.path).toBe(`/pay/${flow.id}/confirm`);
  expect(page.status).toBe(200);
  return { html: page.html, text: textOf(page.html) };
}

async function expectedText(scheme: Scheme, language: Language, extra: Partial<MandateTextContext> = {}) {
  const creditor = await server.services.creditors.get(server.services.db, m.actor, m.creditorId);
  const context: MandateTextContext = {
    creditorName: creditor.name,
    creditorAddress: [creditor.address_line1, creditor.city, creditor.postal_code].filter(Boolean).join(', ') || null,
    creditorIdentifier: schemeIdentifierFor(creditor, scheme).reference,
    // The sandbox names its own contact where the scheme needs one and the creditor gave none.
    creditorEmail: schemeContact(creditor, scheme, 'sandbox')?.email ?? null,
    creditorPhone: schemeContact(creditor, scheme, 'sandbox')?.phone ?? null,
    ...extra,
  };
  return {
    text: mandateText(scheme, language, context)!,
    creditor: creditor.name,
    identifier: context.creditorIdentifier,
  };
}

describe('the mandate text on the confirmation step', () => {
  it.each([
    ['GBP', 'bacs', 'en'],
    ['EUR', 'sepa_core', 'fr'],
    ['EUR', 'sepa_core', 'de'],
    ['USD', 'ach', 'en'],
    ['CAD', 'pad', 'en'],
    ['AUD', 'becs', 'en'],
    ['NZD', 'becs_nz', 'en'],
    ['SEK', 'autogiro', 'sv'],
    ['DKK', 'betalingsservice', 'da'],
  ] as const)(
    '%s (%s) in %s: title, every paragraph, the agreement, the creditor and its identifier',
    async (currency, scheme, language) => {
      const page = await confirmPage(currency, language);
      const { text, creditor, identifier } = await expectedText(scheme, language);
      expect(page.text).toContain(squash(text.title));
      for (const paragraph of text.paragraphs) expect(page.text).toContain(squash(paragraph));
      expect(page.text).toContain(squash(text.agreement));
      expect(page.text).toContain(creditor);
      expect(page.text).toContain(identifier);
      expect(page.html).toMatch(new RegExp(`<html[^>]* lang="${language}"`));
      // In the payer's own words, not the English text under another language's name.
      if (language !== 'en') expect(text.agreement).not.toBe((await expectedText(scheme, 'en')).text.agreement);
    },
  );

  it('shows the Direct Debit mark with bacs only', async () => {
    // Drawn inline (an SVG with its accessible name), so the mark costs no request.
    expect((await confirmPage('GBP', 'en')).html).toMatch(
      /<svg[^>]+class="direct-debit-mark"[^>]*aria-label="Direct Debit"/i,
    );
    expect((await confirmPage('EUR', 'en')).html).not.toMatch(/direct-debit/i);
  });

  it('words the ACH authorisation for its consent type', async () => {
    const agreements = [];
    for (const consent of ['one_off', 'recurring', 'standing'] as const) {
      const page = await confirmPage('USD', 'en', { consent_type: consent });
      const { text } = await expectedText('ach', 'en', { consentType: consent });
      expect(page.text).toContain(squash(text.agreement));
      agreements.push(text.agreement);
    }
    expect(new Set(agreements).size).toBe(3);
  });

  it('gives a business PAD payer the business wording', async () => {
    const business = {
      ...CUSTOMER_DETAILS.CAD,
      customer: { company_name: 'Tremblay Inc', email: 'ap@tremblay.example' },
    };
    const page = await confirmPage('CAD', 'en', {}, business);
    const { text } = await expectedText('pad', 'en', { businessPad: true });
    const personal = (await expectedText('pad', 'en', { businessPad: false })).text;
    expect(text.paragraphs).not.toEqual(personal.paragraphs);
    for (const paragraph of text.paragraphs) expect(page.text).toContain(squash(paragraph));
  });
});

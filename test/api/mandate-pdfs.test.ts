import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { mandateText } from '../../server/domain/schemes/mandate-text';
import { LANGUAGES } from '../../i18n/languages';
import { schemeIdentifierFor } from '../../server/domain/creditors/scheme-identifiers';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest } from '../support/journeys';
import { download, normalise, pdfText } from '../support/pdf';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Mandate PDFs: a short-lived link (no API token needed, sealed, expiring) to a PDF with the
 * scheme's mandate text in the requested language — the same text the confirmation step shows.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

/** The test server listens on its own port; the links name the public URL. */
const local = (url: string) => `${server.url}${new URL(url).pathname}`;

async function linkFor(body: Record<string, unknown>, language: string, merchant = m) {
  const res = await merchant.api.post(
    '/mandate_pdfs',
    { mandate_pdfs: body },
    { headers: { 'accept-language': language } },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.mandate_pdfs as { url: string; expires_at: string };
}

/** The scheme's text as the confirmation step builds it for this creditor. */
async function schemeText(scheme: 'bacs' | 'sepa_core', language: 'en' | 'de', reference: string) {
  const creditor = await server.services.creditors.get(server.services.db, m.actor, m.creditorId);
  return mandateText(scheme, language, {
    creditorName: creditor.name,
    creditorAddress: [creditor.address_line1, creditor.city, creditor.postal_code].filter(Boolean).join(', ') || null,
    creditorIdentifier: schemeIdentifierFor(creditor, scheme).reference ?? '',
    reference,
  })!;
}

describe('mandate PDFs', () => {
  it('a SEPA mandate in German, by its link: the SEPA mandate text, downloadable without a token', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const link = await linkFor({ links: { mandate: mandateId } }, 'de');
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(clock.now().getTime());
    const file = await download(local(link.url));
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.body);
    const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
    const sepa = await schemeText('sepa_core', 'de', mandate.reference);
    expect(text).toContain('SEPA-Lastschriftmandat');
    expect(text).toContain(normalise(sepa.title));
    // Whole paragraphs, umlauts included, survive the embedded font.
    for (const paragraph of sepa.paragraphs.slice(0, 2)) expect(text).toContain(normalise(paragraph));
    expect(text).toContain(mandate.reference);
  });

  it('a Bacs mandate from the details given, in English: the Direct Debit Guarantee', async () => {
    const link = await linkFor(
      {
        scheme: 'bacs',
        given_name: 'Jane',
        family_name: 'Doe',
        account_holder_name: 'Jane Doe',
        account_number: '55779911',
        branch_code: '200000',
        mandate_reference: 'GYM-0001',
      },
      'en',
    );
    const text = await pdfText((await download(local(link.url))).body);
    const bacs = await schemeText('bacs', 'en', 'GYM-0001');
    expect(text).toContain('The Direct Debit Guarantee');
    for (const paragraph of bacs.paragraphs) expect(text).toContain(normalise(paragraph));
    expect(text).toContain('GYM-0001');
    // Only the account's ending, never the whole number.
    expect(text).not.toContain('55779911');
  });

  it('shows every catalogue’s letters: the SEPA text in all 11 languages', async () => {
    const creditor = await server.services.creditors.get(server.services.db, m.actor, m.creditorId);
    for (const language of LANGUAGES) {
      const link = await linkFor(
        { iban: 'FR1420041010050500013M02606', given_name: 'Žan', family_name: 'Ørsted' },
        language,
      );
      const text = await pdfText((await download(local(link.url))).body);
      const sepa = mandateText('sepa_core', language, {
        creditorName: creditor.name,
        creditorIdentifier: schemeIdentifierFor(creditor, 'sepa_core').reference ?? '',
      })!;
      expect(text, language).toContain(normalise(sepa.title));
      expect(text, language).toContain(normalise(sepa.paragraphs.at(-1)!));
      expect(text, language).toContain('Žan Ørsted');
    }
  });

  it('refuses an expired or altered link, and keeps organisations apart', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const link = await linkFor({ links: { mandate: mandateId } }, 'en');
    const parts = new URL(link.url).pathname.split('/');
    const token = parts.pop()!;
    const flipped = token.slice(0, -3) + (token.at(-3) === 'A' ? 'B' : 'A') + token.slice(-2);
    expect((await download(`${server.url}${parts.join('/')}/${flipped}`)).status).toBe(404);
    expect((await download(`${server.url}${parts.join('/')}/not-a-token`)).status).toBe(404);
    clock.advance(30 * 60_000 + 1000);
    expect((await download(local(link.url))).status).toBe(404);

    const elsewhere = await other.api.post('/mandate_pdfs', { mandate_pdfs: { links: { mandate: mandateId } } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.errors[0].reason).toBe('link_not_found');
    const noScheme = await m.api.post('/mandate_pdfs', { mandate_pdfs: { given_name: 'Jane' } });
    expect(noScheme.status).toBe(422);
    expect(noScheme.body.error.type).toBe('validation_failed');
    // A scheme whose mandate is signed at the bank (no text of ours) has no PDF.
    for (const scheme of ['nope', 'faster_payments']) {
      const badScheme = await m.api.post('/mandate_pdfs', { mandate_pdfs: { scheme } });
      expect(badScheme.status).toBe(422);
      expect(badScheme.body.error.errors[0].field).toBe('scheme');
    }
  });
});

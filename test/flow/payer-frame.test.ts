import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { translator } from '../../i18n/flow';
import { PNG } from 'pngjs';

/**
 * What frames every step: the named step indicator, a Back link that keeps what was entered, the
 * creditor's contact and the accessibility statement in the footer, and no step without a choice.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());
const en = translator('en');

beforeAll(async () => {
  server = await startPagesServer({
    clock,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

const UK = UK_PAYER;

async function payerOn(
  billingRequest: Record<string, unknown>,
  language = 'en',
  flowOptions: Record<string, unknown> = { lock_currency: true },
) {
  const br = (await post(m.api, '/billing_requests', { billing_requests: billingRequest }, 201)).billing_requests;
  const flow = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { ...flowOptions, language, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  const browser = new PageClient(server.url);
  const first = await browser.open(`/pay/${flow.id}`);
  const csrf = browser.csrfOf(first.html);
  return { brId: br.id as string, flowId: flow.id as string, browser, csrf, first };
}

describe('the frame of every step', () => {
  it('names the step, links Back to the step before with its answers, and the statement in the footer', async () => {
    const { flowId, browser, csrf, first } = await payerOn({ mandate_request: { currency: 'GBP' } });
    expect(first.html).toContain(`${en('common.step', { current: 1, total: 3 })} — ${en('details.title')}`);
    expect(first.html).not.toContain('class="back-link"');
    expect(first.html).toContain('href="/accessibility?lang=en"');
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    const account = await browser.get(`/pay/${flowId}/account`);
    expect(account.html).toContain(`${en('common.step', { current: 2, total: 3 })} — ${en('account.title')}`);
    expect(account.html).toContain(`<a class="back-link" href="/pay/${flowId}/details">`);
    // Back: the details step again, with what the payer entered.
    const back = await browser.get(`/pay/${flowId}/details`);
    expect(back.status).toBe(200);
    expect(back.html).toContain('value="1 High St"');
    expect(back.html).toContain('value="jane@example.com"');
  });

  it('skips the currency step for a mandate whose scheme fixes the currency', async () => {
    const { flowId, first } = await payerOn({ mandate_request: { currency: 'GBP', scheme: 'bacs' } }, 'en', {});
    expect(first.path).toBe(`/pay/${flowId}/details`);
    expect(first.html).toContain(en('common.step', { current: 1, total: 3 }));
    const chooser = await payerOn({ mandate_request: { currency: 'GBP' } }, 'en', {});
    expect(chooser.first.path).toBe(`/pay/${chooser.flowId}/currency`);
  });

  it('shows the creditor’s address in the footer once it has one', async () => {
    await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { address_line1: '9 Quay Street', city: 'Bristol', postal_code: 'BS1 4DJ' },
    });
    const { first } = await payerOn({ mandate_request: { currency: 'GBP' } });
    expect(first.html).toContain('9 Quay Street, Bristol, BS1 4DJ');
  });
});

describe('the creditor’s branding and contact (decision 0033)', () => {
  /** A 400×80 logo: the header draws it at 200×40. */
  function logoPng(): string {
    const image = new PNG({ width: 400, height: 80 });
    image.data.fill(40);
    return PNG.sync.write(image).toString('base64');
  }

  it('puts the logo, theme and contact on every step, in a compact language menu, with fields sized to their content', async () => {
    const logo = await post(m.api, '/branding/logos', { logos: { image: logoPng() } }, 201);
    const theme = await post(
      m.api,
      '/branding/payer_themes',
      { payer_themes: { button_background_colour: '#00703c', header_background_colour: '#0b0c0c' } },
      201,
    );
    await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { email: 'help@acme.example', phone_number: '+44 20 7946 0000' },
    });
    const { flowId, browser, csrf, first } = await payerOn({ mandate_request: { currency: 'GBP' } });
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    const account = await browser.get(`/pay/${flowId}/account`);
    for (const page of [first, account]) {
      expect(page.html).toContain(`src="/branding/logos/${logo.logos.id}.png" width="200" height="40"`);
      expect(page.html).toContain(
        `<link rel="stylesheet" href="/branding/payer_themes/${theme.payer_themes.id}.css"/>`,
      );
      expect(page.html).toContain('href="mailto:help@acme.example"');
      expect(page.html).toContain('href="tel:+442079460000"');
      // The language menu: a disclosure of eleven buttons, no long select.
      expect(page.html).toContain('<details class="language-menu">');
      expect(page.html.match(/name="language" value="/g)).toHaveLength(11);
      expect(page.html).not.toContain('<select id="language"');
    }
    expect(first.html).toMatch(/id="postal_code"[^>]*class="width-10"|class="width-10"[^>]*id="postal_code"/);
    expect(account.html).toMatch(/class="width-5"[^>]*inputMode="numeric"|inputMode="numeric"[^>]*class="width-5"/i);
    expect(account.html).toMatch(/id="branch_code"[^>]*spellCheck="false"|spellCheck="false"[^>]*id="branch_code"/i);
    // The language menu works as a plain form.
    const swapped = await browser.post(`/pay/${flowId}/language`, { csrf, language: 'de' });
    expect(swapped.status).toBe(303);
    expect((await browser.get(`/pay/${flowId}/account`)).html).toContain('<html lang="de"');
  });
});

describe('times in the creditor’s time zone (decision 0033)', () => {
  it('reads the bank link’s expiry in the zone of the creditor’s country, named beside it', async () => {
    const other = await server.merchant();
    const paths = async () => {
      const br = (
        await post(
          other.api,
          '/billing_requests',
          {
            billing_requests: { payment_request: { amount: 1000, currency: 'GBP' } },
          },
          201,
        )
      ).billing_requests;
      const flow = (
        await post(
          other.api,
          '/billing_request_flows',
          { billing_request_flows: { links: { billing_request: br.id } } },
          201,
        )
      ).billing_request_flows;
      const browser = new PageClient(server.url);
      const csrf = browser.csrfOf((await browser.open(`/pay/${flow.id}`)).html);
      await browser.post(`/pay/${flow.id}/details`, {
        given_name: 'Jane',
        family_name: 'Doe',
        email: 'j@example.com',
        csrf,
      });
      await browser.post(`/pay/${flow.id}/bank`, { institution: 'monzo', country: 'GB', csrf });
      const page = (await browser.get(`/pay/${flow.id}/authorise`)).html;
      return /This link works until ([^<.]*)/.exec(page)?.[1] ?? '';
    };
    // The zone as the payer's locale names it: British English for a payer paying in pounds (decision 0080).
    const expected = (timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' })
        .formatToParts(clock.now())
        .find((p) => p.type === 'timeZoneName')!.value;
    expect((await paths()).endsWith(` ${expected('Europe/London')}`)).toBe(true);
    await other.api.put(`/creditors/${other.creditorId}`, { creditors: { country_code: 'SE' } });
    expect((await paths()).endsWith(` ${expected('Europe/Stockholm')}`)).toBe(true);
  });
});

describe('the accessibility statement', () => {
  it.each(['en', 'de', 'sv'] as const)('is served in %s, in the GOV.UK form', async (language) => {
    const page = await new PageClient(server.url).get(`/accessibility?lang=${language}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<html lang="${language}"`);
    const t = translator(language);
    for (const key of ['a11y.title', 'a11y.tested_title', 'a11y.known_title', 'a11y.report_title'])
      expect(page.html).toContain(t(key).replace(/'/g, '&#x27;'));
  });

  it('falls back to the browser’s language for an unknown one', async () => {
    const page = await new PageClient(server.url).get('/accessibility?lang=<script>', { 'accept-language': 'fr' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="fr"');
  });
});

import { loadConfig } from '../../server/config';
import { loadRemixPages } from '../../server/http/remix';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/**
 * A test server that also serves the built payer pages, for tests that drive the hosted flow over
 * real HTTPS as a browser would. The scheme clock runs only when a test asks it to.
 */
export async function startPagesServer(options: TestServerOptions = {}): Promise<TestServer> {
  const remix = await loadRemixPages(
    loadConfig({ PUBLIC_URL: 'https://localhost:3000' }),
    'a-test-session-secret-that-is-long-enough',
  );
  if (!remix) throw new Error('the payer pages are not built');
  return startTestServer({
    schemeClockIntervalMs: 0,
    ...options,
    pages: remix.pages,
    clientAssetsDir: remix.clientAssetsDir,
  });
}

/** A UK payer's details, as the details step asks for them. */
export const UK_PAYER = {
  given_name: 'Jane',
  family_name: 'Doe',
  email: 'jane@example.com',
  address_line1: '1 High St',
  city: 'London',
  postal_code: 'E1 6AN',
  country_code: 'GB',
};

/** A UK account the sandbox's modulus checks accept. */
export const UK_ACCOUNT = { account_holder_name: 'Jane Doe', branch_code: '200000', account_number: '55779911' };

/**
 * A payer's way through a redirect flow's hosted pages (details, account, the confirmation with
 * the Direct Debit Guarantee), as a browser without JavaScript goes: answers where the last step
 * sends them (the merchant's success_redirect_url) and the browser, to look again.
 */
export async function finishRedirectFlow(baseUrl: string, redirectUrl: string) {
  const { PageClient } = await import('./browser');
  const browser = new PageClient(baseUrl);
  const flowPath = new URL(redirectUrl).pathname;
  const first = await browser.open(flowPath);
  if (first.status !== 200) throw new Error(`the flow answered ${first.status}`);
  const csrf = browser.csrfOf(first.html);
  // Without a scheme the payer chooses the currency first (GBP: a Bacs mandate).
  if (first.path.endsWith('/currency')) await browser.post(`${flowPath}/currency`, { currency: 'GBP', csrf });
  await browser.post(`${flowPath}/details`, { ...UK_PAYER, csrf });
  await browser.post(`${flowPath}/account`, { ...UK_ACCOUNT, csrf });
  const confirm = await browser.get(`${flowPath}/confirm`);
  const done = await browser.post(`${flowPath}/confirm`, { csrf, sole_signatory: 'yes' });
  return { browser, flowPath, confirmHtml: confirm.html, status: done.status, location: done.location ?? '' };
}

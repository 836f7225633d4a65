import { expect, test, type APIRequestContext, type Browser, type Page, type Response } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN, E2E_TOKEN } from '../../playwright.config';

/** The merchant's side of a journey: the API, with the server's bootstrap token. */
export const apiHeaders = {
  authorization: `Bearer ${E2E_TOKEN}`,
  'service-version': '2015-07-06',
  accept: 'application/json',
  'content-type': 'application/json',
};

export async function api(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await request.fetch(path, {
    method,
    headers: apiHeaders,
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => undefined);
  expect(response.status(), `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json;
}

/** A billing request and a flow for it; returns the flow's authorisation URL as a path. */
export async function newFlow(
  request: APIRequestContext,
  billingRequest: Record<string, unknown>,
  flow: Record<string, unknown> = {},
): Promise<{ billingRequestId: string; flowId: string; path: string }> {
  const br = (await api(request, 'POST', '/billing_requests', { billing_requests: billingRequest })).billing_requests;
  const created = (
    await api(request, 'POST', '/billing_request_flows', {
      billing_request_flows: { ...flow, links: { billing_request: br.id } },
    })
  ).billing_request_flows;
  return { billingRequestId: br.id, flowId: created.id, path: new URL(created.authorisation_url).pathname };
}

export const getBillingRequest = async (request: APIRequestContext, id: string) =>
  (await api(request, 'GET', `/billing_requests/${id}`)).billing_requests;

/** No accessibility violations on the page as it is now (axe, WCAG 2.1 A and AA). */
export async function expectAccessible(page: Page) {
  await page.waitForLoadState('load');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Fills the details step for a UK payer. */
export async function fillUkDetails(page: Page, email = 'jane.doe@example.com') {
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('E1 6AN');
  await page.getByLabel('Country').selectOption('GB');
}

/** Answers the merchant's return URLs (they are not real sites). */
export async function stubMerchant(page: Page) {
  await page.route('https://merchant.example/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Merchant</title><main><h1>Back at the merchant</h1></main>',
    }),
  );
}

/**
 * Confirms the check-answers step. A Bacs mandate first asks whether the payer may authorise
 * Direct Debits on the account by themselves; these journeys answer yes.
 */
export async function confirmStep(page: Page) {
  // The step must have arrived before asking whether it has the question.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check and confirm');
  const alone = page.getByRole('group', { name: /authorise Direct Debits on this account by yourself/ });
  if (await alone.count()) await alone.getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** Waits for the enhancement script's handlers, which load deferred after the page is usable. */
export async function waitForEnhancement(page: Page) {
  await page.locator('html[data-enhanced]').waitFor({ state: 'attached' });
}

/**
 * Another person's browser (a payer, an invited colleague): no session shared with the test's
 * page, the same screen as the project's device and the same JavaScript setting as the test.
 */
export function anotherPersonsBrowser(browser: Browser, javaScriptEnabled: boolean) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  return browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    javaScriptEnabled,
    ignoreHTTPSErrors: true,
  });
}

/** Signs in to the dashboard as the journeys' admin (TOTP off), through the form, and lands on Home. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
}

/**
 * A confirmed SEK payment of the bootstrap organisation, made through the API and a simulator. In
 * SEK: the bootstrap creditor has GBP and EUR payout accounts, and a payout follows a confirmed
 * payment at once, which would leave no balance to refund from.
 */
export async function confirmedPayment(request: APIRequestContext) {
  const created = await api(request, 'POST', '/billing_requests', {
    billing_requests: { mandate_request: { currency: 'SEK' } },
  });
  const actions = `/billing_requests/${created.billing_requests.id}/actions`;
  await api(request, 'POST', `${actions}/collect_customer_details`, {
    data: {
      customer: { given_name: 'Sven', family_name: 'Svensson', email: 'sven@example.se' },
      customer_billing_detail: { country_code: 'SE', swedish_identity_number: '198112289874' },
    },
  });
  await api(request, 'POST', `${actions}/collect_bank_account`, {
    data: { account_holder_name: 'Sven Svensson', branch_code: '5491', account_number: '0000003', country_code: 'SE' },
  });
  await api(request, 'POST', `${actions}/confirm_payer_details`, { data: {} });
  const fulfilled = await api(request, 'POST', `${actions}/fulfil`, { data: {} });
  const mandate = fulfilled.billing_requests.links.mandate_request_mandate as string;
  // The sandbox's scheme clock moves the mandate (and may move the payment) by itself: the
  // simulator only hurries the payment along if it is still where the simulator starts.
  const status = async (path: string, key: string) => (await api(request, 'GET', path))[key].status as string;
  await expect.poll(() => status(`/mandates/${mandate}`, 'mandates'), { timeout: 30_000 }).toBe('active');
  const payment = await api(request, 'POST', '/payments', {
    payments: { amount: 5000, currency: 'SEK', links: { mandate } },
  });
  const id = payment.payments.id as string;
  await request.fetch(`/scenario_simulators/payment_confirmed/actions/run`, {
    method: 'POST',
    headers: apiHeaders,
    data: JSON.stringify({ data: { links: { resource: id } } }),
  });
  await expect.poll(() => status(`/payments/${id}`, 'payments'), { timeout: 30_000 }).toBe('confirmed');
  return id;
}

/** The HTML of the page each test's browser shows now: the last document its main frame received. */
const shown = new WeakMap<Page, Response>();

/** Keeps the last document each page received, for `accessible` to check without JavaScript. */
export function recordDocuments(page: Page) {
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.frame() === page.mainFrame())
      shown.set(page, response);
  });
}

/**
 * axe on the page as it is (`recordDocuments` first). Without JavaScript axe cannot run inside
 * it, so the same HTML (its scripts taken out, its stylesheet loaded) is checked in a page that
 * runs scripts.
 */
export async function accessible(page: Page, browser: Browser) {
  // The phone runs JavaScript, the desktop does not (each spec's `test.use`).
  if (test.info().project.name === 'phone') {
    await waitForEnhancement(page);
    return expectAccessible(page);
  }
  const url = page.url();
  // Not page.content(): it runs a script, which a page without JavaScript never does.
  const html = (await shown.get(page)!.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
  });
  try {
    // The same address answers with the same HTML, so its stylesheet and images load as they did.
    await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    const copy = await context.newPage();
    await copy.goto(url);
    await expectAccessible(copy);
  } finally {
    await context.close();
  }
}

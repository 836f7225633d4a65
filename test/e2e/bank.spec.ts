import { devices, expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '../../i18n/languages';
import { translator } from '../../i18n/flow';
import { api, expectAccessible, getBillingRequest, newFlow, stubMerchant, confirmStep } from './support';

/** Instant bank payments: choosing the bank, the sandbox bank's answers, the QR hand-off, fallback. */

async function toBankStep(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('jane@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your bank');
}

async function chooseMonzo(page: Page) {
  await page.getByLabel('Search for your bank').fill('monz');
  await page.getByRole('button', { name: 'Select Monzo' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authorise at your bank');
}

test('instant GBP payment: the payer authorises at the sandbox bank and comes back to success', async ({
  page,
  request,
}) => {
  const { billingRequestId, path } = await newFlow(request, {
    payment_request: { amount: 4200, currency: 'GBP', description: 'Order 42' },
  });
  await toBankStep(page, path);
  await expectAccessible(page);
  await expect(page.getByText(/unavailable at the moment/).first()).toBeVisible();
  await chooseMonzo(page);
  // The QR hand-off to a phone is offered on a desktop only (issue #38.8).
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(test.info().project.name === 'phone' ? 0 : 1);
  await expectAccessible(page);
  await page.getByRole('link', { name: /Continue to Monzo/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sandbox bank');
  await expect(page.getByText('£42.00')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Authorise' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  await expect(page.getByText(/^You paid £42\.00 to .* today\.$/)).toBeVisible();
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.status).toBe('fulfilled');
  // Every payer-facing move is an event, in order, from the payer, linked to what it touched.
  const events = (await api(request, 'GET', `/events?billing_request=${billingRequestId}`)).events.reverse();
  expect(events.map((e: { action: string; details: { origin: string } }) => [e.action, e.details.origin])).toEqual([
    ['created', 'api'],
    ['flow_created', 'api'],
    ['flow_visited', 'payer'],
    ['collect_customer_details', 'payer'],
    ['select_institution', 'payer'],
    ['bank_authorisation_visited', 'payer'],
    ['bank_authorisation_authorised', 'payer'],
    ['fulfilled', 'payer'],
  ]);
  expect(events[5].links).toMatchObject({
    billing_request: billingRequestId,
    bank_authorisation: expect.stringMatching(/^BAU/),
    billing_request_flow: expect.stringMatching(/^BRF/),
  });
  expect(events[7].links.payment_request_payment).toBe(br.links.payment_request_payment);
});

for (const [button, message] of [
  ['Deny', 'You declined at your bank'],
  ['Simulate a failure', 'Your bank could not complete'],
] as const) {
  test(`instant payment: the bank answers "${button}"; the payer can try again or return with outcome=failure`, async ({
    page,
    request,
  }) => {
    const { billingRequestId, flowId, path } = await newFlow(
      request,
      { payment_request: { amount: 100, currency: 'GBP' } },
      { exit_uri: 'https://merchant.example/exit' },
    );
    await stubMerchant(page);
    await toBankStep(page, path);
    await chooseMonzo(page);
    await page.getByRole('link', { name: /Continue to Monzo/ }).click();
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('alert')).toContainText(message);
    await expectAccessible(page);
    const events = (await api(request, 'GET', `/events?billing_request=${billingRequestId}`)).events.map(
      (e: { action: string }) => e.action,
    );
    expect(events).toContain(button === 'Deny' ? 'bank_authorisation_denied' : 'bank_authorisation_failed');
    await page.getByRole('button', { name: /Cancel and return/ }).click();
    await expect(page).toHaveURL(`https://merchant.example/exit?outcome=failure&id=${flowId}`);
    const exited = (await api(request, 'GET', `/events?billing_request=${billingRequestId}&action=flow_exited`)).events;
    expect(exited).toHaveLength(1);
    // "Cancel and return" cancels: the request can no longer be paid.
    expect((await getBillingRequest(request, billingRequestId)).status).toBe('cancelled');
  });
}

test('instant payment: the authorisation runs out; the payer returns with outcome=timeout', async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId, path } = await newFlow(
    request,
    { payment_request: { amount: 100, currency: 'GBP' } },
    { exit_uri: 'https://merchant.example/exit' },
  );
  await stubMerchant(page);
  await toBankStep(page, path);
  await chooseMonzo(page);
  await page.getByRole('link', { name: /Continue to Monzo/ }).click();
  // The sandbox bank's scenario: the 15 minutes pass at once.
  await page.getByRole('button', { name: 'Let it time out' }).click();
  await expect(page.getByRole('alert')).toContainText('The time to authorise at your bank ran out');
  await expectAccessible(page);
  const br = await getBillingRequest(request, billingRequestId);
  const authorisation = (await api(request, 'GET', `/bank_authorisations/${br.links.bank_authorisation}`))
    .bank_authorisations;
  expect(Date.parse(authorisation.expires_at)).toBeLessThanOrEqual(Date.now());
  expect(authorisation.authorised_at ?? null).toBeNull();
  const events = (await api(request, 'GET', `/events?billing_request=${billingRequestId}`)).events.map(
    (e: { action: string }) => e.action,
  );
  expect(events).toContain('bank_authorisation_expired');
  await page.getByRole('button', { name: /Cancel and return/ }).click();
  await expect(page).toHaveURL(`https://merchant.example/exit?outcome=timeout&id=${flowId}`);
});

test('fallback: a payer whose bank is not listed pays by Direct Debit instead', async ({ page, request }) => {
  const { billingRequestId, path } = await newFlow(request, {
    payment_request: { amount: 2500, currency: 'GBP' },
    fallback_enabled: true,
  });
  await toBankStep(page, path);
  // "Not listed" first explains the payer's options; paying by Direct Debit is one of them.
  await page.getByRole('link', { name: 'My bank is not listed' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('If your bank is not listed');
  await page.getByRole('button', { name: 'Pay by Direct Debit instead' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('E1 6AN');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmStep(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.fallback_occurred).toBe(true);
  const payment = (await api(request, 'GET', `/payments/${br.links.payment_request_payment}`)).payments;
  expect(payment.scheme).toBe('bacs');
});

test('a payer whose bank is not listed, without fallback, returns to the exit URI with outcome=failure', async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId, path } = await newFlow(
    request,
    { payment_request: { amount: 2500, currency: 'GBP' } },
    { exit_uri: 'https://merchant.example/exit' },
  );
  await stubMerchant(page);
  await toBankStep(page, path);
  await page.getByRole('link', { name: 'My bank is not listed' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('If your bank is not listed');
  await expect(page.getByRole('button', { name: 'Pay by Direct Debit instead' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Choose another bank' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your bank');
  await page.getByRole('link', { name: 'My bank is not listed' }).click();
  await page.getByRole('button', { name: /Return to/ }).click();
  await expect(page).toHaveURL(`https://merchant.example/exit?outcome=failure&id=${flowId}`);
  const br = await getBillingRequest(request, billingRequestId);
  expect(br).toMatchObject({ status: 'pending', fallback_occurred: false });
  const exited = (await api(request, 'GET', `/events?billing_request=${billingRequestId}&action=flow_exited`)).events;
  expect(exited).toHaveLength(1);
});

test('QR hand-off: the phone authorises, the desktop page moves on by itself', async ({ browser, request }) => {
  const { billingRequestId, path } = await newFlow(request, { payment_request: { amount: 999, currency: 'GBP' } });
  // The hand-off starts on a desktop in both projects: a phone is not offered it (issue #38.8).
  const { userAgent, viewport } = devices['Desktop Chrome'];
  const desktop = await browser.newContext({ userAgent, viewport, ignoreHTTPSErrors: true, javaScriptEnabled: true });
  const page = await desktop.newPage();
  await toBankStep(page, path);
  await chooseMonzo(page);
  const br = await getBillingRequest(request, billingRequestId);
  const authorisation = (await api(request, 'GET', `/bank_authorisations/${br.links.bank_authorisation}`))
    .bank_authorisations;
  // The QR code encodes the bank URL; the phone is another browser with no session of the flow.
  const phone = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(authorisation.url);
  await phonePage.getByRole('button', { name: 'Authorise' }).click();
  await expect(phonePage.getByText(/continue on your other device/)).toBeVisible();
  await phone.close();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set', { timeout: 15_000 });
  await desktop.close();
});

test('every language renders the flow in its own words, with no missing ones', async ({ page, request }) => {
  for (const language of LANGUAGES) {
    const { path } = await newFlow(request, { payment_request: { amount: 100, currency: 'EUR' } }, { language });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // The first step's heading and button in that language's catalogue, not English.
    const t = translator(language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('details.title'));
    await expect(page.getByRole('button', { name: t('common.continue') })).toBeVisible();
    const text = await page.locator('body').innerText();
    // A missing translation would show its key, such as "details.title".
    expect(text).not.toMatch(/\b(common|details|field|bank|account|confirm|authorise|success|error)\.[a-z_.A-Z]+\b/);
  }
});

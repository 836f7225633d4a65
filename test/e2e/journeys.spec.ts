import { expect, test } from '@playwright/test';
import { api, expectAccessible, fillUkDetails, getBillingRequest, newFlow, stubMerchant, confirmStep } from './support';

/**
 * Payer journeys through the hosted flow in Chromium, run at a desktop and a phone viewport
 * (the two Playwright projects). Each step is scanned with axe on the way.
 */

test('bacs mandate: currency, details, account, the Direct Debit Guarantee, success', async ({ page, request }) => {
  const { billingRequestId, path } = await newFlow(
    request,
    { mandate_request: { currency: 'GBP' } },
    { redirect_uri: 'https://merchant.example/done', show_success_redirect_button: true },
  );
  await stubMerchant(page);
  await page.goto(path);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which currency is your bank account in?');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');
  await expectAccessible(page);
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your bank account');
  await expectAccessible(page);
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check and confirm');
  await expect(page.getByText('******11')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Direct Debit Guarantee/ })).toBeVisible();
  await expect(page.getByText('55779911')).toHaveCount(0);
  await expectAccessible(page);
  await confirmStep(page);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  await expect(page.locator('.panel-confirmation')).toContainText('Your reference');
  await expectAccessible(page);
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.status).toBe('fulfilled');
  const mandate = (await api(request, 'GET', `/mandates/${br.links.mandate_request_mandate}`)).mandates;
  expect(mandate.scheme).toBe('bacs');

  // Only the merchant's own URI, with the outcome and the flow id.
  await page.getByRole('link', { name: /Return to/ }).click();
  await expect(page).toHaveURL(/^https:\/\/merchant\.example\/done\?outcome=success&id=BRF[0-9A-Z]{26}$/);
});

test('SEPA mandate with an IBAN, currency locked by the merchant', async ({ page, request }) => {
  const { billingRequestId, path } = await newFlow(
    request,
    { mandate_request: { currency: 'EUR', scheme: 'sepa_core' } },
    { lock_currency: true, language: 'fr' },
  );
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vos coordonnées');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.locator('#given_name').fill('Jean');
  await page.locator('#family_name').fill('Dupont');
  await page.locator('#email').fill('jean@example.fr');
  await page.locator('#address_line1').fill('1 rue de Rivoli');
  await page.locator('#city').fill('Paris');
  await page.locator('#postal_code').fill('75001');
  await page.locator('#country_code').selectOption('FR');
  await page.locator('button[type=submit]').last().click();
  await page.locator('#iban').fill('FR14 2004 1010 0505 0001 3M02 606');
  await page.locator('button[type=submit]').last().click();
  await expect(page.getByRole('heading', { name: /SEPA/ })).toBeVisible();
  await expectAccessible(page);
  await page.locator('button[type=submit]').last().click();
  await expect(page.locator('h1')).toBeVisible();
  expect((await getBillingRequest(request, billingRequestId)).status).toBe('fulfilled');
});

test('ACH mandate: US state, account type, IP captured by the server', async ({ page, request }) => {
  const { billingRequestId, path } = await newFlow(
    request,
    { mandate_request: { currency: 'USD', scheme: 'ach' } },
    { lock_currency: true },
  );
  await page.goto(path);
  await page.getByLabel('First name').fill('John');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('john@example.com');
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('Town or city').fill('Springfield');
  // The state is chosen from a list (issue #38.8): left unchosen, it is asked for.
  await page.getByLabel('ZIP code').fill('62701');
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Continue' }).click();
  // A missing state is announced in a summary that links to the field.
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('alert').getByRole('link').first().click();
  await expect(page.getByLabel('State')).toBeFocused();
  await page.getByLabel('State').selectOption('IL');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Routing number').fill('026073150');
  await page.getByLabel('Account number').fill('2715500356');
  await page.getByLabel('Savings').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check and confirm');
  await confirmStep(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.resources.customer_billing_detail.ip_address).toMatch(/\d/);
  expect(br.resources.customer_bank_account.account_type).toBe('savings');
});

test('mandate-only request: the payer chooses another currency', async ({ page, request }) => {
  const { billingRequestId, path } = await newFlow(request, { mandate_request: { currency: 'GBP' } });
  await page.goto(path);
  await page.getByLabel(/Swedish krona|SEK/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Personal identity number (personnummer)')).toBeVisible();
  await page.getByLabel('First name').fill('Sven');
  await page.getByLabel('Last name').fill('Svensson');
  await page.getByLabel('Email address').fill('sven@example.se');
  await page.getByLabel('Country').selectOption('SE');
  await page.getByLabel('Personal identity number (personnummer)').fill('198112289874');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Clearing number').fill('5491');
  await page.getByLabel('Account number').fill('0000003');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmStep(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.mandate_request).toMatchObject({ currency: 'SEK' });
  expect((await api(request, 'GET', `/mandates/${br.links.mandate_request_mandate}`)).mandates.scheme).toBe('autogiro');
});

test('prefilled details are shown for review; locked details are skipped and cannot be changed', async ({
  page,
  request,
}) => {
  const prefilled = await newFlow(
    request,
    { mandate_request: { currency: 'GBP' } },
    { lock_currency: true, prefilled_customer: { given_name: 'Ann', family_name: 'Lee', email: 'ann@example.com' } },
  );
  await page.goto(prefilled.path);
  await expect(page.getByLabel('First name')).toHaveValue('Ann');
  await expect(page.getByLabel('Email address')).toHaveValue('ann@example.com');

  const br = (
    await api(request, 'POST', '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } })
  ).billing_requests;
  await api(request, 'POST', `/billing_requests/${br.id}/actions/collect_customer_details`, {
    data: {
      customer: { given_name: 'Locked', family_name: 'Payer', email: 'locked@example.com' },
      customer_billing_detail: { address_line1: '2 Low St', city: 'Leeds', postal_code: 'LS1 1AA', country_code: 'GB' },
    },
  });
  const flow = (
    await api(request, 'POST', '/billing_request_flows', {
      billing_request_flows: { lock_customer_details: true, lock_currency: true, links: { billing_request: br.id } },
    })
  ).billing_request_flows;
  await page.goto(new URL(flow.authorisation_url).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your bank account');
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('locked@example.com')).toBeVisible();
  await expect(page.getByRole('link', { name: /Change.*Your details/ })).toHaveCount(0);
  await page.goto(`/pay/${flow.id}/details`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check and confirm');
});

test('skip_success_screen sends the payer straight back to the merchant with outcome=success', async ({
  page,
  request,
}) => {
  const { flowId, path } = await newFlow(
    request,
    { mandate_request: { currency: 'GBP' } },
    { lock_currency: true, redirect_uri: 'https://merchant.example/thanks?order=7', skip_success_screen: true },
  );
  await stubMerchant(page);
  await page.goto(path);
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmStep(page);
  await expect(page).toHaveURL(`https://merchant.example/thanks?order=7&outcome=success&id=${flowId}`);
});

import { expect, test, type Page } from '@playwright/test';
import { translator } from '../../i18n/flow';
import {
  api,
  confirmStep,
  expectAccessible,
  fillUkDetails,
  getBillingRequest,
  newFlow,
  stubMerchant,
  waitForEnhancement,
} from './support';

/**
 * What every step must be beyond its own job: reachable by history and reload, switchable in
 * language, usable by keyboard alone, readable at 320 px and in dark mode, and honest about the
 * ways back to the merchant. Run at the desktop and the phone viewport (the two projects).
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const bacsFlow = { mandate_request: { currency: 'GBP', scheme: 'bacs' } };

async function fillUkAccount(page: Page) {
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
}

/** Details, account and confirmation of a bacs flow (currency locked), to the success page. */
async function completeBacs(page: Page, path: string) {
  await page.goto(path);
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillUkAccount(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmStep(page);
  await expect(heading(page)).toHaveText('All set');
}

test('back, forward and reload land on the right step; a later step cannot be skipped to', async ({
  page,
  request,
}) => {
  const { path } = await newFlow(request, bacsFlow, { lock_currency: true });
  await page.goto(path);
  await expect(heading(page)).toHaveText('Your details');

  // A step the payer has not reached sends them to the one they are on.
  await page.goto(`${path}/confirm`);
  await expect(heading(page)).toHaveText('Your details');

  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your bank account');
  await page.reload();
  await expect(heading(page)).toHaveText('Your bank account');

  await page.goBack();
  await expect(heading(page)).toHaveText('Your details');
  await expect(page.getByLabel('First name')).toHaveValue('Jane');
  await page.goForward();
  await expect(heading(page)).toHaveText('Your bank account');

  await fillUkAccount(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Check and confirm');
  // Back to the account to change it: the confirmation is asked again afterwards.
  await page.goBack();
  await expect(heading(page)).toHaveText('Your bank account');
  await fillUkAccount(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Check and confirm');
});

test('bank details are checked as the payer leaves the field, before anything is sent', async ({ page, request }) => {
  const { path } = await newFlow(request, bacsFlow, { lock_currency: true });
  await page.goto(path);
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const sortCode = page.getByLabel('Sort code');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  // Measure the account step's button, not the details step's while the next page is still loading.
  await expect(sortCode).toBeVisible();
  await waitForEnhancement(page);
  const before = await continueButton.boundingBox();
  await sortCode.fill('12-34');
  await page.getByLabel('Account number').focus();
  await expect(sortCode).toHaveAttribute('aria-invalid', 'true');
  // The message's line was reserved: nothing below it moves, so the next tap lands where aimed.
  expect((await continueButton.boundingBox())?.y).toBe(before?.y);
  // The message is in a live region the field is described by, so it is announced and read with it.
  const message = page.locator('#branch_code-live');
  await expect(message).toHaveText('Sort code must be 6 digits');
  await expect(message).toHaveAttribute('aria-live', 'polite');
  expect(await sortCode.getAttribute('aria-describedby')).toContain('branch_code-live');
  await expectAccessible(page);
  await sortCode.fill('20-00-00');
  await expect(sortCode).toHaveAttribute('aria-invalid', 'false');
  // A sort code the bank data knows names its bank.
  await expect(message).toHaveText(/^Bank: BARCLAYS/i);

  const sepa = await newFlow(
    request,
    { mandate_request: { currency: 'EUR', scheme: 'sepa_core' } },
    { lock_currency: true },
  );
  await page.goto(sepa.path);
  await fillUkDetails(page);
  await page.getByLabel('Country').selectOption('FR');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('IBAN')).toBeVisible();
  await waitForEnhancement(page);
  await page.getByLabel('IBAN').fill('FR14 2004 1010 0505 0001 3M02 607');
  await page.getByLabel('IBAN').blur();
  await expect(page.locator('#iban-live')).toContainText('Enter an IBAN in the correct format');
});

test('the language switch changes every string of the step and keeps the choice for the next one', async ({
  page,
  request,
}) => {
  const de = translator('de');
  const { path } = await newFlow(request, bacsFlow, { lock_currency: true });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A compact menu: the current language, opening onto one button per language.
  await expect(page.getByRole('button', { name: 'Deutsch' })).toBeHidden();
  await page.getByText('Language: English').click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(heading(page)).toHaveText(de('details.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByLabel(de('field.given_name'))).toBeVisible();

  await page.getByLabel(de('field.given_name')).fill('Jana');
  await page.getByLabel(de('field.family_name')).fill('Doe');
  await page.getByLabel(de('field.email')).fill('jana@example.com');
  await page.getByLabel(de('field.address_line1')).fill('1 High Street');
  await page.getByLabel(de('field.city')).fill('London');
  await page.getByLabel(de('field.postal_code')).fill('E1 6AN');
  await page.getByRole('button', { name: de('common.continue') }).click();
  await expect(heading(page)).toHaveText(de('account.title'));
  await page.reload();
  await expect(heading(page)).toHaveText(de('account.title'));
  await expectAccessible(page);
});

test('keyboard alone: visible focus, errors announced and linked to their fields, Enter submits', async ({
  page,
  request,
}) => {
  const { path } = await newFlow(request, bacsFlow, { lock_currency: true });
  await page.goto(path);

  // Tab from the top of the page to the first field; its focus ring is drawn.
  let focused = '';
  for (let i = 0; i < 15 && focused !== 'given_name'; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.id ?? '');
  }
  expect(focused).toBe('given_name');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');

  // Enter on an empty form: the error summary is announced and each entry leads to its field.
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert');
  await expect(summary).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  const link = summary.getByRole('link').first();
  const target = (await link.getAttribute('href'))!;
  await link.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => `#${document.activeElement?.id}`)).toBe(target);
  await expectAccessible(page);

  // Type the details field by field with Tab, then submit with Enter.
  await page.locator('#given_name').focus();
  // First name, last name, company name (left empty), email address: the order of the form.
  for (const value of ['Jane', 'Doe', '', 'jane@example.com']) {
    if (value) await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await page.locator('#address_line1').focus();
  await page.keyboard.type('1 High Street');
  await page.locator('#city').focus();
  await page.keyboard.type('London');
  await page.locator('#postal_code').focus();
  await page.keyboard.type('E1 6AN');
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Your bank account');
});

test('every step fits a 320 px screen and follows a dark colour scheme, still accessible', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const { path } = await newFlow(request, bacsFlow, {
    lock_currency: true,
    redirect_uri: 'https://merchant.example/done',
    show_redirect_buttons: true,
  });
  const fits = async () => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  };
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

  await page.goto(path);
  await fits();
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await background();
  expect(dark).not.toBe(light);
  await expectAccessible(page);

  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your bank account');
  await fits();
  await fillUkAccount(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Check and confirm');
  await fits();
  await expectAccessible(page);
  await confirmStep(page);
  await expect(heading(page)).toHaveText('All set');
  await fits();
  await expectAccessible(page);
});

test('show_redirect_buttons: the success page offers the redirect URI and the exit URI as failure', async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId, path } = await newFlow(request, bacsFlow, {
    lock_currency: true,
    redirect_uri: 'https://merchant.example/done',
    exit_uri: 'https://merchant.example/exit',
    show_redirect_buttons: true,
  });
  await stubMerchant(page);
  await completeBacs(page, path);
  expect((await getBillingRequest(request, billingRequestId)).status).toBe('fulfilled');

  const hrefs = await page
    .locator('main a[href^="https://merchant.example"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    `https://merchant.example/done?outcome=success&id=${flowId}`,
    `https://merchant.example/exit?outcome=failure&id=${flowId}`,
  ]);
  await page.locator(`main a[href^="https://merchant.example/done"]`).click();
  await expect(page).toHaveURL(`https://merchant.example/done?outcome=success&id=${flowId}`);
});

test('without show_redirect_buttons the success page offers no way back but the merchant’s own', async ({
  page,
  request,
}) => {
  const { path } = await newFlow(request, bacsFlow, { lock_currency: true, exit_uri: 'https://merchant.example/exit' });
  await completeBacs(page, path);
  await expect(page.locator('main a[href^="https://merchant.example"]')).toHaveCount(0);
});

test('choosing a bank: switch country, search as you type, unavailable banks cannot be chosen', async ({
  page,
  request,
}) => {
  const { path } = await newFlow(request, {
    payment_request: { amount: 2500, currency: 'EUR', description: 'Order 7' },
  });
  await page.goto(path);
  await page.getByLabel('First name').fill('Jana');
  await page.getByLabel('Last name').fill('Weber');
  await page.getByLabel('Email address').fill('jana@example.de');
  const country = page.getByLabel('Country', { exact: true });
  if (await country.isVisible()) await country.selectOption('DE');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Choose your bank');

  await page.getByLabel('Country of your bank').selectOption('FR');
  await page.getByRole('button', { name: 'Show banks' }).click();
  await expect(page.getByRole('button', { name: 'Select BNP Paribas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Deutsche Bank' })).toHaveCount(0);
  // LCL is paused: listed, but not a button.
  await expect(page.getByText('LCL')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select LCL' })).toHaveCount(0);

  // Typing narrows the list at once (JavaScript); the form still searches on the server without it.
  await waitForEnhancement(page);
  await page.getByLabel('Search for your bank').fill('agri');
  await expect(page.getByRole('button', { name: 'Select Crédit Agricole' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select BNP Paribas' })).toBeHidden();
  await page.getByRole('button', { name: 'Show banks' }).click();
  await expect(page).toHaveURL(/[?&]q=agri/);
  await expect(page.getByRole('button', { name: 'Select BNP Paribas' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Select Crédit Agricole' }).click();
  await expect(heading(page)).toHaveText('Authorise at your bank');
});

test('a cancelled request and an unknown flow show clear, accessible pages with the way out', async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId, path } = await newFlow(request, bacsFlow, {
    lock_currency: true,
    exit_uri: 'https://merchant.example/exit',
  });
  await api(request, 'POST', `/billing_requests/${billingRequestId}/actions/cancel`, { data: {} });
  await stubMerchant(page);
  await page.goto(path);
  await expect(heading(page)).toHaveText('This request has been cancelled');
  await expectAccessible(page);
  await page.getByRole('button', { name: /Return to/ }).click();
  await expect(page).toHaveURL(`https://merchant.example/exit?outcome=failure&id=${flowId}`);

  const missing = await page.goto('/pay/BRF00000000000000000000000000');
  expect(missing?.status()).toBe(404);
  await expect(heading(page)).toHaveText('Page not found');
  await expectAccessible(page);
});

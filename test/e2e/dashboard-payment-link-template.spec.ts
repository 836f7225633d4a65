import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectAccessible, waitForEnhancement, anotherPersonsBrowser, signInAsAdmin } from './support';

/**
 * A reusable payment link from the dashboard to a paid payer and back (issue #19), with JavaScript
 * on and off, on the desktop and the phone: an admin makes the link (a wrong amount first, refused
 * at its field), reads it and its QR code (the PNG says the link), a payer in a browser of their
 * own opens the link, pays by bank at the sandbox bank, and the template's page lists the billing
 * request the payer made, fulfilled, leading to its page. axe on every page once the enhancement
 * script has settled; the new pages at 320 px.
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a reusable payment link with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('made in the dashboard, paid through by a payer, and shown on its page', async ({ page, browser }) => {
      // Two browsers, a dozen pages, axe on each with JavaScript: more than a minute on a loaded machine.
      test.setTimeout(150_000);
      // axe runs in the page, so it checks with JavaScript on (the same HTML), after the enhancement.
      const settledAndAccessible = async (on: Page) => {
        if (!javaScriptEnabled) return;
        await waitForEnhancement(on);
        await expectAccessible(on);
      };

      await signInAsAdmin(page);
      await page.goto('/dashboard/payment-links');
      await settledAndAccessible(page);
      await page.getByRole('link', { name: 'Create a reusable link' }).click();
      await expect(heading(page)).toHaveText('New reusable link');
      await settledAndAccessible(page);

      const name = `Class ${test.info().project.name} ${javaScriptEnabled ? 'js' : 'no-js'} ${Date.now()}`;
      await page.getByLabel('What it is for').fill('Dance class');
      await page.getByLabel('Amount').fill('nine');
      await page.getByRole('button', { name: 'Create a reusable link' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.locator('#amount-error')).toBeVisible();
      await settledAndAccessible(page);
      await page.getByLabel('Amount').fill('9.50');
      await page.getByLabel('Currency').selectOption('GBP');
      await page.getByLabel(/^Name/).fill(name);
      await page.getByRole('button', { name: 'Create a reusable link' }).click();

      // The template's page: the permanent link, its QR code, and no payer yet.
      await expect(heading(page)).toHaveText(name);
      await expect(page).toHaveURL(/\/dashboard\/payment-links\/templates\/BRT[0-9A-Z]+\?done=created$/);
      const templatePage = page.url().replace(/\?.*$/, '');
      const url = await page.getByTestId('link-url').inputValue();
      expect(url).toMatch(/^https:\/\/localhost:\d+\/pay\/templates\/BRT[0-9A-Z]+$/);
      await expect(page.getByText('£9.50')).toBeVisible();
      await expect(page.getByText('No payer has used this link yet.')).toBeVisible();
      await expect(page.getByRole('img', { name: `QR code for ${url}` })).toBeVisible();
      await settledAndAccessible(page);
      const png = await page.request.get(
        (await page.getByRole('link', { name: 'Download the QR code (PNG)' }).getAttribute('href'))!,
      );
      expect(png.headers()['content-type']).toBe('image/png');
      const image = PNG.sync.read(await png.body());
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(url);
      const svg = await page.request.get(
        (await page.getByRole('link', { name: 'Download the QR code (SVG)' }).getAttribute('href'))!,
      );
      expect(svg.headers()['content-type']).toBe('image/svg+xml');

      // The payer: a browser of their own (no dashboard session), the same screen and JavaScript.
      const payerContext = await anotherPersonsBrowser(browser, javaScriptEnabled);
      const email = `payer.${Date.now()}@example.com`;
      try {
        const payer = await payerContext.newPage();
        await payer.goto(url);
        await expect(heading(payer)).toHaveText('Start your payment');
        await expect(payer.locator('.order-summary')).toContainText('Dance class');
        await settledAndAccessible(payer);
        await payer.getByRole('button', { name: 'Continue' }).click();
        await expect(heading(payer)).toHaveText('Your details');
        await payer.getByLabel('First name').fill('Jane');
        await payer.getByLabel('Last name').fill('Doe');
        await payer.getByLabel('Email address').fill(email);
        await payer.getByRole('button', { name: 'Continue' }).click();
        await expect(heading(payer)).toHaveText('Choose your bank');
        await payer.getByRole('button', { name: 'Select Monzo' }).click();
        await expect(heading(payer)).toHaveText('Authorise at your bank');
        await payer.getByRole('link', { name: /Continue to Monzo/ }).click();
        await payer.getByRole('button', { name: 'Authorise' }).click();
        await expect(heading(payer)).toHaveText('All set');
        await expect(payer.locator('details.order-summary')).toContainText('£9.50');
      } finally {
        await payerContext.close();
      }

      // Back on the template's page: the payer's billing request, fulfilled, leading to its page.
      await page.goto(templatePage);
      const row = page.getByTestId('row').filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('request-status')).toHaveText('fulfilled');
      await settledAndAccessible(page);
      const request = row.getByRole('link');
      const requestId = (await request.textContent())!;
      expect(requestId).toMatch(/^BRQ[0-9A-Z]+$/);
      await request.click();
      await expect(heading(page)).toHaveText(`Billing request ${requestId}`);
      await expect(page.locator('dl.facts')).toContainText('fulfilled');
      await settledAndAccessible(page);
    });
  });
}

test('the reusable link pages pass axe and fit 320 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/dashboard/payment-links/templates/new');
  await page.getByLabel('What it is for').fill('Narrow screen');
  await page.getByLabel('Amount').fill('3');
  await page.getByLabel('Direct Debit mandate').selectOption('bacs');
  await page.getByRole('button', { name: 'Create a reusable link' }).click();
  await expect(page).toHaveURL(/\/templates\/BRT[0-9A-Z]+\?done=created$/);
  const templatePage = page.url().replace(/\?.*$/, '');
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/dashboard/payment-links',
    '/dashboard/payment-links/templates',
    '/dashboard/payment-links/templates/new',
    templatePage,
    `${templatePage}/edit`,
  ]) {
    await page.goto(path);
    await waitForEnhancement(page);
    await expectAccessible(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).catch(() => Infinity), {
        message: page.url(),
      })
      .toBeLessThanOrEqual(0);
  }
  // A change refused at its field, then saved, as narrow as the rest.
  await page.getByLabel('Amount').fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#amount-error')).toBeVisible();
  await waitForEnhancement(page);
  await expectAccessible(page);
  await page.getByLabel('Amount').fill('4.25');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\?done=saved$/);
  await expect(page.getByText('£4.25')).toBeVisible();
  await expect(page.getByRole('status')).toBeVisible();
});

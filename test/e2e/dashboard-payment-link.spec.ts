import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectAccessible, waitForEnhancement, anotherPersonsBrowser, signInAsAdmin } from './support';

/**
 * A payment link from the dashboard to a paid payer and back (issue #19), with JavaScript on and
 * off, on the desktop and the phone: an admin makes the link, reads it and its QR code (the PNG
 * says the link; PNG and SVG answer with their content types), a payer in a browser of their own
 * pays by bank through every step of the hosted flow in the sandbox, and the link's page shows
 * the request fulfilled and its payment (by itself with JavaScript, on reload without), whose page
 * shows it with its events. axe on every page, once the enhancement script has settled.
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a payment link with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('refused, the form keeps what was typed, and the corrected amount makes the link', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/dashboard/payment-links');
      const description = `Typed ${test.info().project.name} ${Date.now()}`;
      await page.getByLabel('What it is for').fill(description);
      await page.getByLabel('Amount').fill('12,5O');
      await page.getByLabel('Currency').selectOption('EUR');
      await page.getByRole('button', { name: 'Create link' }).click();
      // Issue #41.4: the amount came back empty after a refusal.
      await expect(page.locator('#amount-error')).toHaveText('Enter an amount greater than zero, for example 12.50.');
      await expect(page.getByLabel('Amount')).toHaveValue('12,5O');
      await expect(page.getByLabel('What it is for')).toHaveValue(description);
      await expect(page.getByLabel('Currency')).toHaveValue('EUR');
      if (javaScriptEnabled) {
        await waitForEnhancement(page);
        await expectAccessible(page);
      }
      await page.getByLabel('Amount').fill('12.50');
      await page.getByRole('button', { name: 'Create link' }).click();
      await expect(heading(page)).toHaveText('Payment link');
      await expect(page.getByText('€12.50')).toBeVisible();
    });

    test('made in the dashboard, paid by a payer, and followed to its payment', async ({ page, browser }) => {
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
      await expect(heading(page)).toHaveText('Payment links');
      await settledAndAccessible(page);
      const description = `Lesson ${test.info().project.name} ${Date.now()}`;
      await page.getByLabel('What it is for').fill(description);
      await page.getByLabel('Amount').fill('12.50');
      await page.getByLabel('Currency').selectOption('GBP');
      await page.getByRole('button', { name: 'Create link' }).click();

      // The link's page: the address, its QR code, and a request still waiting for its payer.
      await expect(heading(page)).toHaveText('Payment link');
      await expect(page).toHaveURL(/\/dashboard\/payment-links\/BRF[0-9A-Z]+$/);
      const linkPage = page.url();
      const url = await page.getByTestId('link-url').inputValue();
      expect(url).toMatch(/^https:\/\/localhost:\d+\/pay\/BRF[0-9A-Z]+$/);
      await expect(page.getByTestId('link-status')).toHaveText('pending');
      await expect(page.getByTestId('link-payment')).toHaveText('—');
      await expect(page.getByText('£12.50')).toBeVisible();
      await expect(page.getByRole('img', { name: `QR code for ${url}` })).toBeVisible();
      await settledAndAccessible(page);

      // The downloads, with the signed-in browser's session: the PNG reads back as the link.
      const png = await page.request.get(
        (await page.getByRole('link', { name: 'Download the QR code (PNG)' }).getAttribute('href'))!,
      );
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const image = PNG.sync.read(await png.body());
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(url);
      const svg = await page.request.get(
        (await page.getByRole('link', { name: 'Download the QR code (SVG)' }).getAttribute('href'))!,
      );
      expect(svg.status()).toBe(200);
      expect(svg.headers()['content-type']).toBe('image/svg+xml');
      expect(await svg.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

      // The payer: a browser of their own (no dashboard session), the same screen and JavaScript.
      const payerContext = await anotherPersonsBrowser(browser, javaScriptEnabled);
      try {
        const payer = await payerContext.newPage();
        await payer.goto(url);
        await expect(heading(payer)).toHaveText('Your details');
        await expect(payer.locator('details.order-summary')).toContainText('£12.50');
        await expect(payer.locator('details.order-summary')).toContainText(description);
        await settledAndAccessible(payer);
        await payer.getByLabel('First name').fill('Jane');
        await payer.getByLabel('Last name').fill('Doe');
        await payer.getByLabel('Email address').fill('jane.link@example.com');
        await payer.getByRole('button', { name: 'Continue' }).click();
        await expect(heading(payer)).toHaveText('Choose your bank');
        await settledAndAccessible(payer);
        await payer.getByRole('button', { name: 'Select Monzo' }).click();
        await expect(heading(payer)).toHaveText('Authorise at your bank');
        await settledAndAccessible(payer);
        await payer.getByRole('link', { name: /Continue to Monzo/ }).click();
        await expect(payer.getByRole('button', { name: 'Authorise' })).toBeVisible();
        await settledAndAccessible(payer);
        await payer.getByRole('button', { name: 'Authorise' }).click();
        await expect(heading(payer)).toHaveText('All set');
        await expect(payer.locator('details.order-summary')).toContainText('£12.50');
        await settledAndAccessible(payer);
      } finally {
        await payerContext.close();
      }

      // Back in the dashboard: with JavaScript the page follows by itself; without, a reload shows it.
      expect(page.url()).toBe(linkPage);
      if (!javaScriptEnabled) await page.getByRole('link', { name: 'Check the status again' }).click();
      await expect(page.getByTestId('link-status')).toHaveText('fulfilled', { timeout: 15_000 });
      const paymentLink = page.getByTestId('link-payment').getByRole('link');
      await expect(paymentLink).toHaveText(/^PM[0-9A-Z]+$/);
      const paymentId = (await paymentLink.textContent())!;
      await settledAndAccessible(page);

      await paymentLink.click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${paymentId}$`));
      await expect(heading(page)).toHaveText(`Payment ${paymentId}`);
      await expect(page.locator('dl.facts')).toContainText('£12.50');
      await expect(page.getByRole('heading', { level: 2, name: 'Events' })).toBeVisible();
      const created = page.getByTestId('event').filter({ has: page.locator('strong', { hasText: /^created$/ }) });
      await expect(created).toHaveCount(1);
      await settledAndAccessible(page);
    });
  });
}

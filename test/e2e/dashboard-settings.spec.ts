import { expect, test } from '@playwright/test';
import { expectAccessible, waitForEnhancement, signInAsAdmin } from './support';

/**
 * The settings page in a browser, with JavaScript on and off, on the desktop and the phone: a
 * colour without enough contrast and a file that is not an image are each answered next to their
 * field (the error summary linking to it), axe passes on the page and on its refusals, and it fits
 * 320 px. Only refusals are sent, so the bootstrap creditor's branding (other journeys' payer
 * pages) is left as it was.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`settings with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('answers a refused colour and logo next to their fields, accessibly, at 320 px', async ({ page }) => {
      const settledAndAccessible = async () => {
        if (!javaScriptEnabled) return;
        await waitForEnhancement(page);
        await expectAccessible(page);
      };
      await signInAsAdmin(page);
      await page.setViewportSize({ width: 320, height: 640 });
      await page.getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
      await expect(page.getByText('Own payment pages approved')).toBeVisible();
      await settledAndAccessible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);

      await page.getByLabel('Button background').fill('#ffff00');
      await page.getByRole('button', { name: 'Save the colours' }).click();
      await expect(page.locator('#button_background_colour-error')).toBeVisible();
      await expect(page.locator('.error-summary a[href="#button_background_colour"]')).toBeVisible();
      await settledAndAccessible();

      await page.getByRole('button', { name: 'Logo', exact: true }).setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not really an image'),
      });
      await page.getByRole('button', { name: 'Upload the logo' }).click();
      await expect(page.locator('#logo-error')).toHaveText('The logo must be a PNG, JPEG or SVG image');
      await settledAndAccessible();
    });
  });
}

import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { api, confirmStep, expectAccessible, fillUkDetails, newFlow, stubMerchant } from './support';

/**
 * Issue #22 (Branding) and #18 point 3: a creditor's logo and theme, set through the API, show in
 * the header of every payer step and the success page, readable (axe) and within 320 px. The
 * sandbox's one creditor is branded, so other journeys see it too; the colours pass AA.
 */
const THEME = { button_background_colour: '#00703c', header_background_colour: '#0b0c0c', link_text_colour: '#1d70b8' };

/** A 600×120 two-colour logo: the server scales it to 400×80, the header draws it at 200×40. */
function logo(): string {
  const image = new PNG({ width: 600, height: 120 });
  for (let i = 0; i < 600 * 120; i++) image.data.set(i % 600 < 200 ? [255, 221, 0, 255] : [255, 255, 255, 255], i * 4);
  return PNG.sync.write(image).toString('base64');
}

test('the logo and theme are visible on every step, the success page included, and axe finds nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const uploaded = (await api(request, 'POST', '/branding/logos', { logos: { image: logo() } })).logos;
  await api(request, 'POST', '/branding/payer_themes', { payer_themes: THEME });
  const { path } = await newFlow(
    request,
    { mandate_request: { currency: 'GBP', scheme: 'bacs' } },
    { redirect_uri: 'https://merchant.example/done' },
  );
  await stubMerchant(page);

  const expectBranded = async () => {
    const image = page.locator('header img.brand-logo');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', new RegExp(`/branding/logos/${uploaded.id}\\.png$`));
    // The file arrived and decoded: a broken image has no natural width. Polled: the page may be
    // shown before the image has finished loading (it had not once in CI).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await expect(page.locator('header.payer-header')).toHaveCSS('background-color', 'rgb(11, 12, 12)');
    await expect(page.locator('header .payee')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expectAccessible(page);
  };

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');
  await expectBranded();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCSS('background-color', 'rgb(0, 112, 60)');
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your bank account');
  await expectBranded();
  await expect(page.locator('a.back-link')).toHaveCSS('color', 'rgb(29, 112, 184)');
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expectBranded();
  await confirmStep(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  await expectBranded();
});

test('at 320 px the branded header, the language menu and sized fields fit without scrolling sideways', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const { path } = await newFlow(request, { mandate_request: { currency: 'GBP', scheme: 'bacs' } });
  await page.goto(path);
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your bank account');
  // The sort code's box is sized to a sort code, not the column.
  const sortCode = await page.getByLabel('Sort code').boundingBox();
  const holder = await page.getByLabel('Account name').boundingBox();
  expect(sortCode!.width).toBeLessThan(holder!.width / 2);
  await page.getByText('Language: English').click();
  await expect(page.getByRole('button', { name: 'Deutsch' })).toBeVisible();
  // The open list lies wholly on the screen (overflowing leftwards would not show in scrollWidth).
  const list = (await page.locator('.language-menu form').boundingBox())!;
  expect(list.x).toBeGreaterThanOrEqual(0);
  expect(list.x + list.width).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

import { expect, test, type Page } from '@playwright/test';
import { accessible, api, newFlow, recordDocuments } from './support';

/**
 * Issue #38 item 9, "looks finished": banks without a logo of their own in the list get a neutral
 * tile (not a made-up coloured one), radios are 44 px targets, and an unknown page under /pay/ is a
 * 404 in the flow's own frame. (The merchant's logo and colours: branding.spec.ts.) On a phone with
 * JavaScript and a desktop without; axe on every page visited.
 */
test.use({ javaScriptEnabled: async ({ isMobile }, use) => use(isMobile) });
test.beforeEach(({ page }) => recordDocuments(page));

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('the bank list: a neutral tile with the initial for each bank, no made-up logo', async ({
  page,
  request,
  browser,
}) => {
  const { path } = await newFlow(request, { payment_request: { amount: 1000, currency: 'GBP', description: 'Tea' } });
  await page.goto(path);
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('jane@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Choose your bank');

  const banks = page.locator('#banks > li');
  expect(await banks.count()).toBeGreaterThan(3);
  // The institution list has no bank's own logo, so no image stands in for one.
  await expect(page.locator('#banks img')).toHaveCount(0);
  await expect(banks.locator('.bank-tile')).toHaveCount(await banks.count());
  const monzo = page.getByRole('button', { name: /Monzo/ });
  await expect(monzo.locator('.bank-tile')).toHaveText('M');
  // One look for every tile: the page's own colours, whatever the bank.
  const colours = await banks
    .locator('.bank-tile')
    .evaluateAll((tiles) => [...new Set(tiles.map((tile) => getComputedStyle(tile).backgroundColor))]);
  expect(colours).toHaveLength(1);
  await accessible(page, browser);
});

test('radios are 44 px touch targets, and so are their labels', async ({ page, request, browser }) => {
  const br = (
    await api(request, 'POST', '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } })
  ).billing_requests;
  await api(request, 'POST', `/billing_requests/${br.id}/actions/collect_customer_details`, {
    data: {
      customer: { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com' },
      customer_billing_detail: {
        address_line1: '1 High St',
        city: 'London',
        postal_code: 'E1 6AN',
        country_code: 'GB',
      },
    },
  });
  await api(request, 'POST', `/billing_requests/${br.id}/actions/collect_bank_account`, {
    data: { account_holder_name: 'Jane Doe', branch_code: '200000', account_number: '55779911', country_code: 'GB' },
  });
  const flow = (
    await api(request, 'POST', '/billing_request_flows', {
      billing_request_flows: { links: { billing_request: br.id } },
    })
  ).billing_request_flows;
  await page.goto(new URL(flow.authorisation_url).pathname);
  await expect(heading(page)).toHaveText('Check and confirm');
  const group = page.getByRole('group', { name: /authorise Direct Debits on this account by yourself/ });
  for (const answer of ['Yes', 'No']) {
    const radio = group.getByRole('radio', { name: answer });
    const box = (await radio.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    const label = (await group.locator('label', { hasText: new RegExp(`^${answer}$`) }).boundingBox())!;
    expect(label.height).toBeGreaterThanOrEqual(44);
  }
  // Pressing the label chooses its radio.
  await group.locator('label', { hasText: /^Yes$/ }).click();
  await expect(group.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await accessible(page, browser);
});

test('an unknown page under /pay/ is a 404 in the flow’s frame', async ({ page, request, browser }) => {
  const { path } = await newFlow(request, { mandate_request: { currency: 'GBP' } });
  for (const address of ['/pay/BRF0000000000000000000000000', `${path}/no-such-step`]) {
    const response = await page.goto(address);
    expect(response!.status()).toBe(404);
    await expect(heading(page)).toHaveText('Page not found');
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.locator('header.payer-header')).toContainText('Secure payment');
    await expect(page.locator('main')).toContainText('Check the link you were sent.');
    await expect(
      page.locator('footer.payer-footer').getByRole('link', { name: 'Accessibility statement' }),
    ).toBeVisible();
    await accessible(page, browser);
  }
});

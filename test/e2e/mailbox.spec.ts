import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { api, expectAccessible } from './support';

/**
 * Issue 21 § 4: a newcomer without SMTP_URL opens the sandbox mailbox and reads the mandate's
 * confirmation as the payer would, in a sandboxed frame; both pages pass axe.
 */
test('the sandbox mailbox lists the mandate confirmation and shows it in a sandboxed frame', async ({
  page,
  request,
}) => {
  const email = `mailbox-${Date.now()}@example.com`;
  const br = (
    await api(request, 'POST', '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } })
  ).billing_requests;
  const actions = `/billing_requests/${br.id}/actions`;
  await api(request, 'POST', `${actions}/collect_customer_details`, {
    data: {
      customer: { given_name: 'Mia', family_name: 'Box', email, language: 'en' },
      customer_billing_detail: {
        address_line1: '1 High St',
        city: 'London',
        postal_code: 'E1 6AN',
        country_code: 'GB',
      },
    },
  });
  await api(request, 'POST', `${actions}/collect_bank_account`, {
    data: { account_holder_name: 'Mia Box', branch_code: '200000', account_number: '55779911', country_code: 'GB' },
  });
  await api(request, 'POST', `${actions}/confirm_payer_details`, { data: {} });
  await api(request, 'POST', `${actions}/fulfil`, { data: {} });

  // The sender runs every 500 ms: the confirmation appears in the mailbox shortly after.
  await expect(async () => {
    await page.goto('/sandbox/mailbox');
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox mailbox' })).toBeVisible();
  await expectAccessible(page);

  // Opened by its link's address, not waiting for the page's load event: with the test server's
  // self-signed certificate, the phone profile keeps retrying the mail's images inside the frame.
  const href = await page.getByRole('row').filter({ hasText: email }).getByRole('link').getAttribute('href');
  await page.goto(href!, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your Direct Debit with');
  const frame = page.locator('iframe[title="The mail as HTML"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="The mail as HTML"]').getByText('The Direct Debit Guarantee', { exact: true }),
  ).toBeVisible();
  await expect(page.locator('pre')).toContainText('Hello Mia Box,');
  // axe cannot run inside a frame sandboxed without scripts (that is the point of it): the page
  // around it is checked, the frame's own document is the mail.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ iframes: false })
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

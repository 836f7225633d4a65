import { expect, test } from '@playwright/test';
import { api, confirmStep, expectAccessible, fillUkDetails, stubMerchant } from './support';

/**
 * A redirect flow (legacy API) in Chromium: the payer fills the same hosted pages as a billing
 * request flow and lands on the merchant's success_redirect_url with redirect_flow_id; the
 * merchant completes it; the payer's confirmation page offers the mandate as a PDF.
 */
test('redirect flow: hosted pages, back to the merchant, complete, mandate PDF', async ({ page, request }) => {
  const flow = (
    await api(request, 'POST', '/redirect_flows', {
      redirect_flows: {
        session_token: 'SESS_e2e_redirect',
        success_redirect_url: 'https://merchant.example/return',
        description: 'Wine club',
        scheme: 'bacs',
      },
    })
  ).redirect_flows;
  await stubMerchant(page);
  await page.goto(new URL(flow.redirect_url).pathname);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your bank account');
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: /Direct Debit Guarantee/ })).toBeVisible();
  await confirmStep(page);

  await expect(page).toHaveURL(`https://merchant.example/return?redirect_flow_id=${flow.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back at the merchant');

  const completed = (
    await api(request, 'POST', `/redirect_flows/${flow.id}/actions/complete`, {
      data: { session_token: 'SESS_e2e_redirect' },
    })
  ).redirect_flows;
  expect(completed.links.mandate).toMatch(/^MD/);

  await page.goto(new URL(completed.confirmation_url).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  const pdfLink = page.getByRole('link', { name: 'Download your mandate (PDF)' });
  await expect(pdfLink).toBeVisible();
  await expectAccessible(page);
  const file = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

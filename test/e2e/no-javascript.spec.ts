import { expect, test } from '@playwright/test';
import { fillUkDetails, getBillingRequest, newFlow } from './support';

// The whole flow works with JavaScript turned off: plain forms, 303 redirects, server-side errors.
test.use({ javaScriptEnabled: false });

test('a whole Direct Debit journey and an instant payment with JavaScript disabled', async ({ page, request }) => {
  const mandate = await newFlow(request, { mandate_request: { currency: 'GBP' } });
  await page.goto(mandate.path);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A submission with missing fields comes back with the errors, the rest kept.
  await page.getByLabel('First name').fill('Jane');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Jane');
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779912');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
  expect((await getBillingRequest(request, mandate.billingRequestId)).status).toBe('fulfilled');

  // The bank step without live status: the payer says they finished.
  const instant = await newFlow(request, { payment_request: { amount: 100, currency: 'GBP' } });
  await page.goto(instant.path);
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('jane@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Select Monzo' }).click();
  await page.getByRole('button', { name: 'I have finished on my phone' }).click();
  await expect(page.getByRole('status')).toContainText('not answered yet');
  await page.getByRole('link', { name: /Continue to Monzo/ }).click();
  await page.getByRole('button', { name: 'Authorise' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
});

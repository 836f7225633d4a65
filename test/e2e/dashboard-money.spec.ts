import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { api, confirmedPayment, expectAccessible, waitForEnhancement, signInAsAdmin } from './support';

/**
 * Money in the dashboard, in a browser: a payment found by its id and refunded from its page
 * (asked first, a wrong amount answered next to its field), the refund found in the refunds list
 * with its event naming the admin; with JavaScript on and off, on the desktop and the phone, axe
 * on every page once it has settled (the enhancement script in place), and the new lists at 320 px.
 *
 * The payment is in SEK: the sandbox's bootstrap creditor has GBP and EUR payout accounts, and a
 * payout follows a confirmed payment at once, which would leave no balance to refund from.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`a refund with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('finds a payment by its id, refunds part of it and finds the refund', async ({ page, request }) => {
      // axe runs in the page, so it checks with JavaScript on, after the enhancement has settled.
      const settledAndAccessible = async () => {
        if (!javaScriptEnabled) return;
        await waitForEnhancement(page);
        await expectAccessible(page);
      };
      const paymentId = await confirmedPayment(request);
      await signInAsAdmin(page);
      await page.goto('/dashboard/payments');
      await settledAndAccessible();
      await page.getByRole('searchbox', { name: 'Search' }).fill(paymentId);
      await page.getByRole('button', { name: 'Filter' }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${paymentId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Payment ${paymentId}`);
      await settledAndAccessible();

      await page.getByRole('link', { name: 'Refund the payment' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Refund payment ${paymentId}?`);
      await settledAndAccessible();
      await page.getByLabel('Amount to refund (SEK)').fill('999.00');
      await page.getByRole('button', { name: 'Refund the payment' }).click();
      await expect(page.locator('#amount-error')).toBeVisible();
      await settledAndAccessible();
      await page.getByLabel('Amount to refund (SEK)').fill('12.50');
      await page.getByRole('button', { name: 'Refund the payment' }).click();
      await expect(page.getByRole('status')).toHaveText('The refund was made.');
      await settledAndAccessible();

      await page.goto(`/dashboard/refunds?payment=${paymentId}`);
      await expect(page.getByTestId('row')).toHaveCount(1);
      await settledAndAccessible();
      await page.getByTestId('row').getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Refund RF/);
      // Its `created` event names the admin (the bank's later moves, if any, name no one).
      await expect(page.getByTestId('event').filter({ hasText: `user: ${E2E_ADMIN.email}` })).toHaveCount(1);
      await settledAndAccessible();
      const refunds = await api(request, 'GET', `/refunds?payment=${paymentId}`);
      expect(refunds.refunds.map((r: { amount: number }) => r.amount)).toEqual([1250]);
    });
  });
}

test('the money lists and developer tools pass axe and fit 320 px', async ({ page, request }) => {
  // Twelve pages, each checked by axe: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/dashboard/subscriptions',
    '/dashboard/instalment-schedules',
    '/dashboard/refunds',
    '/dashboard/payouts',
    '/dashboard/billing-requests',
    '/dashboard/billing-requests?status=everything',
    '/dashboard/developers/events',
    '/dashboard/developers/simulators',
    '/dashboard/developers/requests',
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
  // A billing request's own page with its events, its cancellation's confirmation (not sent) and
  // its `created` event in the explorer.
  const made = await api(request, 'POST', '/billing_requests', {
    billing_requests: { payment_request: { amount: 100, currency: 'GBP', description: 'Axe' } },
  });
  const id = made.billing_requests.id as string;
  await page.goto(`/dashboard/billing-requests/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Events' })).toBeVisible();
  await waitForEnhancement(page);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Cancel it' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cancel ${id}?`);
  await waitForEnhancement(page);
  await expectAccessible(page);
  await page.goto(`/dashboard/developers/events?resource=${id}`);
  await page.getByTestId('row').first().getByRole('link').click();
  await expect(page.getByTestId('details')).toBeVisible();
  await waitForEnhancement(page);
  await expectAccessible(page);
  // The request that made it, whole, beside the events it recorded (decision 0086).
  // Written by the server's batch within a second or so of the request.
  await expect(async () => {
    await page.goto(`/dashboard/developers/requests?resource=${id}`);
    await expect(page.getByTestId('row')).not.toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('row').last().getByRole('link').click();
  await expect(page.getByTestId('response-body')).toBeVisible();
  await waitForEnhancement(page);
  await expectAccessible(page);
  // Sent again from its page (decision 0094): the new request's page follows, naming the first.
  const first = new URL(page.url()).pathname;
  await page.getByTestId('resend-now').click();
  await expect(page.getByTestId('resent')).toBeVisible();
  await expect(page.getByTestId('resent').getByRole('link')).toHaveAttribute('href', first);
  expect(new URL(page.url()).pathname).not.toBe(first);
  await waitForEnhancement(page);
  await expectAccessible(page);
});

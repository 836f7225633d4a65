import { expect, test } from '@playwright/test';
import { api, confirmStep, expectAccessible, fillUkDetails, getBillingRequest, stubMerchant } from './support';

/**
 * A reusable payment link (billing request template) in Chromium: the landing page (axe-clean,
 * usable at 320 px) and Continue into the payer's own flow, through to an authorised Direct Debit.
 */
test('a template link: the landing page, then Continue into a flow of this payer’s own', async ({ page, request }) => {
  const template = (
    await api(request, 'POST', '/billing_request_templates', {
      billing_request_templates: {
        name: 'Membership',
        mandate_request_scheme: 'bacs',
        mandate_request_description: 'Gym membership',
        redirect_uri: 'https://merchant.example/joined',
      },
    })
  ).billing_request_templates;
  await stubMerchant(page);
  await page.goto(new URL(template.authorisation_url).pathname);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start your payment');
  // On a narrow screen the order summary starts folded: what it says is there, shown on demand.
  await expect(page.locator('.order-summary')).toContainText('Gym membership');
  await expectAccessible(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/pay\/BRF[0-9A-Z]{26}\/details$/);
  const flowId = /\/pay\/(BRF[0-9A-Z]{26})\//.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your bank account');
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmStep(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');

  // The request the link made is this payer's, fulfilled into a Bacs mandate described as the template says.
  const events = (await api(request, 'GET', `/events?resource_type=billing_requests&action=flow_created`)).events;
  const made = events.find(
    (e: { links: { billing_request_flow?: string } }) => e.links.billing_request_flow === flowId,
  );
  const br = await getBillingRequest(request, made.links.billing_request);
  expect(br.status).toBe('fulfilled');
  expect(br.mandate_request).toMatchObject({ scheme: 'bacs', description: 'Gym membership' });
});

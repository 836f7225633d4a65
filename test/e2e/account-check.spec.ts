import { expect, test, type Page } from '@playwright/test';
import { translator } from '../../i18n/flow';
import { confirmStep, fillUkDetails, getBillingRequest, newFlow } from './support';

/**
 * Confirmation of payee in the hosted flow: a close name match shows the bank's name, and the
 * payer corrects the details or goes on. The same with JavaScript on and off.
 */
const t = translator('en');

async function toAccountCheck(page: Page, request: Parameters<typeof newFlow>[0]) {
  const flow = await newFlow(request, { mandate_request: { currency: 'GBP' } });
  await page.goto(flow.path);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(t('field.account_holder_name')).fill('Partial Jane Doe');
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account_check.title'));
  await expect(page.getByTestId('bank-held-name')).toHaveText('JANE DOE');
  return flow;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the account check with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the payer corrects the name, then goes on with a close match to a mandate', async ({ page, request }) => {
      const flow = await toAccountCheck(page, request);
      await page.getByRole('button', { name: t('account_check.change') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.title'));
      await page.getByLabel(t('field.account_holder_name')).fill('Partial Jane Doe');
      await page.getByLabel('Sort code').fill('200000');
      await page.getByLabel('Account number').fill('55779911');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: t('account_check.continue') }).click();
      await confirmStep(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All set');
      expect((await getBillingRequest(request, flow.billingRequestId)).status).toBe('fulfilled');
    });
  });
}

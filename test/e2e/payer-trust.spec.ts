import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { api, confirmStep, expectAccessible, fillUkDetails, getBillingRequest, newFlow, stubMerchant } from './support';

/**
 * The payer flow a payer trusts (issue #18), with JavaScript on and off, at the desktop and phone
 * viewports: the order summary (payee, amount, what for) on every step and the success page, the
 * confirmation's labels and the scheme's elements, Back keeping what was entered, Cancel that
 * really cancels, and axe clean on every page. With SCREENSHOTS=1 the desktop/phone runs with
 * JavaScript also write each step to docs/payer-pages/ for reviewers.
 */
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const summary = (page: Page) => page.locator('details.order-summary');

async function snap(page: Page, name: string, javaScript: boolean) {
  if (!process.env.SCREENSHOTS || !javaScript) return;
  const width = page.viewportSize()?.width ?? 0;
  mkdirSync('docs/payer-pages', { recursive: true });
  await page.screenshot({ path: `docs/payer-pages/${name}-${width < 600 ? 390 : 1280}.png`, fullPage: true });
}

/** axe runs inside the page, so it can only check the pages with JavaScript on (the same HTML). */
let axeable = true;
const accessible = (page: Page) => (axeable ? expectAccessible(page) : Promise.resolve());

/** Each step: its summary names the payee and what is paid, and axe finds nothing. */
async function expectStep(page: Page, title: string, says: (string | RegExp)[]) {
  await expect(heading(page)).toHaveText(title);
  for (const text of says) await expect(summary(page)).toContainText(text);
  await accessible(page);
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: javaScript });
    test.beforeEach(() => {
      axeable = javaScript;
      test.setTimeout(90_000);
    });

    test('a Bacs mandate: summary on every step, Back keeps answers, the confirmation reads right', async ({
      page,
      request,
    }) => {
      const { billingRequestId, path } = await newFlow(
        request,
        { mandate_request: { currency: 'GBP', scheme: 'bacs', description: 'Gym membership' } },
        { redirect_uri: 'https://merchant.example/done' },
      );
      await stubMerchant(page);
      await page.goto(path);
      // The scheme fixes the currency: no currency step.
      await expectStep(page, 'Your details', [/Direct Debit for/, 'Gym membership']);
      await expect(page.getByText('Step 1 of 3 — Your details')).toBeVisible();
      await snap(page, '1-details', javaScript);
      await fillUkDetails(page);
      await page.getByRole('button', { name: 'Continue' }).click();

      await expectStep(page, 'Your bank account', [/Direct Debit for/]);
      await snap(page, '2-account', javaScript);
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(heading(page)).toHaveText('Your details');
      await expect(page.getByLabel('Address line 1')).toHaveValue('1 High Street');
      await expect(page.getByLabel('Email address')).toHaveValue('jane.doe@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByLabel('Account name').fill('Jane Doe');
      await page.getByLabel('Sort code').fill('20 00 00');
      await page.getByLabel('Account number').fill('55779911');
      await page.getByRole('button', { name: 'Continue' }).click();

      await expectStep(page, 'Check and confirm', [/Direct Debit for/]);
      const you = page.locator('section', { has: page.getByRole('heading', { name: 'Your details' }) });
      await expect(you.locator('dt')).toContainText(['Name', 'Email address', 'Address']);
      await expect(you).toContainText('United Kingdom');
      await expect(page.locator('dt', { hasText: 'Account name' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Direct Debit' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Direct Debit Guarantee/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /Change.*Your details/ })).toHaveAttribute('href', /\/details$/);
      await snap(page, '3-confirm', javaScript);
      // "No": a joint account needs a paper mandate; nothing is set up.
      await page
        .getByRole('group', { name: /by yourself/ })
        .getByLabel('No')
        .check();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(heading(page)).toHaveText('You cannot set up this Direct Debit online');
      await accessible(page);
      expect((await getBillingRequest(request, billingRequestId)).status).toBe('pending');
      await page.getByRole('link', { name: 'Back' }).first().click();
      await confirmStep(page);

      await expect(heading(page)).toHaveText('All set');
      await expect(summary(page)).toContainText(/Direct Debit for/);
      await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Return to/ })).toHaveAttribute('href', /outcome=success/);
      await accessible(page);
      await snap(page, '4-success', javaScript);
      expect((await getBillingRequest(request, billingRequestId)).status).toBe('fulfilled');
    });

    test('an instant GBP payment shows amount, payee and reference up to the bank and after', async ({
      page,
      request,
    }) => {
      const { path } = await newFlow(request, {
        payment_request: { amount: 2500, currency: 'GBP', description: 'Order 7' },
      });
      await page.goto(path);
      await expectStep(page, 'Your details', ['£25.00 today', 'Order 7']);
      await page.getByLabel('First name').fill('Jane');
      await page.getByLabel('Last name').fill('Doe');
      await page.getByLabel('Email address').fill('jane@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectStep(page, 'Choose your bank', ['£25.00 today', 'Order 7']);
      await snap(page, '5-bank', javaScript);
      await page.getByRole('link', { name: 'My bank is not listed' }).click();
      await expectStep(page, 'If your bank is not listed', ['£25.00 today']);
      await snap(page, '6-not-listed', javaScript);
      await page.getByRole('link', { name: 'Choose another bank' }).click();
      await page.getByRole('button', { name: 'Select Monzo' }).click();
      await expectStep(page, 'Authorise at your bank', ['£25.00 today', 'Order 7']);
      await snap(page, '7-authorise', javaScript);
      await page.getByRole('link', { name: /Continue to Monzo/ }).click();
      await page.getByRole('button', { name: 'Authorise' }).click();
      await expect(heading(page)).toHaveText('All set');
      await expect(summary(page)).toContainText('£25.00 today');
      await expect(summary(page)).toContainText('Order 7');
      await accessible(page);
    });

    test('a SEPA mandate: summary on every step, Back keeps the account, the SEPA mandate text', async ({
      page,
      request,
    }) => {
      const { billingRequestId, path } = await newFlow(
        request,
        { mandate_request: { currency: 'EUR', scheme: 'sepa_core', description: 'Club fees' } },
        { redirect_uri: 'https://merchant.example/done' },
      );
      await stubMerchant(page);
      await page.goto(path);
      const says = [/Direct Debit for/, 'Club fees'];
      await expectStep(page, 'Your details', says);
      await page.getByLabel('First name').fill('Jean');
      await page.getByLabel('Last name').fill('Dupont');
      await page.getByLabel('Email address').fill('jean@example.fr');
      await page.getByLabel('Address line 1').fill('1 rue de Rivoli');
      await page.getByLabel('Town or city').fill('Paris');
      await page.getByLabel('Postcode').fill('75001');
      await page.getByLabel('Country').selectOption('FR');
      await page.getByRole('button', { name: 'Continue' }).click();

      await expectStep(page, 'Your bank account', says);
      await page.getByLabel('Account name').fill('Jean Dupont');
      await page.getByLabel('IBAN').fill('FR14 2004 1010 0505 0001 3M02 606');
      await page.getByRole('button', { name: 'Continue' }).click();

      await expectStep(page, 'Check and confirm', says);
      // Back from the confirmation keeps what was entered on the bank account step.
      await page.getByRole('link', { name: 'Back' }).first().click();
      await expect(heading(page)).toHaveText('Your bank account');
      await expect(page.getByLabel('Account name')).toHaveValue('Jean Dupont');
      // The IBAN is never sent back into a page: the payer types it again.
      await page.getByLabel('IBAN').fill('FR14 2004 1010 0505 0001 3M02 606');
      await page.getByRole('button', { name: 'Continue' }).click();

      await expectStep(page, 'Check and confirm', says);
      const you = page.locator('section', { has: page.getByRole('heading', { name: 'Your details' }) });
      await expect(you).toContainText('France');
      await expect(page.getByRole('heading', { name: /SEPA/ })).toBeVisible();
      await confirmStep(page);

      await expect(heading(page)).toHaveText('All set');
      for (const text of says) await expect(summary(page)).toContainText(text);
      await expect(page.getByRole('link', { name: /Return to/ })).toHaveAttribute('href', /outcome=success/);
      await accessible(page);
      expect((await getBillingRequest(request, billingRequestId)).status).toBe('fulfilled');
    });

    test('a mandate with a payment: the payment and what it is for in the summary, up to the bank', async ({
      page,
      request,
    }) => {
      const { path } = await newFlow(request, {
        mandate_request: { currency: 'EUR', scheme: 'sepa_core' },
        payment_request: { amount: 1000, currency: 'EUR', description: 'First month' },
      });
      await page.goto(path);
      await expectStep(page, 'Your details', ['€10.00', 'First month']);
      await page.getByLabel('First name').fill('Jean');
      await page.getByLabel('Last name').fill('Dupont');
      await page.getByLabel('Email address').fill('jean@example.fr');
      await page.getByLabel('Address line 1').fill('1 rue de Rivoli');
      await page.getByLabel('Town or city').fill('Paris');
      await page.getByLabel('Postcode').fill('75001');
      await page.getByLabel('Country').selectOption('FR');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectStep(page, 'Choose your bank', ['€10.00', 'First month']);
    });

    test('Cancel asks first, then cancels the request and returns with outcome=failure', async ({ page, request }) => {
      const { billingRequestId, flowId, path } = await newFlow(
        request,
        { mandate_request: { currency: 'GBP' } },
        { lock_currency: true, exit_uri: 'https://merchant.example/exit' },
      );
      await stubMerchant(page);
      await page.goto(path);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(heading(page)).toHaveText('Are you sure you want to cancel?');
      await accessible(page);
      await snap(page, '8-cancel', javaScript);
      await page.getByRole('link', { name: 'No, go back' }).click();
      await expect(heading(page)).toHaveText('Your details');
      expect((await getBillingRequest(request, billingRequestId)).status).toBe('pending');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Yes, cancel' }).click();
      await expect(page).toHaveURL(`https://merchant.example/exit?outcome=failure&id=${flowId}`);
      expect((await getBillingRequest(request, billingRequestId)).status).toBe('cancelled');
      const cancelled = await api(request, 'GET', `/events?billing_request=${billingRequestId}&action=cancelled`);
      expect(cancelled.events).toHaveLength(1);
    });

    test('the accessibility statement is linked from every step and passes axe', async ({ page, request }) => {
      const { path } = await newFlow(request, { mandate_request: { currency: 'GBP' } }, { lock_currency: true });
      await page.goto(path);
      await page.getByRole('link', { name: 'Accessibility statement' }).click();
      await expect(heading(page)).toHaveText('Accessibility statement for these payment pages');
      await accessible(page);
    });
  });
}

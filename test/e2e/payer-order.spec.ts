import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  api,
  confirmStep,
  expectAccessible,
  fillUkDetails,
  getBillingRequest,
  newFlow,
  stubMerchant,
  waitForEnhancement,
} from './support';

/**
 * Issue #38: the payer commits last, can always go back, and always sees what they pay. On a phone
 * with JavaScript (the enhancement script folds the order summary) and a desktop without it.
 */
test.use({ javaScriptEnabled: async ({ isMobile }, use) => use(isMobile) });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const progress = (page: Page) => page.locator('.progress');
const backLink = (page: Page) => page.getByRole('link', { name: 'Back', exact: true });
/** The summary's one line: folded or not, it is what a phone shows above the form. */
const summaryLine = (page: Page) => page.locator('details.order-summary > summary');

/** axe runs inside the page: with JavaScript off there is nothing to run it in (the same HTML). */
async function accessible(page: Page) {
  if (test.info().project.name === 'phone') await expectAccessible(page);
}

async function creditorName(request: APIRequestContext): Promise<string> {
  return (await api(request, 'GET', '/creditors')).creditors[0].name;
}

async function eventsOf(request: APIRequestContext, billingRequestId: string): Promise<string[]> {
  const events = (await api(request, 'GET', `/events?billing_request=${billingRequestId}`)).events;
  return events.map((e: { action: string }) => e.action).reverse();
}

async function payerDetails(page: Page) {
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('jane@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function chooseBank(page: Page, name: string) {
  await expect(heading(page)).toHaveText('Choose your bank');
  await page.getByRole('button', { name: `Select ${name}` }).click();
}

test('a mandate with an instant payment: the mandate is confirmed first, the bank is the last commitment', async ({
  page,
  request,
}) => {
  const { billingRequestId, path } = await newFlow(
    request,
    {
      mandate_request: { currency: 'GBP', scheme: 'bacs' },
      payment_request: { amount: 1500, currency: 'GBP', description: 'First month' },
    },
    { redirect_uri: 'https://merchant.example/done' },
  );
  await stubMerchant(page);
  await page.goto(path);
  await expect(heading(page)).toHaveText('Your details');
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await chooseBank(page, 'Monzo');

  // Check and confirm comes before the bank: the account is the one the payer picks there.
  await expect(heading(page)).toHaveText('Check and confirm');
  await expect(progress(page)).toHaveText('Step 3 of 4 — Check and confirm');
  await expect(page.locator('section', { hasText: 'Your bank account' })).toContainText(
    'The account you choose at Monzo',
  );
  await expect(page.getByText('Next you authorise at Monzo. Nothing is paid or set up until you do.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Direct Debit Guarantee/ })).toBeVisible();
  await accessible(page);
  expect((await getBillingRequest(request, billingRequestId)).links.payment_request_payment).toBeUndefined();
  await confirmStep(page);

  // The bank is last; its page may still be left (Back, Cancel) since nothing has moved yet.
  await expect(heading(page)).toHaveText('Authorise at your bank');
  await expect(progress(page)).toHaveText('Step 4 of 4 — Authorise at your bank');
  await expect(backLink(page)).toHaveAttribute('href', /\/confirm$/);
  const pending = await getBillingRequest(request, billingRequestId);
  expect(pending.status).toBe('pending');
  expect(pending.actions.find((a: { type: string }) => a.type === 'confirm_payer_details').status).toBe('pending');
  await accessible(page);
  await page.getByRole('link', { name: /Continue to Monzo/ }).click();
  await page.getByRole('button', { name: 'Authorise' }).click();

  // Nothing after the bank offers to undo it.
  await expect(heading(page)).toHaveText('All set');
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveCount(0);
  await accessible(page);
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.status).toBe('fulfilled');
  // The API's order of actions is kept: the account from the bank, then the confirmation, then fulfilment.
  const events = await eventsOf(request, billingRequestId);
  expect(events.slice(events.indexOf('select_institution'))).toEqual([
    'select_institution',
    'bank_authorisation_visited',
    'bank_authorisation_authorised',
    'payer_details_confirmed',
    'fulfilled',
  ]);
});

test('a payment link with a payment: the landing page promises nothing before the last step, and confirm comes before the bank', async ({
  page,
  request,
}) => {
  const template = (
    await api(request, 'POST', '/billing_request_templates', {
      billing_request_templates: {
        name: 'Starter',
        mandate_request_scheme: 'bacs',
        mandate_request_currency: 'GBP',
        payment_request_amount: '12.00', // the reference's decimal string (decision 0077)
        payment_request_currency: 'GBP',
        payment_request_description: 'Joining fee',
      },
    })
  ).billing_request_templates;
  await page.goto(new URL(template.authorisation_url).pathname);
  await expect(heading(page)).toHaveText('Start your payment');
  await expect(page.getByText(/Nothing is paid or set up until the last step\./)).toBeVisible();
  await expect(summaryLine(page)).toContainText('£12.00 today');
  await accessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await chooseBank(page, 'Monzo');
  await expect(heading(page)).toHaveText('Check and confirm');
});

test('a chosen bank can be changed: Back from the bank step, another bank, and another bank after a denial', async ({
  page,
  request,
}) => {
  const { billingRequestId, flowId, path } = await newFlow(
    request,
    { payment_request: { amount: 2500, currency: 'GBP' } },
    { exit_uri: 'https://merchant.example/exit' },
  );
  await page.goto(path);
  await payerDetails(page);
  await chooseBank(page, 'Monzo');
  await expect(heading(page)).toHaveText('Authorise at your bank');
  await expect(progress(page)).toHaveText('Step 3 of 3 — Authorise at your bank');
  const monzoLink = await page.getByRole('link', { name: /Continue to Monzo/ }).getAttribute('href');

  // Back leads to the bank choice, and the list and "not listed" pages open (no redirect).
  await backLink(page).click();
  await expect(heading(page)).toHaveText('Choose your bank');
  await expect(progress(page)).toHaveText('Step 2 of 3 — Choose your bank');
  await expect(backLink(page)).toHaveAttribute('href', /\/details$/);
  await accessible(page);
  await page.goto(`/pay/${flowId}/not-listed`);
  await expect(heading(page)).toHaveText('If your bank is not listed');
  await page.goto(`/pay/${flowId}/bank`);
  await chooseBank(page, 'Starling Bank');
  await expect(page.getByRole('link', { name: /Continue to Starling Bank/ })).toBeVisible();
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.resources.institution.name).toBe('Starling Bank');

  // The authorisation opened at Monzo can no longer move money.
  await page.goto(monzoLink!);
  await expect(page.getByText('This authorisation has expired. Go back and start again.')).toBeVisible();
  await page.goto(`/pay/${flowId}/authorise`);

  // Denied at the bank: another bank can be chosen, not only the same one again.
  await page.getByRole('link', { name: /Continue to Starling Bank/ }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('alert')).toContainText('You declined at your bank');
  await accessible(page);
  await page.getByRole('link', { name: 'Choose another bank' }).click();
  await chooseBank(page, 'Monzo');
  await page.getByRole('link', { name: /Continue to Monzo/ }).click();
  await page.getByRole('button', { name: 'Authorise' }).click();
  await expect(heading(page)).toHaveText('All set');
  const done = await getBillingRequest(request, billingRequestId);
  expect(done.status).toBe('fulfilled');
  expect(done.resources.institution.name).toBe('Monzo');
});

test('Back and Change: every question goes back to the one before, Change returns to Check and confirm with every answer kept', async ({
  page,
  request,
}) => {
  const { billingRequestId, path } = await newFlow(request, { mandate_request: { currency: 'GBP' } });
  await page.goto(path);
  await expect(heading(page)).toHaveText('Which currency is your bank account in?');
  await expect(progress(page)).toHaveText('Step 1 of 4 — Which currency is your bank account in?');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(progress(page)).toHaveText('Step 2 of 4 — Your details');
  await expect(backLink(page)).toHaveAttribute('href', /\/currency$/);
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page)).toHaveText('Your bank account');
  await expect(progress(page)).toHaveText('Step 3 of 4 — Your bank account');
  await backLink(page).click();
  // The details page is itself: its own step, and Back to the question before it.
  await expect(heading(page)).toHaveText('Your details');
  await expect(progress(page)).toHaveText('Step 2 of 4 — Your details');
  await expect(backLink(page)).toHaveAttribute('href', /\/currency$/);
  await backLink(page).click();
  await expect(heading(page)).toHaveText('Which currency is your bank account in?');
  await expect(backLink(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Account name').fill('Jane Doe');
  await page.getByLabel('Sort code').fill('20 00 00');
  await page.getByLabel('Account number').fill('55779911');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Check and confirm');
  await expect(progress(page)).toHaveText('Step 4 of 4 — Check and confirm');
  await expect(page.getByText('******11')).toBeVisible();

  // Change the account: its own step and Back, the account named (masked), kept when nothing new is typed.
  await page.getByRole('link', { name: /Change.*Your bank account/ }).click();
  await expect(heading(page)).toHaveText('Your bank account');
  await expect(progress(page)).toHaveText('Step 3 of 4 — Your bank account');
  await expect(backLink(page)).toHaveAttribute('href', /\/details$/);
  await expect(page.getByText('The account ending 11 stays unless you enter other details below.')).toBeVisible();
  await expect(page.getByLabel('Account name')).toHaveValue('Jane Doe');
  await accessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Check and confirm');
  await expect(page.getByText('******11')).toBeVisible();

  // Change the details: prefilled, and back to Check and confirm with the account still there.
  await page.getByRole('link', { name: /Change.*Your details/ }).click();
  await expect(progress(page)).toHaveText('Step 2 of 4 — Your details');
  await expect(page.getByLabel('Address line 1')).toHaveValue('1 High Street');
  await page.getByLabel('Address line 1').fill('2 High Street');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Check and confirm');
  await expect(page.locator('section', { hasText: 'Your details' })).toContainText('2 High Street');
  await expect(page.getByText('******11')).toBeVisible();
  await confirmStep(page);
  await expect(heading(page)).toHaveText('All set');
  expect((await getBillingRequest(request, billingRequestId)).status).toBe('fulfilled');
});

test('the amount, payee and frequency stay above the fold on every step and the success page', async ({
  page,
  request,
}) => {
  const payee = await creditorName(request);
  const { path } = await newFlow(request, {
    mandate_request: { currency: 'USD', scheme: 'ach' },
    subscription_request: { amount: 1999, currency: 'USD', interval_unit: 'monthly', name: 'Gym' },
  });
  const phone = test.info().project.name === 'phone';
  const expectSummaryLine = async (title: string) => {
    await expect(heading(page)).toHaveText(title);
    // The phone runs the enhancement script, which folds the details; the desktop has none.
    if (phone) await waitForEnhancement(page);
    await expect(page.locator('details.order-summary')).toHaveJSProperty('open', !phone);
    await expect(summaryLine(page)).toContainText(`${payee}: $19.99 monthly`);
    await expect(summaryLine(page)).toBeInViewport();
    await accessible(page);
  };
  await page.goto(path);
  await expectSummaryLine('Your details');
  await page.getByLabel('First name').fill('John');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('john@example.com');
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('Town or city').fill('Springfield');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP code').fill('62701');
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectSummaryLine('Your bank account');
  await page.getByLabel('Routing number').fill('026073150');
  await page.getByLabel('Account number').fill('2715500356');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectSummaryLine('Check and confirm');
  await confirmStep(page);
  await expectSummaryLine('All set');
});

test('the IBAN: a blank one is asked for where it is typed, one example throughout, each message said once', async ({
  page,
  request,
}) => {
  const { path } = await newFlow(request, { mandate_request: { currency: 'EUR', scheme: 'sepa_core' } });
  await page.goto(path);
  await page.getByLabel('First name').fill('Jean');
  await page.getByLabel('Last name').fill('Dupont');
  await page.getByLabel('Email address').fill('jean@example.fr');
  await page.getByLabel('Address line 1').fill('1 rue de Rivoli');
  await page.getByLabel('Town or city').fill('Paris');
  await page.getByLabel('Postcode').fill('75001');
  await page.getByLabel('Country').selectOption('FR');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your bank account');
  const example = 'FR76 3000 6000 0112 3456 7890 189';
  await expect(page.locator('#iban-hint')).toContainText(example);

  // Blank: "Enter your IBAN" under the IBAN, no country this page does not ask for.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('#iban-error')).toHaveText('Enter your IBAN');
  await expect(page.getByText('Select your country')).toHaveCount(0);
  await accessible(page);

  // Wrong: the message's example is the hint's, a euro IBAN.
  await page.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 180');
  await page.getByRole('button', { name: 'Continue' }).click();
  const wrong = `Enter an IBAN in the correct format, like ${example}`;
  await expect(page.locator('#iban-error')).toHaveText(wrong);
  // The live check (with JavaScript) does not say it a second time when the field is left.
  await page.getByLabel('IBAN').focus();
  await page.getByLabel('Account name').focus();
  const ibanField = page.locator('.field', { has: page.locator('#iban') });
  await expect(ibanField.getByText(wrong, { exact: true })).toHaveCount(1);
  await accessible(page);
});

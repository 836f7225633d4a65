import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accessible,
  api,
  confirmStep,
  fillUkDetails,
  getBillingRequest,
  newFlow,
  recordDocuments,
  waitForEnhancement,
} from './support';

/**
 * Issue #38 items 6 and 8: success pages that say what happened in the scheme's words, and the
 * GOV.UK conventions (titles, error summaries, locale dates, names in their own case, a phone's
 * own page). On a phone with JavaScript and a desktop without, for Bacs, SEPA, ACH, PAD and an
 * instant payment; axe on every page visited.
 */
test.use({ javaScriptEnabled: async ({ isMobile }, use) => use(isMobile) });

const phone = () => test.info().project.name === 'phone';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.locator('main');
const panel = (page: Page) => page.locator('.panel-confirmation');
/** The success page's facts: a summary list of what was paid or set up. */
const fact = (page: Page, term: string) =>
  page.locator('.success-facts > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) });

test.beforeEach(({ page }) => recordDocuments(page));

/** GOV.UK: the title starts with the page's h1 (after "Error: " when the form came back with errors). */
async function titleMatchesHeading(page: Page, errorPrefix?: string) {
  const h1 = (await heading(page).innerText()).trim();
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveTitle(new RegExp(`^${errorPrefix ? escape(errorPrefix) : ''}${escape(h1)} – `));
}

/** The error summary's links, in the order it lists them: each names the field it leads to. */
async function summaryFields(page: Page): Promise<string[]> {
  const links = page.getByRole('alert').getByRole('link');
  return links.evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').replace(/^#/, '')));
}

/** The order of the form's inputs on the page, to compare the summary with. */
async function inputOrder(page: Page): Promise<string[]> {
  return page.locator('form input[id], form select[id]').evaluateAll((els) => els.map((e) => e.id));
}

async function expectSummaryInFieldOrder(page: Page, expected: string[]) {
  const listed = await summaryFields(page);
  expect(listed).toEqual(expected);
  const order = await inputOrder(page);
  const positions = listed.map((id) => order.indexOf(id));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

async function creditorName(request: APIRequestContext): Promise<string> {
  return (await api(request, 'GET', '/creditors')).creditors[0].name;
}

/** Today as the payer's locale writes it (the server's sandbox clock is the real one). */
const todayIn = (locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** Nothing a success page says elsewhere, in any scheme: the old double promise, and "e-mail". */
async function expectNoFalsePromises(page: Page) {
  await expect(main(page)).not.toContainText('We have sent a confirmation');
  await expect(main(page)).not.toContainText('A confirmation email will follow');
  await expect(page.locator('body')).not.toContainText(/e-mail/i);
}

test('Bacs mandate: errors in field order under an "Error:" title, the bank in its own case, the Direct Debit set up in a confirmation panel', async ({
  page,
  request,
  browser,
}) => {
  const payee = await creditorName(request);
  const { billingRequestId, path } = await newFlow(
    request,
    { mandate_request: { currency: 'GBP', scheme: 'bacs' } },
    { lock_currency: true },
  );
  await page.goto(path);
  await expect(heading(page)).toHaveText('Your details');
  await titleMatchesHeading(page);
  await expect(page).not.toHaveTitle(/^Error/);

  // Everything left out: the summary lists the inputs top to bottom, and the title says "Error:".
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await titleMatchesHeading(page, 'Error: ');
  await expectSummaryInFieldOrder(page, ['given_name', 'family_name', 'email', 'address_line1', 'city', 'postal_code']);
  await accessible(page, browser);
  await fillUkDetails(page);
  await continueButton(page).click();

  // The account: the name comes first on the page, so first in the summary.
  await expect(heading(page)).toHaveText('Your bank account');
  await titleMatchesHeading(page);
  await page.getByLabel('Account name').fill('');
  await page.getByLabel('Sort code').fill('12');
  await page.getByLabel('Account number').fill('55779911');
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await titleMatchesHeading(page, 'Error: ');
  const listed = await summaryFields(page);
  expect(listed.indexOf('account_holder_name')).toBeGreaterThanOrEqual(0);
  expect(listed.indexOf('account_holder_name')).toBeLessThan(listed.indexOf('branch_code'));
  await expectSummaryInFieldOrder(page, listed);
  await accessible(page, browser);
  await page.getByLabel('Account name').fill('Jane Doe');
  await page.getByLabel('Sort code').fill('20-00-00');
  if (phone()) {
    // The live look-up names the bank as it calls itself, not as the directory shouts it.
    await page.getByLabel('Sort code').blur();
    await expect(page.getByText('Bank: Barclays Bank PLC')).toBeVisible();
  }
  await page.getByLabel('Account number').fill('55779911');
  await continueButton(page).click();

  await expect(heading(page)).toHaveText('Check and confirm');
  await titleMatchesHeading(page);
  await expect(main(page)).toContainText('Barclays Bank PLC');
  await expect(main(page)).not.toContainText('BARCLAYS BANK PLC');
  await accessible(page, browser);
  await confirmStep(page);

  await expect(heading(page)).toHaveText('All set');
  await titleMatchesHeading(page);
  const br = await getBillingRequest(request, billingRequestId);
  const mandate = (await api(request, 'GET', `/mandates/${br.links.mandate_request_mandate}`)).mandates;
  // What was set up, with whom and its reference, in the panel and the list.
  await expect(panel(page)).toContainText('Your reference');
  await expect(panel(page).locator('strong')).toHaveText(mandate.reference);
  await expect(panel(page).getByRole('heading', { level: 1 })).toHaveText('All set');
  await expect(fact(page, 'Collected by').locator('dd')).toHaveText(payee);
  await expect(fact(page, 'Direct Debit reference').locator('dd')).toHaveText(mandate.reference);
  await expect(page.getByRole('status')).toContainText(`Your Direct Debit to ${payee} is set up.`);
  // One sentence for the confirmation, Bacs's own timing; no payment was made, none is claimed.
  await expect(
    page.getByText(
      'Confirmation of your Direct Debit Instruction will be emailed to jane.doe@example.com within 3 working days.',
    ),
  ).toBeVisible();
  await expect(main(page).getByText(/3 working days/)).toHaveCount(1);
  await expect(
    page.getByText(`${payee} will tell you the amount and date of each payment before it is collected.`),
  ).toBeVisible();
  await expect(main(page)).not.toContainText('You paid');
  await expect(
    page.getByText(`You can cancel a Direct Debit at any time by contacting your bank or ${payee}.`),
  ).toBeVisible();
  await expectNoFalsePromises(page);
  await accessible(page, browser);
});

test('SEPA mandate and an instant payment for a German payer: "Fehler:" titles, German dates, no Bacs timing', async ({
  page,
  request,
  browser,
}) => {
  const payee = await creditorName(request);
  const { path } = await newFlow(
    request,
    {
      mandate_request: { currency: 'EUR', scheme: 'sepa_core' },
      payment_request: { amount: 1500, currency: 'EUR', description: 'Erster Monat' },
    },
    { language: 'de' },
  );
  await page.goto(path);
  await expect(heading(page)).toHaveText('Ihre Angaben');
  await titleMatchesHeading(page);
  // Nothing given: the title says "Fehler:" in German, the heading stays.
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await titleMatchesHeading(page, 'Fehler: ');
  await accessible(page, browser);
  await page.locator('#given_name').fill('Max');
  await page.locator('#family_name').fill('Mustermann');
  await page.locator('#email').fill('max@example.de');
  await page.locator('#address_line1').fill('Hauptstraße 1');
  await page.locator('#city').fill('Berlin');
  await page.locator('#postal_code').fill('10115');
  await page.locator('#country_code').selectOption('DE');
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await page.getByRole('button', { name: 'N26 auswählen' }).click();
  await titleMatchesHeading(page);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await page.getByRole('link', { name: /Weiter zu N26/ }).click();
  await page.getByRole('button', { name: 'Freigeben' }).click();

  await expect(heading(page)).toHaveText('Alles erledigt');
  await titleMatchesHeading(page);
  await expect(panel(page)).toContainText('Ihre Referenz');
  const status = page.getByRole('status');
  await expect(status).toContainText(`Sie haben heute 15,00 € an ${payee} bezahlt.`);
  await expect(status).toContainText(`Ihr Lastschriftmandat für ${payee} ist eingerichtet.`);
  // The date as a German reader writes it ("3. Dezember 2026").
  await expect(fact(page, 'Zahlungsdatum').locator('dd')).toHaveText(todayIn('de'));
  await expect(fact(page, 'Zahlungsdatum').locator('dd')).toHaveText(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
  await expect(
    page.getByText('Eine Bestätigung Ihres Lastschriftmandats wird an max@example.de gesendet.'),
  ).toBeVisible();
  await expect(main(page)).not.toContainText('Werktagen');
  await expect(main(page)).not.toContainText('Wir haben eine Bestätigung');
  await accessible(page, browser);
});

test('ACH: ZIP code and a state list, then an "authorization" with US dates and no Direct Debit words', async ({
  page,
  request,
  browser,
}) => {
  const payee = await creditorName(request);
  const { path } = await newFlow(request, {
    mandate_request: { currency: 'USD', scheme: 'ach' },
    subscription_request: { amount: 1999, currency: 'USD', interval_unit: 'monthly', name: 'Gym' },
  });
  await page.goto(path);
  await expect(page.getByLabel('ZIP code')).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveCount(0);
  const state = page.getByLabel('State');
  await expect(state).toHaveJSProperty('tagName', 'SELECT');
  await expect(state.locator('option', { hasText: 'Illinois' })).toHaveAttribute('value', 'IL');
  await page.getByLabel('First name').fill('John');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('john@example.com');
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('Town or city').fill('Springfield');
  await page.getByLabel('ZIP code').fill('62701');
  await page.getByLabel('Country').selectOption('US');
  await continueButton(page).click();
  // No state chosen: asked for by the label the payer sees.
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await summaryFields(page)).toEqual(['region']);
  await titleMatchesHeading(page, 'Error: ');
  await accessible(page, browser);
  await page.getByLabel('State').selectOption('IL');
  await continueButton(page).click();

  await expect(heading(page)).toHaveText('Your bank account');
  await page.getByLabel('Routing number').fill('026073150');
  await page.getByLabel('Account number').fill('2715500356');
  await page.getByLabel('Checking').check();
  await continueButton(page).click();
  await confirmStep(page);

  await expect(heading(page)).toHaveText('All set');
  await titleMatchesHeading(page);
  await expect(page.getByRole('status')).toHaveText(`You have authorized ${payee} to debit your bank account.`);
  await expect(fact(page, 'Authorization reference')).toHaveCount(1);
  await expect(page.getByText('A copy of your authorization will be emailed to john@example.com.')).toBeVisible();
  await expect(
    page.getByText(`You can revoke this authorization at any time by contacting ${payee} or your bank.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download your authorization (PDF)' })).toBeVisible();
  // The first collection's earliest date, as an American writes it ("December 10, 2026").
  await expect(
    page.getByText(/^The first payment will be collected on or after [A-Z][a-z]+ \d{1,2}, \d{4}\.$/),
  ).toBeVisible();
  await expect(main(page)).not.toContainText('Direct Debit');
  await expect(main(page)).not.toContainText('working days');
  await expectNoFalsePromises(page);
  await accessible(page, browser);
});

test('PAD: province and postal code, then a pre-authorized debit "agreement", never "Your Direct Debit"', async ({
  page,
  request,
  browser,
}) => {
  const payee = await creditorName(request);
  const { path } = await newFlow(request, {
    mandate_request: { currency: 'CAD', scheme: 'pad' },
    subscription_request: { amount: 2500, currency: 'CAD', interval_unit: 'monthly', name: 'Plan' },
  });
  await page.goto(path);
  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name').fill('Tremblay');
  await page.getByLabel('Email address').fill('marie@example.ca');
  await page.getByLabel('Address line 1').fill('1 Rue Sainte-Catherine');
  await page.getByLabel('Town or city').fill('Montréal');
  await page.getByLabel('Province or territory').fill('QC');
  await page.getByLabel('Postal code').fill('H2X 1Y4');
  await page.getByLabel('Country').selectOption('CA');
  await accessible(page, browser);
  await continueButton(page).click();

  await expect(heading(page)).toHaveText('Your bank account');
  await page.getByLabel('Institution number').fill('003');
  await page.getByLabel('Transit number').fill('12345');
  await page.getByLabel('Account number').fill('1234567');
  await continueButton(page).click();
  await confirmStep(page);

  await expect(heading(page)).toHaveText('All set');
  await titleMatchesHeading(page);
  await expect(page.getByRole('status')).toHaveText(`Your pre-authorized debit agreement with ${payee} is set up.`);
  await expect(fact(page, 'Agreement reference')).toHaveCount(1);
  await expect(
    page.getByText(
      'Written confirmation of your agreement will be emailed to marie@example.ca before the first debit.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/up to 30 days’ notice/)).toBeVisible();
  await expect(main(page)).not.toContainText('Direct Debit');
  await expect(main(page)).not.toContainText('working days');
  await expectNoFalsePromises(page);
  await accessible(page, browser);
});

test('an instant payment: the bank filter, no QR hand-off on a phone, times without "AM", and what was paid, when and its reference', async ({
  page,
  request,
  browser,
}) => {
  const payee = await creditorName(request);
  const { billingRequestId, flowId, path } = await newFlow(request, {
    payment_request: { amount: 2500, currency: 'GBP', description: 'Order 7' },
  });
  await page.goto(path);
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('jane@example.com');
  await continueButton(page).click();

  await expect(heading(page)).toHaveText('Choose your bank');
  await titleMatchesHeading(page);
  if (phone()) {
    await waitForEnhancement(page);
    // Filtering as the payer types: when no bank is left, the page says so.
    await page.getByLabel('Search for your bank').fill('zzzz');
    await expect(page.getByText('No bank matches your search.')).toBeVisible();
    await page.getByLabel('Search for your bank').fill('monz');
    await expect(page.getByText('No bank matches your search.')).toBeHidden();
  } else {
    await page.getByLabel('Search for your bank').fill('zzzz');
    await page.getByRole('button', { name: 'Show banks' }).click();
    await expect(page.getByText('No bank matches your search.')).toBeVisible();
  }
  await accessible(page, browser);

  // Without a Direct Debit to fall back on, "not listed" promises no other way to pay.
  await page.goto(`/pay/${flowId}/not-listed`);
  await titleMatchesHeading(page);
  await expect(page.getByText('This payment can only be made from one of the banks in the list.')).toBeVisible();
  await expect(main(page)).not.toContainText('You can still pay');
  await accessible(page, browser);
  await page.goto(`/pay/${flowId}/bank`);
  await page.getByRole('button', { name: 'Select Monzo' }).click();

  await expect(heading(page)).toHaveText('Authorise at your bank');
  await titleMatchesHeading(page);
  if (phone()) {
    // Already on a phone: no "scan with your phone's camera".
    await expect(page.getByText(/Scan this code/)).toHaveCount(0);
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  } else {
    await expect(page.getByText(/Scan this code with your phone’s camera/)).toBeVisible();
    // GOV.UK's times: "3:13pm GMT", never "03:13 PM".
    await expect(page.getByText(/^This link works until \d{1,2}:\d{2}(am|pm) \S+\.$/)).toBeVisible();
    await expect(main(page)).not.toContainText(/\d{2}:\d{2} (AM|PM)/);
  }
  await accessible(page, browser);
  await page.getByRole('link', { name: /Continue to Monzo/ }).click();
  await page.getByRole('button', { name: 'Authorise' }).click();

  await expect(heading(page)).toHaveText('All set');
  await titleMatchesHeading(page);
  const br = await getBillingRequest(request, billingRequestId);
  expect(br.status).toBe('fulfilled');
  // No reference given by the merchant: the payment's own id is the one to quote.
  const paymentId = br.links.payment_request_payment;
  expect(paymentId).toMatch(/^PM/);
  await expect(panel(page).locator('strong')).toHaveText(paymentId);
  await expect(page.getByRole('status')).toHaveText(`You paid £25.00 to ${payee} today.`);
  await expect(fact(page, 'Paid to').locator('dd')).toHaveText(payee);
  await expect(fact(page, 'Amount paid').locator('dd')).toHaveText('£25.00');
  // The date as a British reader writes it: "3 December 2026".
  await expect(fact(page, 'Date paid').locator('dd')).toHaveText(todayIn('en-GB'));
  await expect(fact(page, 'Payment reference').locator('dd')).toHaveText(paymentId);
  // An instant payment alone has no notice: nothing promises a mail, nor a Direct Debit.
  await expect(main(page)).not.toContainText('email');
  await expect(main(page)).not.toContainText('Direct Debit');
  await expect(main(page)).not.toContainText('working days');
  await expectNoFalsePromises(page);
  await accessible(page, browser);
});

test('a mandate with an instant payment: paid today, then the Direct Debit set up, the bank the last step', async ({
  page,
  request,
  browser,
}) => {
  const payee = await creditorName(request);
  const { path } = await newFlow(request, {
    mandate_request: { currency: 'GBP', scheme: 'bacs' },
    payment_request: { amount: 1500, currency: 'GBP', description: 'First month' },
  });
  await page.goto(path);
  await fillUkDetails(page);
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Select Monzo' }).click();
  await confirmStep(page);
  await page.getByRole('link', { name: /Continue to Monzo/ }).click();
  await page.getByRole('button', { name: 'Authorise' }).click();

  await expect(heading(page)).toHaveText('All set');
  const status = page.getByRole('status');
  await expect(status).toContainText(`You paid £15.00 to ${payee} today.`);
  await expect(status).toContainText(`Your Direct Debit to ${payee} is set up.`);
  await expect(main(page)).not.toContainText('First payment on or after');
  await expect(fact(page, 'Date paid').locator('dd')).toHaveText(todayIn('en-GB'));
  await expect(fact(page, 'Direct Debit reference')).toHaveCount(1);
  await expect(page.getByText(/within 3 working days\.$/)).toBeVisible();
  await expectNoFalsePromises(page);
  await accessible(page, browser);
});

test('falling back to a Direct Debit: the details page says why the payer is back on it, the payment is collected later', async ({
  page,
  request,
  browser,
}) => {
  const { path } = await newFlow(request, {
    payment_request: { amount: 2500, currency: 'GBP' },
    fallback_enabled: true,
  });
  await page.goto(path);
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email address').fill('jane@example.com');
  await continueButton(page).click();
  await page.getByRole('link', { name: 'My bank is not listed' }).click();
  await expect(page.getByText('You can still pay in one of these ways.')).toBeVisible();
  await expect(main(page)).not.toContainText('You can:');
  await page.getByRole('button', { name: 'Pay by Direct Debit instead' }).click();

  await expect(heading(page)).toHaveText('Your details');
  await expect(
    page.getByText('Your bank is not listed, so you are paying by Direct Debit instead.', { exact: false }),
  ).toBeVisible();
  await accessible(page, browser);
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('E1 6AN');
  await page.getByLabel('Country').selectOption('GB');
  await continueButton(page).click();
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await continueButton(page).click();
  await confirmStep(page);

  await expect(heading(page)).toHaveText('All set');
  // Collected by Direct Debit, on its charge date: nothing was paid today.
  await expect(main(page)).not.toContainText('You paid');
  await expect(page.getByText(/^The first payment will be collected on \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  await accessible(page, browser);
});

test('every title matches its heading: a joint account, and a link that has expired', async ({
  page,
  request,
  browser,
}) => {
  const { billingRequestId, path } = await newFlow(
    request,
    { mandate_request: { currency: 'GBP', scheme: 'bacs' } },
    { lock_currency: true },
  );
  await page.goto(path);
  await fillUkDetails(page);
  await continueButton(page).click();
  await page.getByLabel('Sort code').fill('200000');
  await page.getByLabel('Account number').fill('55779911');
  await continueButton(page).click();
  await expect(heading(page)).toHaveText('Check and confirm');
  await page
    .getByRole('group', { name: /authorise Direct Debits on this account by yourself/ })
    .getByLabel('No')
    .check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(heading(page)).toHaveText('You cannot set up this Direct Debit online');
  await titleMatchesHeading(page);
  await accessible(page, browser);

  // A closed request: the title is the page's own heading, not "We could not set this up".
  await api(request, 'POST', `/billing_requests/${billingRequestId}/actions/cancel`, { data: {} });
  await page.goto(path);
  await expect(heading(page)).toHaveText('This request has been cancelled');
  await titleMatchesHeading(page);
  await expect(page).not.toHaveTitle(/We could not set this up/);
  await accessible(page, browser);
});

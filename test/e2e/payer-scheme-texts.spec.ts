import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessible, api, fillUkDetails, newFlow, recordDocuments } from './support';

/**
 * Issue #38 item 7: each scheme's own texts. Bacs: the Instruction to the bank and the Direct
 * Debit Guarantee under their own headings, the sort code and a masked account number to check,
 * the Direct Debit mark and a link to the Guarantee on every step. SEPA: the masked IBAN. PAD and
 * ACH: the amount read as an amount, and how to reach the creditor. On a phone with JavaScript and
 * a desktop without; axe on every page visited.
 */
test.use({ javaScriptEnabled: async ({ isMobile }, use) => use(isMobile) });
test.beforeEach(({ page }) => recordDocuments(page));

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.locator('main');
/** A row of a summary list: its value, by its label. */
const row = (page: Page, section: string, label: string) =>
  page
    .locator(`section[aria-labelledby="${section}"] dl > div`)
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();

/** The Direct Debit mark and the link to the Guarantee, where every Bacs step shows them. */
async function expectBacsMarks(page: Page) {
  await expect(main(page).getByRole('img', { name: 'Direct Debit' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'The Direct Debit Guarantee' })).toBeVisible();
}

/** A mandate request whose details and bank account the merchant collected: the flow opens on Check and confirm. */
async function collectedFlow(
  request: APIRequestContext,
  billingRequest: Record<string, unknown>,
  details: Record<string, unknown>,
  account: Record<string, unknown>,
  language = 'en',
) {
  const br = (await api(request, 'POST', '/billing_requests', { billing_requests: billingRequest })).billing_requests;
  await api(request, 'POST', `/billing_requests/${br.id}/actions/collect_customer_details`, { data: details });
  await api(request, 'POST', `/billing_requests/${br.id}/actions/collect_bank_account`, { data: account });
  const flow = (
    await api(request, 'POST', '/billing_request_flows', {
      billing_request_flows: { language, links: { billing_request: br.id } },
    })
  ).billing_request_flows;
  return new URL(flow.authorisation_url).pathname;
}

test('Bacs: the mark and the Guarantee on every step; the Instruction and the Guarantee apart; sort code and masked account', async ({
  page,
  request,
  browser,
}) => {
  const { path } = await newFlow(request, { mandate_request: { currency: 'GBP', scheme: 'bacs' } });
  await page.goto(path);
  await expect(heading(page)).toHaveText('Your details');
  await expectBacsMarks(page);
  await accessible(page, browser);
  await fillUkDetails(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page)).toHaveText('Your bank account');
  await expectBacsMarks(page);
  await page.getByLabel('Account name').fill('Jane Doe');
  await page.getByLabel('Sort code').fill('20-00-00');
  await page.getByLabel('Account number').fill('55779911');
  await accessible(page, browser);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page)).toHaveText('Check and confirm');
  await expectBacsMarks(page);
  // Two headings, each over its own text.
  const instruction = page.getByRole('region', {
    name: 'Instruction to your bank or building society to pay by Direct Debit',
  });
  const guarantee = page.getByRole('region', { name: 'The Direct Debit Guarantee' });
  await expect(instruction).toContainText('Service User Number (SUN)');
  await expect(instruction).not.toContainText('This Guarantee is offered by all banks');
  await expect(guarantee).toContainText('This Guarantee is offered by all banks');
  await expect(guarantee).not.toContainText('Service User Number');
  // The payer checks the sort code and the end of the account number, never the whole number.
  await expect(row(page, 'account', 'Sort code')).toHaveText('20-00-00');
  await expect(row(page, 'account', 'Account number')).toHaveText('******11');
  await expect(main(page)).not.toContainText('55779911');
  await expect(main(page)).not.toContainText('Account ending');
  await accessible(page, browser);

  // The Guarantee on its own page, in the flow's frame, and Back to where the payer was.
  await main(page).getByRole('link', { name: 'The Direct Debit Guarantee' }).click();
  await expect(heading(page)).toHaveText('The Direct Debit Guarantee');
  await expect(page).toHaveTitle(/^The Direct Debit Guarantee – /);
  await expect(main(page)).toContainText('you are entitled to a full and immediate refund');
  await accessible(page, browser);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(heading(page)).toHaveText('Check and confirm');
});

test('SEPA in German: the masked IBAN, not the account’s last two digits', async ({ page, request, browser }) => {
  const path = await collectedFlow(
    request,
    { mandate_request: { currency: 'EUR', scheme: 'sepa_core' } },
    {
      customer: { given_name: 'Jana', family_name: 'Schmidt', email: 'jana@example.de' },
      customer_billing_detail: {
        address_line1: 'Unter den Linden 1',
        city: 'Berlin',
        postal_code: '10117',
        country_code: 'DE',
      },
    },
    { account_holder_name: 'Jana Schmidt', iban: 'DE89370400440532013000' },
    'de',
  );
  await page.goto(path);
  await expect(heading(page)).toHaveText('Prüfen und bestätigen');
  await expect(row(page, 'account', 'IBAN')).toHaveText('DE89 **** **** **** **30 00');
  await expect(main(page)).not.toContainText('Endziffern');
  await expect(main(page)).not.toContainText('370400440532013000');
  // No Direct Debit mark outside Bacs.
  await expect(main(page).getByRole('img', { name: 'Direct Debit' })).toHaveCount(0);
  await accessible(page, browser);
});

const CA_PAYER = {
  customer: { given_name: 'Marie', family_name: 'Tremblay', email: 'marie@example.ca' },
  customer_billing_detail: {
    address_line1: '1 Rue Sainte-Catherine',
    city: 'Montréal',
    region: 'QC',
    postal_code: 'H2X 1K4',
    country_code: 'CA',
  },
};

test('PAD: the amount reads as an amount, and the payee’s contact is named', async ({ page, request, browser }) => {
  const path = await collectedFlow(
    request,
    {
      mandate_request: { currency: 'CAD', scheme: 'pad' },
      subscription_request: { amount: 2500, currency: 'CAD', interval_unit: 'monthly', name: 'Plan' },
    },
    CA_PAYER,
    {
      account_holder_name: 'Marie Tremblay',
      bank_code: '0003',
      branch_code: '00006',
      account_number: '1234567',
      country_code: 'CA',
    },
  );
  await page.goto(path);
  await expect(heading(page)).toHaveText('Check and confirm');
  await expect(main(page)).toContainText('Amount: $25.00 monthly.');
  await expect(main(page)).not.toContainText('Amount: A Direct Debit');
  // Rule H1: the payee's contact for inquiries — an email (the sandbox's own when the creditor has none) or a phone.
  await expect(main(page)).toContainText(
    /For questions about this agreement or a debit, contact .*(@[\w-]+\.[\w.-]+|\+[\d ]+)\. Payee ID:/,
  );
  await accessible(page, browser);
});

test('ACH: the originator’s phone or email in the authorization', async ({ page, request, browser }) => {
  const path = await collectedFlow(
    request,
    { mandate_request: { currency: 'USD', scheme: 'ach' } },
    {
      customer: { given_name: 'John', family_name: 'Doe', email: 'john@example.com' },
      customer_billing_detail: {
        address_line1: '1 Main St',
        city: 'Springfield',
        region: 'IL',
        postal_code: '62701',
        country_code: 'US',
        ip_address: '203.0.113.7',
      },
    },
    {
      account_holder_name: 'John Doe',
      bank_code: '026073150',
      account_number: '2715500356',
      account_type: 'checking',
      country_code: 'US',
    },
  );
  await page.goto(path);
  await expect(heading(page)).toHaveText('Check and confirm');
  await expect(main(page)).toContainText(/Originator: .*(@[\w-]+\.[\w.-]+|\+[\d ]+)\. ACH company ID:/);
  await accessible(page, browser);
});

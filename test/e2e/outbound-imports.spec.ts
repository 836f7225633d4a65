import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, expectAccessible, waitForEnhancement, signInAsAdmin } from './support';

/**
 * An outbound payment import authorised in a browser at its `authorisation_url` (decision 0043):
 * the page lists the entries and the sum, passes axe, and its Authorise button works with
 * JavaScript on and off; the server's processing job then processes the import. The sandbox's
 * bootstrap creditor pays its GBP out at once, so its entry may fail for the balance: the import
 * still ends processed, with the entry's reason.
 */
async function validImport(request: APIRequestContext, reference: string) {
  const customer = await api(request, 'POST', '/customers', {
    customers: { given_name: 'Rita', family_name: 'Recipient', email: 'rita@example.com' },
  });
  const account = await api(request, 'POST', '/customer_bank_accounts', {
    customer_bank_accounts: {
      account_holder_name: 'Rita Recipient',
      branch_code: '200000',
      account_number: '55779911',
      country_code: 'GB',
      links: { customer: customer.customers.id },
    },
  });
  const entry = {
    amount: 1234,
    scheme: 'faster_payments',
    recipient_bank_account_id: account.customer_bank_accounts.id,
    reference,
  };
  const made = await api(request, 'POST', '/outbound_payment_imports', {
    outbound_payment_imports: { entry_items: [entry] },
  });
  return made.outbound_payment_imports as { id: string; authorisation_url: string };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`an import authorised with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('shows the entries and sum, authorises, and the import is processed', async ({ page, request }) => {
      const imp = await validImport(request, `E2E ${javaScriptEnabled ? 'ON' : 'OFF'}`);
      await signInAsAdmin(page);
      await page.goto(new URL(imp.authorisation_url).pathname);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Outbound payment import ${imp.id}`);
      await expect(page.getByTestId('entry')).toHaveCount(1);
      await expect(page.getByTestId('sum')).toHaveText('£12.34');
      if (javaScriptEnabled) {
        await waitForEnhancement(page);
        await expectAccessible(page);
      }
      await page.getByRole('button', { name: 'Authorise these payments' }).click();
      await expect(page.getByRole('status')).toHaveText('Import authorised: its payments are being made.');
      await expect(page.getByRole('button', { name: 'Authorise these payments' })).toHaveCount(0);
      const statusOf = async () =>
        (await api(request, 'GET', `/outbound_payment_imports/${imp.id}`)).outbound_payment_imports.status;
      await expect.poll(statusOf, { timeout: 30_000 }).toBe('processed');
      await page.reload();
      await expect(page.getByTestId('status')).toHaveText('processed');
      if (javaScriptEnabled) {
        await waitForEnhancement(page);
        await expectAccessible(page);
      }
    });
  });
}

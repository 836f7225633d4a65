import type { Merchant } from './factories';
import { CUSTOMER_DETAILS, post, SANDBOX_ACCOUNTS } from './journeys';

/** A customer with a GB bank account held under `holderName`; answers the bank account's id. */
export async function gbBankAccount(merchant: Merchant, holderName = 'Jane Doe'): Promise<string> {
  const customer = await post(merchant.api, '/customers', { customers: CUSTOMER_DETAILS.GBP.customer }, 201);
  const account = await post(
    merchant.api,
    '/customer_bank_accounts',
    {
      customer_bank_accounts: {
        ...SANDBOX_ACCOUNTS.GBP,
        account_holder_name: holderName,
        links: { customer: customer.customers.id },
      },
    },
    201,
  );
  return account.customer_bank_accounts.id as string;
}

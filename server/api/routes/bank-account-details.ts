import { bankAccountDetailsWire, serializeBankAccountDetails } from '../wire/bank-account-details';
import { defineRoute, ok } from '../route';

export const bankAccountDetailsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/bank_account_details/:id',
    operationId: 'getBankAccountDetails',
    summary:
      "Get a customer bank account's full details, encrypted (RSA-OAEP-256 + A256GCM) to the organisation's registered JWKS",
    tag: 'Bank account details',
    resourceKey: 'bank_account_details',
    response: bankAccountDetailsWire,
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      const jwe = await services.bankAccountDetails.get(tx, actor, params.id);
      return ok('bank_account_details', serializeBankAccountDetails(jwe));
    },
  }),
];

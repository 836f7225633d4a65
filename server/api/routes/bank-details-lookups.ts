import { z } from 'zod';
import { bankDetailsLookupWire, serializeBankDetailsLookup } from '../wire/bank-details-lookups';
import { defineRoute } from '../route';

/** Every field is an optional, nullable string (spec); the validation says which are needed. */
const detail = (max: number) => z.string().max(max).nullish();

export const bankDetailsLookupRoutes = [
  defineRoute({
    method: 'POST',
    path: '/bank_details_lookups',
    operationId: 'createBankDetailsLookup',
    summary: 'Look up the bank and the debit schemes of bank details (invalid details answer 422)',
    tag: 'Bank details lookups',
    resourceKey: 'bank_details_lookups',
    response: bankDetailsLookupWire,
    kind: 'create',
    status: 201,
    body: z.strictObject({
      iban: detail(64),
      country_code: detail(2),
      bank_code: detail(32),
      branch_code: detail(32),
      account_number: detail(64),
      account_holder_name: detail(140),
    }),
    async handler({ services, body }) {
      // Nothing is stored, so there is no location and an Idempotency-Key has nothing to replay.
      return {
        status: 201,
        body: { bank_details_lookups: serializeBankDetailsLookup(services.bankDetailsLookups.lookUp(body)) },
      };
    },
  }),
];

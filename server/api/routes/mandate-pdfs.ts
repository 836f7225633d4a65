import { z } from 'zod';
import { mandatePdfWire, serializeMandatePdf } from '../wire/mandate-pdfs';
import { defineRoute, ok } from '../route';
import { isoDate, optionalString, wireInteger } from '../schemas';

/** The reference's fields; what a mandate's PDF does not show is accepted and left out. */
const body = z.strictObject({
  links: z.strictObject({ mandate: optionalString(), creditor: optionalString() }).nullish(),
  scheme: optionalString(20),
  account_holder_name: optionalString(),
  account_number: optionalString(40),
  account_type: z.enum(['savings', 'checking']).nullish(),
  address_line1: optionalString(),
  address_line2: optionalString(),
  address_line3: optionalString(),
  bank_code: optionalString(20),
  bic: optionalString(11),
  branch_code: optionalString(20),
  city: optionalString(),
  company_name: optionalString(),
  country_code: optionalString(2),
  danish_identity_number: optionalString(20),
  family_name: optionalString(),
  given_name: optionalString(),
  iban: optionalString(40),
  mandate_reference: optionalString(35),
  payer_ip_address: optionalString(45),
  phone_number: optionalString(30),
  postal_code: optionalString(20),
  region: optionalString(),
  signature_date: isoDate.nullish(),
  subscription_amount: wireInteger(1).nullish(),
  subscription_frequency: z.enum(['weekly', 'monthly', 'yearly']).nullish(),
  swedish_identity_number: optionalString(20),
});

export const mandatePdfRoutes = [
  defineRoute({
    tag: 'Mandate PDFs',
    resourceKey: 'mandate_pdfs',
    response: mandatePdfWire,
    method: 'POST',
    path: '/mandate_pdfs',
    operationId: 'createMandatePdf',
    summary:
      'A short-lived link to a PDF of a mandate (by link, or from the details given) in the language of Accept-Language',
    kind: 'create',
    status: 200,
    body,
    async handler({ services, tx, actor, body, lang }) {
      return ok('mandate_pdfs', serializeMandatePdf(await services.mandatePdfs.create(tx, actor, body, lang)));
    },
  }),
];

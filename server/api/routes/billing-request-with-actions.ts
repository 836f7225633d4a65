import { z } from 'zod';
import { bankAuthorisationWire, serializeBankAuthorisation } from '../wire/bank-authorisations';
import { billingRequestWire, serializeBillingRequest } from '../wire/billing-requests';
import { defineRoute } from '../route';
import { countryCode, metadataOnly, optionalString } from '../schemas';
import {
  collectBankAccountBody,
  collectCustomerDetailsBody,
  createBillingRequestBody,
} from './billing-request-schemas';

/** The actions to run right after the create (api-surface.md: billing_request_with_actions). */
const actions = z.strictObject({
  collect_customer_details: collectCustomerDetailsBody.nullish(),
  select_institution: z.strictObject({ institution: z.string().min(1).max(100), country_code: countryCode }).nullish(),
  collect_bank_account: collectBankAccountBody.nullish(),
  confirm_payer_details: z
    .strictObject({ metadata: metadataOnly.shape.metadata, payer_requested_dual_signature: z.boolean().nullish() })
    .nullish(),
  create_bank_authorisation: z.boolean().nullish(),
  bank_authorisation_redirect_uri: optionalString(2000),
});

/** What the public API lists for this call: a billing request create (no subscription or schedule) plus actions. */
const body = createBillingRequestBody
  .omit({ subscription_request: true, instalment_schedule_request: true })
  .extend({ actions: actions.nullish() });

/** The answer: the billing request as GET shows it and, when one was made, its bank authorisation. */
const withActionsWire = z.strictObject({
  billing_requests: billingRequestWire,
  bank_authorisations: bankAuthorisationWire.optional(),
});

export const billingRequestWithActionsRoutes = [
  defineRoute({
    method: 'POST',
    path: '/billing_requests/create_with_actions',
    operationId: 'createBillingRequestWithActions',
    summary: 'Create a billing request and run its actions in one call (all or nothing)',
    tag: 'Billing requests',
    resourceKey: 'billing_request_with_actions',
    response: withActionsWire,
    kind: 'create',
    status: 201,
    // Running the payer's steps from the merchant's own pages is what the custom payment pages upgrade is for.
    liveRestriction: 'custom_payment_pages',
    body,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const result = await services.billingRequestWithActions.create(tx, actor, body, { idempotencyKey });
      const answer = {
        billing_requests: serializeBillingRequest(result.view, config),
        ...(result.bankAuthorisation
          ? { bank_authorisations: serializeBankAuthorisation(result.bankAuthorisation, config) }
          : {}),
      };
      // 201 with the billing request's Location, like POST /billing_requests.
      return {
        status: 201,
        body: { billing_request_with_actions: answer },
        location: `${config.publicUrl}/billing_requests/${result.view.request.id}`,
      };
    },
  }),
];

import type { Queryable } from '../../db/db';
import type { BankAccountInput } from '../bank-accounts/service';
import type { BankAuthorisationService } from '../bank-authorisations/service';
import type { BankAuthorisationRow } from '../bank-authorisations/types';
import { checkMerchantUri } from '../flows/service';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { validationFailed } from '../shared/errors';
import type { Metadata } from '../shared/metadata';
import type { BillingRequestActions, CollectCustomerDetails } from './actions-service';
import type { BillingRequestCore, CreateBillingRequest } from './service';
import type { BillingRequestView } from './view';

/** The `actions` of POST /billing_requests/create_with_actions (public API `billing_request_with_actions`). */
export interface RequestedActions {
  collect_customer_details?: CollectCustomerDetails | null;
  select_institution?: { institution: string; country_code: string } | null;
  collect_bank_account?: (BankAccountInput & { pay_id?: string | null }) | null;
  confirm_payer_details?: { metadata?: Metadata; payer_requested_dual_signature?: boolean | null } | null;
  create_bank_authorisation?: boolean | null;
  bank_authorisation_redirect_uri?: string | null;
}

export interface WithActionsResult {
  view: BillingRequestView;
  bankAuthorisation: BankAuthorisationRow | null;
}

/**
 * Creates a billing request and runs the listed actions on it, in the order a payer would, all in
 * the caller's one unit of work: the same use cases as the separate action endpoints, so the same
 * rules and events; a refused action throws, and the edge rolls back the request with it.
 */
export function createBillingRequestWithActions(
  ctx: DomainContext,
  deps: {
    billingRequests: BillingRequestCore;
    billingRequestActions: BillingRequestActions;
    bankAuthorisations: BankAuthorisationService;
  },
) {
  return {
    async create(
      tx: Queryable,
      actor: Actor,
      input: CreateBillingRequest & { actions?: RequestedActions | null },
      options: { idempotencyKey?: string } = {},
    ): Promise<WithActionsResult> {
      const { actions, ...request } = input;
      const redirectUri = actions?.bank_authorisation_redirect_uri;
      if (actions?.create_bank_authorisation) {
        const issue = redirectUri
          ? checkMerchantUri(redirectUri, 'actions.bank_authorisation_redirect_uri', ctx.environment)
          : { field: 'actions.bank_authorisation_redirect_uri', code: 'required' };
        if (issue) throw validationFailed([issue]);
      }
      const created = await deps.billingRequests.create(tx, actor, request, options);
      const id = created.request.id;
      const run = deps.billingRequestActions;
      let view = created;
      if (actions?.collect_customer_details)
        view = await run.collectCustomerDetails(tx, actor, id, actions.collect_customer_details);
      if (actions?.select_institution) view = await run.selectInstitution(tx, actor, id, actions.select_institution);
      if (actions?.collect_bank_account)
        view = await run.collectBankAccount(tx, actor, id, actions.collect_bank_account);
      if (actions?.confirm_payer_details)
        view = await run.confirmPayerDetails(tx, actor, id, actions.confirm_payer_details);
      let bankAuthorisation: BankAuthorisationRow | null = null;
      if (actions?.create_bank_authorisation) {
        bankAuthorisation = await deps.bankAuthorisations.createForFlow(tx, actor, {
          billingRequestId: id,
          flowId: null,
          redirectUri: redirectUri!,
        });
        view = await deps.billingRequests.view(tx, id);
      }
      return { view, bankAuthorisation };
    },
  };
}

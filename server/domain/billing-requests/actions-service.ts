import { createHash } from 'node:crypto';
import { applyMove } from '../shared/state-machine';
import { BILLING_REQUEST_MACHINE } from './state';
import { checkBankAccount, type BankAccountInput } from '../bank-accounts/service';
import type { CustomerService } from '../customers/service';
import { checkCustomerFormats, normaliseCustomerInput } from '../customers/rules';
import { SHARED_ADDRESS_FIELDS } from '../customers/billing-details-queries';
import type { BillingDetailInput, CustomerInput } from '../customers/types';
import { findInstitution, institutionIconPath } from '../schemes/institutions';
import { DEFAULT_SCHEME_FOR_CURRENCY, CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { Fulfilment } from './fulfil';
import type { NotificationService } from '../notifications/service';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed } from '../shared/errors';
import type { Metadata } from '../shared/metadata';
import type { Currency } from '../shared/money';
import { effectiveScheme, findAction, isInstantPayment, requestCurrency } from './actions';
import type { BillingRequestCore } from './service';
import type { BankAccountService } from '../bank-accounts/service';
import {
  markFallbackOccurred,
  setBankAccount,
  setCompletedActions,
  setInstitution,
  setMandateRequest,
} from './queries';
import type { ActionType } from './types';
import type { Queryable } from '../../db/db';
import { hasLiveFlowLockingCurrency } from '../flows/queries';

/**
 * PayTo payers may name their account by PayID (an e-mail, phone number or ABN registered with
 * their bank) instead of BSB and account number. The PayID is the account's identity.
 */
function payIdAccount(input: BankAccountInput & { pay_id?: string | null }, scheme: string) {
  const payId = input.pay_id!.trim();
  const holder = input.account_holder_name?.trim() ?? '';
  const issues = [];
  if (scheme !== 'pay_to') issues.push({ field: 'pay_id', code: 'pay_to_only' });
  if (input.account_number || input.branch_code || input.bank_code || input.iban)
    issues.push({ field: 'pay_id', code: 'iban_or_local_details' });
  if (!holder) issues.push({ field: 'account_holder_name', code: 'required' });
  if (issues.length) throw validationFailed(issues);
  return {
    holder,
    countryCode: 'AU',
    currency: 'AUD' as const,
    accountNumber: payId,
    accountNumberEnding: payId.slice(-4),
    fingerprint: createHash('sha256').update(`payid:${payId.toLowerCase()}`).digest('hex'),
    bankName: null,
    bic: null,
    schemes: ['pay_to' as const],
  };
}

export interface CollectCustomerDetails {
  customer?: CustomerInput | null;
  customer_billing_detail?: BillingDetailInput | null;
}

export function createBillingRequestActions(
  ctx: DomainContext,
  core: BillingRequestCore,
  deps: {
    customers: CustomerService;
    bankAccounts: BankAccountService;
    /** Fulfilment and notify are actions too; they live in their own modules. */
    fulfil: Fulfilment['fulfil'];
    notify: NotificationService['notify'];
  },
) {
  /** Which completed actions a change undoes: details changed after confirmation need confirming again. */
  const uncomplete = (list: string[], ...types: ActionType[]) => list.filter((t) => !types.includes(t as ActionType));

  return {
    fulfil: deps.fulfil,
    notify: deps.notify,

    /** Updates the customer and billing detail at once; completes when no required field is missing. */
    collectCustomerDetails(tx: Queryable, actor: Actor, id: string, input: CollectCustomerDetails) {
      return core.act(tx, actor, id, 'collect_customer_details', async (tx, view) => {
        const customer = normaliseCustomerInput({ ...(input.customer ?? {}) });
        const billing = deps.customers.checkBillingDetail({ ...(input.customer_billing_detail ?? {}) });
        // Formats only: what is still missing shows in incomplete_fields, the action stays pending.
        const issues = [...checkCustomerFormats(customer, 'customer.'), ...billing.issues];
        if (issues.length) throw validationFailed(issues);
        const address = Object.fromEntries(
          SHARED_ADDRESS_FIELDS.filter((f) => f in billing.clean).map((f) => [f, billing.clean[f]]),
        );
        await deps.customers.update(tx, actor, view.customer.id, { ...customer, ...address });
        await deps.customers.updateBillingDetail(tx, view.billingDetail.id, billing.clean);
        await setCompletedActions(
          tx,
          id,
          uncomplete(view.request.completed_actions, 'confirm_payer_details'),
          ctx.clock.now(),
        );
        return { action: 'collect_customer_details', links: { customer_billing_detail: view.billingDetail.id } };
      });
    },

    /**
     * Validates the account for real and attaches it. For a mandate-only request the account's
     * currency may differ from the requested one: the payer's account decides (this completes
     * choose_currency). Otherwise the account must be in the request's currency.
     */
    collectBankAccount(tx: Queryable, actor: Actor, id: string, input: BankAccountInput & { pay_id?: string | null }) {
      return core.act(tx, actor, id, 'collect_bank_account', async (tx, view) => {
        const request = view.request;
        const account = input.pay_id ? payIdAccount(input, effectiveScheme(request)) : checkBankAccount(input);
        const expected = requestCurrency(request);
        const canSwitch = Boolean(findAction(view.actions, 'choose_currency')) && request.mandate_request !== null;
        let mandateRequest = request.mandate_request;
        if (account.currency !== expected) {
          if (!canSwitch || !mandateRequest) {
            throw validationFailed([
              { field: 'currency', code: 'bank_account_currency_mismatch', params: { currency: expected } },
            ]);
          }
          mandateRequest = {
            ...mandateRequest,
            currency: account.currency,
            scheme: mandateRequest.scheme ? DEFAULT_SCHEME_FOR_CURRENCY[account.currency] : null,
          };
        }
        const bankAccount = await deps.bankAccounts.collectForCustomer(
          tx,
          actor,
          view.customer.id,
          account,
          input.metadata,
        );
        await setBankAccount(
          tx,
          id,
          {
            bankAccountId: bankAccount.id,
            mandateRequest,
            completed: uncomplete(request.completed_actions, 'confirm_payer_details'),
          },
          ctx.clock.now(),
        );
        return { action: 'collect_bank_account', links: { customer_bank_account: bankAccount.id } };
      });
    },

    confirmPayerDetails(
      tx: Queryable,
      actor: Actor,
      id: string,
      input: { metadata?: Metadata; payer_requested_dual_signature?: boolean | null },
    ) {
      return core.act(tx, actor, id, 'confirm_payer_details', async (tx, view) => {
        const mandateRequest = view.request.mandate_request
          ? {
              ...view.request.mandate_request,
              payer_requested_dual_signature: Boolean(input.payer_requested_dual_signature),
            }
          : null;
        await setMandateRequest(
          tx,
          id,
          {
            mandateRequest,
            completed: [
              ...uncomplete(view.request.completed_actions, 'confirm_payer_details'),
              'confirm_payer_details',
            ],
          },
          ctx.clock.now(),
        );
        return { action: 'payer_details_confirmed', metadata: input.metadata };
      });
    },

    /** Mandate-only requests: the payer picks the currency (and so the scheme) they pay in. */
    chooseCurrency(tx: Queryable, actor: Actor, id: string, input: { currency: Currency; metadata?: Metadata }) {
      return core.act(tx, actor, id, null, async (tx, view) => {
        const m = view.request.mandate_request;
        if (!findAction(view.actions, 'choose_currency') || !m) throw new DomainError('choose_currency_not_allowed');
        // Spec: not while a live flow of this request locks the currency (the merchant fixed it).
        if (await hasLiveFlowLockingCurrency(tx, id, ctx.clock.now()))
          throw new DomainError('choose_currency_not_allowed');
        const scheme =
          m.scheme && CURRENCY_OF_SCHEME[m.scheme as Scheme] !== input.currency
            ? DEFAULT_SCHEME_FOR_CURRENCY[input.currency]
            : m.scheme;
        // An account in another currency no longer fits: the payer gives one in the new currency.
        const keepAccount = view.bankAccount?.currency === input.currency;
        await setBankAccount(
          tx,
          id,
          {
            bankAccountId: keepAccount ? view.request.customer_bank_account_id : null,
            mandateRequest: { ...m, currency: input.currency, scheme: scheme ?? null },
            completed: [
              ...uncomplete(view.request.completed_actions, 'choose_currency', 'confirm_payer_details'),
              'choose_currency',
            ],
          },
          ctx.clock.now(),
        );
        return { action: 'choose_currency', metadata: input.metadata };
      });
    },

    /** Attaches an institution of the sandbox directory (spec: any billing request). */
    selectInstitution(tx: Queryable, actor: Actor, id: string, input: { institution: string; country_code: string }) {
      return core.act(tx, actor, id, null, async () => {
        const institution = findInstitution(input.institution);
        if (!institution || institution.country_code !== input.country_code.toUpperCase()) {
          throw validationFailed([{ field: 'institution', code: 'not_found' }]);
        }
        if (institution.status === 'disabled')
          throw validationFailed([{ field: 'institution', code: 'institution_unavailable' }]);
        const selected = {
          id: institution.id,
          name: institution.name,
          icon_url: institutionIconPath(institution),
          roles: [...institution.roles],
          country_code: institution.country_code,
        };
        await setInstitution(tx, id, selected, ctx.clock.now());
        return { action: 'select_institution' };
      });
    },

    /** From an instant bank payment to Direct Debit (spec: only with fallback_enabled). */
    fallback(tx: Queryable, actor: Actor, id: string) {
      return core.act(tx, actor, id, null, async (_tx, view) => {
        const request = view.request;
        if (!request.fallback_enabled) throw new DomainError('fallback_not_enabled');
        if (!isInstantPayment(request))
          throw new DomainError('fallback_not_enabled', { messageKey: 'reason.fallback_not_instant' });
        await markFallbackOccurred(
          tx,
          id,
          uncomplete(request.completed_actions, 'bank_authorisation', 'confirm_payer_details'),
          ctx.clock.now(),
        );
        return { action: 'fallback_occurred' };
      });
    },

    async cancel(tx: Queryable, actor: Actor, id: string, input: { metadata?: Metadata }) {
      const request = await core.lock(tx, actor, id);
      await applyMove(tx, ctx, BILLING_REQUEST_MACHINE, request, 'cancel', { actor, metadata: input.metadata });
      return core.settle(tx, id);
    },
  };
}

export type BillingRequestActions = ReturnType<typeof createBillingRequestActions>;

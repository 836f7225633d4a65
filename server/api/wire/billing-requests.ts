import { z } from 'zod';
import type { Action } from '../../domain/billing-requests/actions';
import { PAYMENT_CONTEXT_CODES, PURPOSE_CODES } from '../../domain/billing-requests/codes';
import { ACTION_TYPES, BILLING_REQUEST_STATUSES } from '../../domain/billing-requests/types';
import type { BillingRequestView } from '../../domain/billing-requests/view';
import { embeddedBankAccountWire, serializeEmbeddedBankAccount } from './bank-accounts';
import {
  instalmentScheduleRequestOf,
  instalmentScheduleRequestWire,
  mandateRequestOf,
  mandateRequestWire,
  paymentRequestOf,
  paymentRequestWire,
  subscriptionRequestOf,
  subscriptionRequestWire,
} from './billing-request-requests';
import {
  billingDetailWire,
  embeddedCustomerWire,
  serializeBillingDetail,
  serializeEmbeddedCustomer,
} from './customers';
import { linkWire, metadataWire, present, timestamp } from './present';

const actionType = z.enum(ACTION_TYPES);

const actionWire = z.strictObject({
  type: actionType,
  required: z.boolean(),
  completes_actions: z.array(actionType),
  requires_actions: z.array(actionType),
  status: z.enum(['pending', 'completed']),
  available_currencies: z.array(z.string()).optional(),
  collect_customer_details: z
    .strictObject({
      incomplete_fields: z.strictObject({
        customer: z.array(z.string()),
        customer_billing_detail: z.array(z.string()),
      }),
      default_country_code: z.string().optional(),
    })
    .optional(),
  bank_authorisation: z
    .strictObject({
      adapter: z.enum(['open_banking_gateway_pis', 'open_banking_gateway_ais', 'bankid_ais', 'bank_pay_recurring']),
      authorisation_type: z.enum(['payment', 'mandate']),
    })
    .optional(),
  // On collect_bank_account: the institution is never inferred from the account here (the payer
  // picks it in select_institution), so always the real API's `not_needed`.
  institution_guess_status: z.enum(['not_needed', 'pending', 'failed', 'success']).optional(),
});

const LINKS = [
  'creditor',
  'customer',
  'customer_billing_detail',
  'customer_bank_account',
  'bank_authorisation',
  'organisation',
  'mandate_request',
  'mandate_request_mandate',
  'payment_request',
  'payment_request_payment',
  'subscription_request',
  'subscription_request_subscription',
  'instalment_schedule_request',
  'instalment_schedule_request_instalment_schedule',
] as const;
type LinkShape = { [K in (typeof LINKS)[number]]: z.ZodOptional<typeof linkWire> };

/**
 * A billing request on the wire (public API `billing_requests`), with what it embeds. Every
 * attribute is sent, `null` when unset (decision 0083): the four request objects null when not
 * asked for, and each with all of its fields. Sparse as the real API's: `links`, each action's
 * action-specific keys. `resources.institution` is an extension (docs/api-fidelity.md).
 */
export const billingRequestWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  status: z.enum(BILLING_REQUEST_STATUSES),
  mandate_request: mandateRequestWire.nullable(),
  payment_request: paymentRequestWire.nullable(),
  subscription_request: subscriptionRequestWire.nullable(),
  instalment_schedule_request: instalmentScheduleRequestWire.nullable(),
  metadata: metadataWire,
  links: z.strictObject(Object.fromEntries(LINKS.map((key) => [key, linkWire.optional()])) as LinkShape),
  actions: z.array(actionWire),
  resources: z.strictObject({
    customer: embeddedCustomerWire,
    customer_billing_detail: billingDetailWire,
    customer_bank_account: embeddedBankAccountWire.nullable(),
    institution: z
      .strictObject({
        id: z.string(),
        name: z.string(),
        icon_url: z.string(),
        roles: z.array(z.string()),
        country_code: z.string(),
      })
      .optional(),
  }),
  fallback_enabled: z.boolean(),
  fallback_occurred: z.boolean(),
  purpose_code: z.enum(PURPOSE_CODES).nullable(),
  payment_context_code: z.enum(PAYMENT_CONTEXT_CODES).nullable(),
  payment_purpose_code: z.string().nullable(),
});

type BillingRequestWire = z.output<typeof billingRequestWire>;
type ActionWire = z.output<typeof actionWire>;

function actionOf(action: Action): ActionWire {
  const bank = action.bank_authorisation;
  return present({
    type: action.type,
    required: action.required,
    completes_actions: action.completes_actions,
    requires_actions: action.requires_actions,
    status: action.status,
    available_currencies: action.available_currencies,
    collect_customer_details: action.collect_customer_details
      ? present<NonNullable<ActionWire['collect_customer_details']>>({
          incomplete_fields: action.collect_customer_details.incomplete_fields,
          default_country_code: action.collect_customer_details.default_country_code,
        })
      : null,
    bank_authorisation: bank
      ? {
          adapter: bank.adapter as NonNullable<ActionWire['bank_authorisation']>['adapter'],
          authorisation_type: bank.authorisation_type,
        }
      : null,
    institution_guess_status: action.type === 'collect_bank_account' ? 'not_needed' : null,
  });
}

/** A billing request as the API and the events show it. */
export function serializeBillingRequest(view: BillingRequestView, options: { publicUrl: string }): BillingRequestWire {
  const { request: r, customer, billingDetail, bankAccount } = view;
  const institution = r.institution
    ? {
        id: r.institution.id,
        name: r.institution.name,
        icon_url: `${options.publicUrl}${r.institution.icon_url}`,
        roles: r.institution.roles,
        country_code: r.institution.country_code,
      }
    : null;
  return {
    id: r.id,
    created_at: timestamp(r.created_at),
    status: r.status,
    mandate_request: mandateRequestOf(r),
    payment_request: paymentRequestOf(r),
    subscription_request: subscriptionRequestOf(r),
    instalment_schedule_request: instalmentScheduleRequestOf(r),
    metadata: r.metadata ?? {},
    links: present({
      creditor: r.creditor_id,
      customer: r.customer_id,
      customer_billing_detail: r.customer_billing_detail_id,
      customer_bank_account: r.customer_bank_account_id,
      bank_authorisation: r.bank_authorisation_id,
      organisation: r.organisation_id,
      mandate_request: r.mandate_request?.id,
      mandate_request_mandate: r.mandate_id,
      payment_request: r.payment_request?.id,
      payment_request_payment: r.payment_id,
      subscription_request: r.subscription_request?.id,
      subscription_request_subscription: r.subscription_id,
      instalment_schedule_request: r.instalment_schedule_request?.id,
      instalment_schedule_request_instalment_schedule: r.instalment_schedule_id,
    }),
    actions: view.actions.map(actionOf),
    resources: {
      customer: serializeEmbeddedCustomer(customer),
      customer_billing_detail: serializeBillingDetail(billingDetail),
      customer_bank_account: bankAccount ? serializeEmbeddedBankAccount(bankAccount) : null,
      // The extension stays sparse: there only once the payer chose a bank.
      ...(institution ? { institution } : {}),
    },
    fallback_enabled: r.fallback_enabled,
    fallback_occurred: r.fallback_occurred,
    purpose_code: (r.purpose_code ?? null) as BillingRequestWire['purpose_code'],
    payment_context_code: (r.payment_context_code ?? null) as BillingRequestWire['payment_context_code'],
    payment_purpose_code: r.payment_purpose_code ?? null,
  };
}

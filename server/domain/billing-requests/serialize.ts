import { serializeBankAccount } from '../bank-accounts/serialize';
import { serializeBillingDetail, serializeEmbeddedCustomer } from '../customers/serialize';
import { compact, links, timestamp } from '../shared/serialize';
import type { BillingRequestView } from './view';

const withoutId = <T extends { id: string }>({ id: _id, ...rest }: T) => rest;

/** A billing request as the API and the events show it. */
export function serializeBillingRequest(view: BillingRequestView, options: { publicUrl: string }) {
  const { request: r, customer, billingDetail, bankAccount } = view;
  const institution = r.institution
    ? {
        id: r.institution.id,
        name: r.institution.name,
        icon_url: `${options.publicUrl}${r.institution.icon_url}`,
        roles: r.institution.roles,
        country_code: r.institution.country_code,
      }
    : undefined;
  return compact({
    id: r.id,
    created_at: timestamp(r.created_at),
    status: r.status,
    mandate_request: r.mandate_request
      ? { ...withoutId(r.mandate_request), links: links({ mandate: r.mandate_id }) }
      : null,
    payment_request: r.payment_request
      ? { ...withoutId(r.payment_request), links: links({ payment: r.payment_id }) }
      : null,
    subscription_request: r.subscription_request
      ? { ...withoutId(r.subscription_request), links: links({ subscription: r.subscription_id }) }
      : null,
    instalment_schedule_request: r.instalment_schedule_request
      ? { ...withoutId(r.instalment_schedule_request), links: links({ instalment_schedule: r.instalment_schedule_id }) }
      : null,
    metadata: r.metadata ?? {},
    links: links({
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
    creditor_name: view.creditorName,
    actions: view.actions,
    resources: compact({
      customer: serializeEmbeddedCustomer(customer),
      customer_billing_detail: serializeBillingDetail(billingDetail),
      customer_bank_account: bankAccount ? serializeBankAccount(bankAccount) : null,
      institution,
    }),
    fallback_enabled: r.fallback_enabled,
    fallback_occurred: r.fallback_occurred,
    purpose_code: r.purpose_code,
    payment_context_code: r.payment_context_code,
    payment_purpose_code: r.payment_purpose_code,
  });
}

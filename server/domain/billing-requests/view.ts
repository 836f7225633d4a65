import type { Queryable } from '../../db/db';
import { findBankAccountsByIds } from '../bank-accounts/queries';
import type { BankAccountRow } from '../bank-accounts/types';
import { findBillingDetailsByIds } from '../customers/billing-details-queries';
import { findCustomersByIds } from '../customers/queries';
import type { CustomerBillingDetailRow, CustomerRow } from '../customers/types';
import { computeActions, type Action } from './actions';
import type { BillingRequestRow } from './types';

/**
 * A billing request with everything its answer embeds (customer, billing detail, bank account,
 * creditor name). Composed from each table's owner, one query per kind of resource however many
 * requests a list holds; the creditor's name comes from the creditors' owner through `creditorName`.
 */
export interface BillingRequestView {
  request: BillingRequestRow;
  customer: CustomerRow;
  billingDetail: CustomerBillingDetailRow;
  bankAccount: BankAccountRow | null;
  creditorName: string;
  actions: Action[];
}

/** The creditor's name for a request (a request's creditor always exists: it cannot be removed). */
export type CreditorNameOf = (db: Queryable, request: BillingRequestRow) => Promise<string>;

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

export async function composeViews(
  db: Queryable,
  requests: BillingRequestRow[],
  creditorName: CreditorNameOf,
): Promise<BillingRequestView[]> {
  const customers = byId(await findCustomersByIds(db, distinct(requests.map((r) => r.customer_id))));
  const details = byId(await findBillingDetailsByIds(db, distinct(requests.map((r) => r.customer_billing_detail_id))));
  const accounts = byId(await findBankAccountsByIds(db, distinct(requests.map((r) => r.customer_bank_account_id))));
  const names = new Map<string, string>();
  for (const request of requests) {
    if (!names.has(request.creditor_id)) names.set(request.creditor_id, await creditorName(db, request));
  }
  return requests.map((request) => {
    const customer = customers.get(request.customer_id)!;
    const billingDetail = details.get(request.customer_billing_detail_id)!;
    const bankAccount = request.customer_bank_account_id
      ? (accounts.get(request.customer_bank_account_id) ?? null)
      : null;
    return {
      request,
      customer,
      billingDetail,
      bankAccount,
      creditorName: names.get(request.creditor_id)!,
      actions: computeActions({ request, customer, billing: billingDetail, bankAccount }),
    };
  });
}

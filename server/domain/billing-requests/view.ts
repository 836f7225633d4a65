import type { Queryable } from '../../db/db';
import type { BankAccountRow } from '../bank-accounts/types';
import type { CustomerBillingDetailRow, CustomerRow } from '../customers/types';
import { computeActions, type Action } from './actions';
import type { BillingRequestRow } from './types';

/**
 * A billing request with everything its answer embeds (customer, billing detail, bank account,
 * creditor name), read in one query so lists cost one query however many requests they hold.
 */
export interface BillingRequestView {
  request: BillingRequestRow;
  customer: CustomerRow;
  billingDetail: CustomerBillingDetailRow;
  bankAccount: BankAccountRow | null;
  creditorName: string;
  actions: Action[];
}

export const VIEW_FROM = `billing_requests br
  JOIN customers c ON c.id = br.customer_id
  JOIN customer_billing_details d ON d.id = br.customer_billing_detail_id
  LEFT JOIN customer_bank_accounts a ON a.id = br.customer_bank_account_id
  JOIN creditors cr ON cr.id = br.creditor_id`;

export const VIEW_SELECT = `br.*, to_jsonb(c.*) AS v_customer, to_jsonb(d.*) AS v_billing_detail,
  to_jsonb(a.*) AS v_bank_account, cr.name AS v_creditor_name`;

export type ViewRow = BillingRequestRow & {
  v_customer: CustomerRow;
  v_billing_detail: CustomerBillingDetailRow;
  v_bank_account: BankAccountRow | null;
  v_creditor_name: string;
};

export function toView(row: ViewRow): BillingRequestView {
  const { v_customer, v_billing_detail, v_bank_account, v_creditor_name, ...request } = row;
  const actions = computeActions({
    request,
    customer: v_customer,
    billing: v_billing_detail,
    bankAccount: v_bank_account,
  });
  return {
    request,
    customer: v_customer,
    billingDetail: v_billing_detail,
    bankAccount: v_bank_account,
    creditorName: v_creditor_name,
    actions,
  };
}

export async function loadView(db: Queryable, id: string): Promise<BillingRequestView> {
  const { rows } = await db.query<ViewRow>(`SELECT ${VIEW_SELECT} FROM ${VIEW_FROM} WHERE br.id = $1`, [id]);
  return toView(rows[0]!);
}

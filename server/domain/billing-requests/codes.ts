/** The public API's `purpose_code` values (55) and `payment_context_code` values. */
export const PURPOSE_CODES = [
  'mortgage', 'utility', 'loan', 'dependant_support', 'gambling', 'retail', 'salary', 'personal', 'government', 'pension', 'tax',
  'other', 'bonus_payment', 'cash_management_transfer', 'card_bulk_clearing', 'credit_card_payment', 'trade_settlement_payment',
  'debit_card_payment', 'dividend', 'deliver_against_payment', 'epayment', 'fee_collection_and_interest', 'fee_collection',
  'person_to_person_payment', 'government_payment', 'hedging_transaction', 'irrevocable_credit_card_payment',
  'irrevocable_debit_card_payment', 'intra_company_payment', 'interest', 'lockbox_transactions', 'commercial', 'consumer',
  'other_payment', 'pension_payment', 'represented', 'reimbursement_received_credit_transfer', 'receive_against_payment',
  'salary_payment', 'securities', 'social_security_benefit', 'supplier_payment', 'tax_payment', 'trade', 'treasury_payment',
  'value_added_tax_payment', 'with_holding', 'cash_management_sweep_account', 'cash_management_top_account',
  'cash_management_zero_balance_account', 'crossborder_mi_payments', 'foreign_currency_domestic_transfer', 'cash_in_pre_credit',
  'cash_out_notes_coins', 'carrier_guarded_wholesale_valuables',
] as const;

export const PAYMENT_CONTEXT_CODES = [
  'billing_goods_and_services_in_advance',
  'billing_goods_and_services_in_arrears',
  'face_to_face_point_of_sale',
  'ecommerce_merchant_initiated_payment',
  'transfer_to_self',
  'transfer_to_third_party',
] as const;

export const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
] as const;

/**
 * Every bank reason code we read, and what it means for bankflow: the event `cause` (the public
 * API's `details.cause`), what happens to the item it reports on, and what happens to its mandate.
 * `reason_code` is the key as the API shows it (`ARUDD-0`, `ADDACS-B`, `AM04`, `R01`, `C01`,
 * `BECS-6`, `905`). Sources: formats.md § 1.4, 2.2, 3.2, 4.2, 5.2; the causes follow
 * server/domain/scenarios/bank-reports.ts where one exists there.
 */

export type ItemEffect =
  | 'payment_failed'
  | 'payment_charged_back'
  | 'refund_failed'
  | 'mandate_failed'
  | 'mandate_cancelled'
  | 'mandate_transferred'
  | 'mandate_reinstated'
  | 'mandate_details_changed'
  | 'bank_details_corrected'
  | 'operations';

export interface ReasonCode {
  code: string;
  description: string;
  cause: string;
  effect: ItemEffect;
  /** What the mandate suffers besides the item (a payment failure that also ends the mandate). */
  mandate?: 'cancelled' | 'failed' | 'suspended';
  /** The scheme lets the same debit be presented again (ARUDD 0, AM04, R01, R09, BECS 6, 901). */
  retryable?: boolean;
}

type Row = [
  code: string,
  description: string,
  cause: string,
  effect: ItemEffect,
  mandate?: ReasonCode['mandate'],
  retryable?: true,
];

const ROWS: Row[] = [
  // Bacs ARUDD (unpaid debits)
  ['ARUDD-0', 'Refer to payer', 'insufficient_funds', 'payment_failed', undefined, true],
  ['ARUDD-1', 'Instruction cancelled', 'mandate_cancelled', 'payment_failed', 'cancelled'],
  ['ARUDD-2', 'Payer deceased', 'payer_deceased', 'payment_failed', 'cancelled'],
  ['ARUDD-3', 'Account transferred', 'bank_account_transferred', 'payment_failed', 'suspended'],
  ['ARUDD-4', 'Advance notice disputed', 'authorisation_disputed', 'payment_failed', 'suspended'],
  ['ARUDD-5', 'No account (or wrong account type)', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['ARUDD-6', 'No instruction', 'mandate_cancelled', 'payment_failed', 'cancelled'],
  ['ARUDD-7', 'Amount differs', 'authorisation_disputed', 'payment_failed'],
  ['ARUDD-8', 'Amount not yet due', 'authorisation_disputed', 'payment_failed'],
  ['ARUDD-9', 'Presentation overdue', 'authorisation_disputed', 'payment_failed'],
  ['ARUDD-A', 'Service user differs', 'mandate_cancelled', 'payment_failed', 'cancelled'],
  ['ARUDD-B', 'Account closed', 'bank_account_closed', 'payment_failed', 'cancelled'],
  // Bacs ADDACS (payer's bank changes a mandate)
  ['ADDACS-0', 'Instruction cancelled - refer to payer', 'mandate_cancelled', 'mandate_cancelled'],
  ['ADDACS-1', 'Instruction cancelled by payer', 'mandate_cancelled', 'mandate_cancelled'],
  ['ADDACS-2', 'Payer deceased', 'payer_deceased', 'mandate_cancelled'],
  ['ADDACS-3', 'Account transferred to a new bank', 'bank_account_transferred', 'mandate_transferred'],
  ['ADDACS-B', 'Account closed', 'bank_account_closed', 'mandate_cancelled'],
  ['ADDACS-C', 'Account moved to another branch', 'bank_account_transferred', 'mandate_details_changed'],
  ['ADDACS-D', 'Advance notice disputed', 'authorisation_disputed', 'operations', 'suspended'],
  ['ADDACS-E', 'Instruction amended', 'bank_account_transferred', 'mandate_details_changed'],
  ['ADDACS-R', 'Instruction reinstated', 'mandate_reinstated', 'mandate_reinstated'],
  // Bacs AUDDIS (returned 0N/0C/0S): for a 0N every code fails the mandate
  ...(
    [
      ['1', 'Instruction cancelled by payer', 'mandate_cancelled'],
      ['2', 'Payer deceased', 'payer_deceased'],
      ['3', 'Account transferred', 'bank_account_transferred'],
      ['5', 'No account', 'invalid_bank_details'],
      ['6', 'No instruction', 'mandate_cancelled'],
      ['B', 'Account closed', 'bank_account_closed'],
      ['C', 'Account transferred to another branch', 'bank_account_transferred'],
      ['F', 'Invalid account type', 'direct_debit_not_enabled'],
      ['G', 'Bank will not accept Direct Debits on the account', 'direct_debit_not_enabled'],
      ['H', 'Instruction expired', 'mandate_expired'],
      ['I', 'Payer reference not unique', 'invalid_mandate_reference'],
      ['K', 'Instruction cancelled by the bank', 'mandate_cancelled'],
      ['L', 'Incorrect payer account details', 'invalid_bank_details'],
      ['M', 'Transaction code or user status incompatible', 'scheme_setup_error'],
      ['N', 'Transaction disallowed at payer branch', 'direct_debit_not_enabled'],
      ['O', 'Invalid reference', 'invalid_mandate_reference'],
      ['P', 'Payer name missing', 'invalid_bank_details'],
      ['Q', 'Service user name blank', 'scheme_setup_error'],
    ] as const
  ).map(([code, description, cause]): Row => [`AUDDIS-${code}`, description, cause, 'mandate_failed']),
  // Bacs DDICA (Direct Debit Guarantee claims): all charged back
  ...(
    [
      ['1', 'Amount or date differs from the advance notice'],
      ['2', 'No advance notice received / amount disputed'],
      ['3', 'Instruction cancelled by the paying bank'],
      ['4', 'Payer cancelled the instruction with the service user'],
      ['5', 'No instruction held / payer disputes authority'],
      ['6', 'Signature fraudulent or not in accordance with the mandate'],
      ['7', "Claim raised at the service user's request"],
      ['8', 'Service user name disputed'],
    ] as const
  ).map(([code, description]): Row => [`DDICA-${code}`, description, 'authorisation_disputed', 'payment_charged_back']),
  // Bacs AWACS (credits to changed accounts)
  ['AWACS-0', 'Invalid account details', 'invalid_bank_details', 'bank_details_corrected'],
  ['AWACS-3', 'Account transferred', 'bank_account_transferred', 'bank_details_corrected'],
  // SEPA ISO 20022 (pain.002 rejects, camt returns and refunds)
  ['AC01', 'Account identifier incorrect', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['AC04', 'Account closed', 'bank_account_closed', 'payment_failed', 'cancelled'],
  ['AC06', 'Account blocked', 'account_blocked_for_any_financial_transaction', 'payment_failed', 'cancelled'],
  ['AC13', 'Debtor account is a consumer account', 'direct_debit_not_enabled', 'payment_failed', 'cancelled'],
  ['AG01', 'Transaction forbidden on this account', 'direct_debit_not_enabled', 'payment_failed', 'cancelled'],
  ['AG02', 'Invalid bank operation code', 'scheme_setup_error', 'payment_failed'],
  ['AM04', 'Insufficient funds', 'insufficient_funds', 'payment_failed', undefined, true],
  ['AM05', 'Duplication', 'duplicate_payment', 'payment_failed'],
  ['BE05', 'Unrecognised creditor identifier', 'scheme_setup_error', 'payment_failed'],
  ['FF01', 'Invalid file format', 'scheme_setup_error', 'payment_failed'],
  ['MD01', 'No valid mandate', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['MD02', 'Mandate data missing or incorrect', 'invalid_mandate_reference', 'payment_failed'],
  ['MD06', 'Refund requested by the debtor', 'authorisation_disputed', 'payment_charged_back'],
  ['MD07', 'Debtor deceased', 'payer_deceased', 'payment_failed', 'cancelled'],
  ['MS02', 'Refused by the debtor', 'refer_to_payer', 'payment_failed'],
  ['MS03', 'Reason not specified', 'refer_to_payer', 'payment_failed'],
  ['RC01', 'Bank identifier incorrect', 'invalid_bank_details', 'payment_failed'],
  ['RR01', 'Missing debtor account or identification', 'invalid_bank_details', 'payment_failed'],
  ['RR02', "Missing debtor's name or address", 'invalid_bank_details', 'payment_failed'],
  ['RR03', "Missing creditor's name or address", 'scheme_setup_error', 'payment_failed'],
  ['RR04', 'Regulatory reason', 'other', 'payment_failed'],
  ['SL01', 'Specific service offered by the debtor bank', 'direct_debit_not_enabled', 'payment_failed', 'cancelled'],
  // ACH returns
  ['R01', 'Insufficient funds', 'insufficient_funds', 'payment_failed', undefined, true],
  ['R02', 'Account closed', 'bank_account_closed', 'payment_failed', 'cancelled'],
  ['R03', 'No account / unable to locate account', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['R04', 'Invalid account number structure', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['R05', 'Unauthorised debit to a consumer account', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['R06', "Returned at the ODFI's request", 'return_on_odfi_request', 'payment_failed'],
  ['R07', 'Authorisation revoked by the customer', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['R08', 'Payment stopped', 'refer_to_payer', 'payment_failed'],
  ['R09', 'Uncollected funds', 'insufficient_funds', 'payment_failed', undefined, true],
  ['R10', 'Customer advises not authorised', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['R11', 'Entry not in accordance with the authorisation', 'authorisation_disputed', 'payment_charged_back'],
  ['R12', 'Account sold to another bank', 'bank_account_transferred', 'payment_failed', 'suspended'],
  ['R14', 'Representative payee deceased', 'payer_deceased', 'payment_failed', 'cancelled'],
  ['R15', 'Account holder deceased', 'payer_deceased', 'payment_failed', 'cancelled'],
  ['R16', 'Account frozen', 'account_blocked_for_any_financial_transaction', 'payment_failed', 'cancelled'],
  ['R17', 'File record edit criteria', 'scheme_setup_error', 'payment_failed'],
  ['R20', 'Non-transaction account', 'direct_debit_not_enabled', 'payment_failed', 'cancelled'],
  ['R23', 'Credit entry refused by the receiver', 'refund_refused', 'refund_failed'],
  ['R24', 'Duplicate entry', 'duplicate_payment', 'payment_failed'],
  ['R29', 'Corporate customer advises not authorised', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['R31', 'Permissible return entry', 'authorisation_disputed', 'payment_charged_back'],
  // ACH notifications of change: the mandate's bank details are corrected
  ['C01', 'Incorrect account number', 'bank_details_corrected', 'bank_details_corrected'],
  ['C02', 'Incorrect routing number', 'bank_details_corrected', 'bank_details_corrected'],
  ['C03', 'Incorrect routing and account number', 'bank_details_corrected', 'bank_details_corrected'],
  ['C04', 'Incorrect account holder name', 'bank_details_corrected', 'bank_details_corrected'],
  ['C05', 'Incorrect transaction code (account type)', 'bank_details_corrected', 'bank_details_corrected'],
  ['C06', 'Incorrect account number and transaction code', 'bank_details_corrected', 'bank_details_corrected'],
  ['C07', 'Incorrect routing, account number and transaction code', 'bank_details_corrected', 'bank_details_corrected'],
  ['C09', 'Incorrect individual identification', 'bank_details_corrected', 'bank_details_corrected'],
  ['C13', 'Addenda format error', 'scheme_setup_error', 'operations'],
  // BECS (Australia) returns
  ['BECS-1', 'Invalid BSB number', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['BECS-2', 'Payment stopped', 'mandate_cancelled', 'payment_failed', 'cancelled'],
  ['BECS-3', 'Account closed', 'bank_account_closed', 'payment_failed', 'cancelled'],
  ['BECS-4', 'Customer deceased', 'payer_deceased', 'payment_failed', 'cancelled'],
  ['BECS-5', 'No account / incorrect account number', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['BECS-6', 'Refer to customer', 'insufficient_funds', 'payment_failed', undefined, true],
  ['BECS-8', 'Invalid user ID number', 'scheme_setup_error', 'payment_failed'],
  ['BECS-9', 'Technically invalid', 'direct_debit_not_enabled', 'payment_failed', 'cancelled'],
  // PAD (Payments Canada) returns
  ['900', 'Edit reject', 'scheme_setup_error', 'payment_failed'],
  ['901', 'Insufficient funds', 'insufficient_funds', 'payment_failed', undefined, true],
  ['902', 'Account not found', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['903', 'Payment stopped / recalled', 'refer_to_payer', 'payment_failed'],
  ['904', 'Post / stale dated', 'scheme_setup_error', 'payment_failed'],
  ['905', 'Account closed', 'bank_account_closed', 'payment_failed', 'cancelled'],
  ['907', 'No debit allowed', 'direct_debit_not_enabled', 'payment_failed', 'cancelled'],
  ['908', 'Funds not cleared', 'insufficient_funds', 'payment_failed', undefined, true],
  ['909', 'Currency / account mismatch', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['910', 'Payor deceased', 'payer_deceased', 'payment_failed', 'cancelled'],
  ['911', 'Account frozen', 'account_blocked_for_any_financial_transaction', 'payment_failed', 'cancelled'],
  ['912', 'Invalid / incorrect account number', 'invalid_bank_details', 'payment_failed', 'cancelled'],
  ['914', 'Incorrect payor name', 'invalid_bank_details', 'payment_failed'],
  ['915', 'No PAD agreement existed', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['916', 'Not in accordance with the agreement (personal)', 'authorisation_disputed', 'payment_charged_back'],
  ['917', 'Agreement revoked (personal)', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['918', 'No confirmation / pre-notification (personal)', 'authorisation_disputed', 'payment_charged_back'],
  ['919', 'Not in accordance with the agreement (business)', 'authorisation_disputed', 'payment_charged_back'],
  ['920', 'Agreement revoked (business)', 'authorisation_disputed', 'payment_charged_back', 'cancelled'],
  ['921', 'No confirmation / pre-notification (business)', 'authorisation_disputed', 'payment_charged_back'],
  ['922', 'Customer-initiated return', 'refund_refused', 'refund_failed'],
  ['990', 'Institution in default', 'other', 'payment_failed'],
];

export const REASON_CODES: ReadonlyMap<string, ReasonCode> = new Map(
  ROWS.map(([code, description, cause, effect, mandate, retryable]) => [
    code,
    { code, description, cause, effect, ...(mandate ? { mandate } : {}), ...(retryable ? { retryable } : {}) },
  ]),
);

/** Nacha's dishonoured (R61–R77) and IAT (R80–R85) returns are the bank's business, not the payer's. */
const OPERATIONS = /^R(6[1-9]|7\d|8[0-5])$|^C6\d$/;

/** The meaning of a code; unknown codes are kept (never dropped) as `other`, for a person to look at. */
export function reasonFor(code: string): ReasonCode {
  const known = REASON_CODES.get(code);
  if (known) return known;
  if (OPERATIONS.test(code))
    return { code, description: 'Bank operations return', cause: 'other', effect: 'operations' };
  return { code, description: 'Unknown reason code', cause: 'other', effect: 'operations' };
}

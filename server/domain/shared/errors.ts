/**
 * The spec's error reasons, each with its error type. The domain raises `DomainError`s by reason;
 * the API maps a reason to its HTTP status in one place (server/api/errors.ts) and the payer pages
 * turn them into field messages. Nothing here knows about HTTP.
 */
export type ErrorType = 'gocardless' | 'invalid_api_usage' | 'invalid_state' | 'validation_failed';

export const REASON_TYPES = {
  // internal
  internal_server_error: 'gocardless',
  request_timed_out: 'gocardless',
  query_timed_out: 'gocardless',
  service_unavailable: 'gocardless',
  database_unavailable: 'gocardless',
  // invalid API usage
  invalid_type: 'invalid_api_usage',
  path_not_found: 'invalid_api_usage',
  resource_not_found: 'invalid_api_usage',
  link_not_found: 'invalid_api_usage',
  unauthorized: 'invalid_api_usage',
  forbidden: 'invalid_api_usage',
  feature_disabled: 'invalid_api_usage',
  not_acceptable: 'invalid_api_usage',
  request_entity_too_large: 'invalid_api_usage',
  unsupported_media_type: 'invalid_api_usage',
  rate_limit_exceeded: 'invalid_api_usage',
  access_token_not_found: 'invalid_api_usage',
  access_token_not_active: 'invalid_api_usage',
  access_token_revoked: 'invalid_api_usage',
  missing_authorization_header: 'invalid_api_usage',
  invalid_authorization_header: 'invalid_api_usage',
  insufficient_permissions: 'invalid_api_usage',
  insufficient_permissions_continue_on_dashboard: 'invalid_api_usage',
  method_not_allowed: 'invalid_api_usage',
  bad_request: 'invalid_api_usage',
  length_required: 'invalid_api_usage',
  idempotency_key_too_long: 'invalid_api_usage',
  invalid_document_structure: 'invalid_api_usage',
  invalid_content_type: 'invalid_api_usage',
  tls_required: 'invalid_api_usage',
  missing_version_header: 'invalid_api_usage',
  version_not_found: 'invalid_api_usage',
  invalid_filters: 'invalid_api_usage',
  request_body_not_allowed: 'invalid_api_usage',
  customer_data_removed: 'invalid_api_usage',
  payout_items_data_archived: 'invalid_api_usage',
  // The file bank (decision 0081): a bank a scheme or mode cannot have (the simulated one in live).
  bank_connection_not_available: 'invalid_api_usage',
  // Live never pretends (decision 0092): instant bank payments need an open-banking provider.
  instant_payments_not_available: 'invalid_api_usage',
  // invalid state
  cancellation_failed: 'invalid_state',
  retry_failed: 'invalid_state',
  disable_failed: 'invalid_state',
  mandate_is_inactive: 'invalid_state',
  mandate_replaced: 'invalid_state',
  bank_account_disabled: 'invalid_state',
  mandate_not_inactive: 'invalid_state',
  refund_is_unreachable: 'invalid_state',
  refund_payment_invalid_state: 'invalid_state',
  total_amount_confirmation_invalid: 'invalid_state',
  number_of_refunds_exceeded: 'invalid_state',
  idempotent_creation_conflict: 'invalid_state',
  customer_bank_account_token_used: 'invalid_state',
  billing_request_must_be_ready_to_fulfil: 'invalid_state',
  // invalid state reasons named by the public API for moves the spec does not list
  billing_request_not_pending: 'invalid_state',
  billing_request_already_fulfilled: 'invalid_state',
  fallback_not_enabled: 'invalid_state',
  choose_currency_not_allowed: 'invalid_state',
  action_not_required: 'invalid_state',
  bank_authorisation_expired: 'invalid_state',
  bank_authorisation_not_pending: 'invalid_state',
  enable_failed: 'invalid_state',
  mandate_blocked: 'invalid_state',
  action_requirements_not_met: 'invalid_state',
  billing_request_flow_expired: 'invalid_state',
  mandate_reinstatement_limit_reached: 'invalid_state',
  scenario_simulator_not_applicable: 'invalid_state',
  // subscription pause and resume (public API)
  subscription_not_active: 'invalid_state',
  subscription_already_ended: 'invalid_state',
  subscription_not_paused: 'invalid_state',
  subscription_cannot_be_paused: 'invalid_state',
  subscription_paused_cannot_update_cycles: 'invalid_state',
  mandate_payments_require_approval: 'invalid_state',
  // A live mandate needs the creditor's active identifier in its scheme (decision 0036).
  scheme_identifier_not_active: 'invalid_state',
  // A move of the bank or the scheme clock found the resource moved on by another change.
  status_changed: 'invalid_state',
  // A mandate import takes entries and a submit only while created (spec: States).
  mandate_import_not_created: 'invalid_state',
  // A payer authorisation is edited and submitted only before submit, confirmed only after.
  payer_authorisation_not_editable: 'invalid_state',
  payer_authorisation_not_submitted: 'invalid_state',
  // Redirect flows (legacy): completed once, by the token the merchant chose, within 30 minutes.
  redirect_flow_incomplete: 'invalid_state',
  redirect_flow_already_completed: 'invalid_state',
  redirect_flow_expired: 'invalid_state',
  session_token_mismatch: 'invalid_api_usage',
  // Outbound payments (issue #22): approval by a second access token, withdrawals to a verified account.
  outbound_payment_not_pending_approval: 'invalid_state',
  outbound_payment_approver_is_creator: 'invalid_state',
  withdrawal_account_not_verified: 'invalid_state',
  // An outbound payment import is authorised only while valid (decision 0043).
  outbound_payment_import_not_valid: 'invalid_state',
  // A customer notification handled after its deadline (the public API's name; decision 0038).
  already_actioned: 'invalid_state',
  // A bank submission is marked submitted once, from pending.
  bank_submission_not_pending: 'invalid_state',
  // validation failed
  validation_failed: 'validation_failed',
  bank_account_exists: 'validation_failed',
  request_type_not_supported_by_scheme: 'validation_failed',
  creditor_contact_required: 'validation_failed',
  available_refund_amount_insufficient: 'validation_failed',
  // Branding (logos, payer themes): what was refused in the upload, beside the field.
  image_type_not_supported: 'validation_failed',
  image_too_large: 'validation_failed',
  image_svg_unsafe: 'validation_failed',
  insufficient_colour_contrast: 'validation_failed',
  insufficient_balance: 'validation_failed',
  // A bank's report that its format's reader refuses (issue #36): the line is in `metadata`.
  bank_report_malformed: 'validation_failed',
} as const satisfies Record<string, ErrorType>;

export type Reason = keyof typeof REASON_TYPES;

/** A field-level problem of a `validation_failed` error, in a language-neutral form. */
export interface FieldIssue {
  /** Path inside the resource object, e.g. `reason_description` or `links.customer`. */
  field: string;
  /** Message key in the API catalogue (i18n/<lang>/api.ts, `field.<code>`), e.g. `required`, `too_long`. */
  code: string;
  params?: Record<string, string | number>;
  metadata?: Record<string, unknown>;
}

export interface DomainErrorOptions {
  /** Catalogue key for a more specific message than the reason's default. */
  messageKey?: string;
  params?: Record<string, string | number>;
  fields?: FieldIssue[];
  links?: Record<string, string>;
  metadata?: Record<string, unknown>;
}

export class DomainError extends Error {
  readonly type: ErrorType;
  readonly isDomainError = true;
  constructor(
    readonly reason: Reason,
    readonly options: DomainErrorOptions = {},
  ) {
    super(options.messageKey ?? reason);
    this.name = 'DomainError';
    this.type = REASON_TYPES[reason];
  }
}

/** Duck-typed check: the Remix bundle may carry its own copy of this module. */
export function isDomainError(value: unknown): value is DomainError {
  return typeof value === 'object' && value !== null && (value as { isDomainError?: unknown }).isDomainError === true;
}

export const notFound = (resource?: string) =>
  new DomainError('resource_not_found', resource ? { params: { resource } } : {});

export const validationFailed = (fields: FieldIssue[]) => new DomainError('validation_failed', { fields });

export const invalidState = (reason: Reason, options: DomainErrorOptions = {}) => new DomainError(reason, options);

import { DomainError, REASON_TYPES, type Reason } from '../domain/shared/errors';
import { apiMessage } from '../../i18n/api';
import type { Language } from '../../i18n/languages';
import type { ErrorItemWire, ErrorWire } from './wire/envelope';

/** The one place a reason becomes an HTTP status (spec: Errors / HTTP status codes). */
export function statusFor(reason: Reason): number {
  switch (reason) {
    case 'path_not_found':
    case 'resource_not_found':
    case 'link_not_found':
      return 404;
    case 'unauthorized':
    case 'access_token_not_found':
    case 'access_token_not_active':
    case 'access_token_revoked':
    case 'missing_authorization_header':
    case 'invalid_authorization_header':
      return 401;
    case 'forbidden':
    case 'insufficient_permissions':
    case 'insufficient_permissions_continue_on_dashboard':
    case 'feature_disabled':
      return 403;
    case 'method_not_allowed':
      return 405;
    case 'not_acceptable':
      return 406;
    case 'idempotent_creation_conflict':
    case 'bank_account_exists':
      return 409;
    case 'customer_data_removed':
    case 'payout_items_data_archived':
      return 410;
    case 'length_required':
      return 411;
    case 'request_entity_too_large':
      return 413;
    case 'unsupported_media_type':
    case 'invalid_content_type':
      return 415;
    case 'tls_required':
      return 426;
    case 'rate_limit_exceeded':
      return 429;
    case 'internal_server_error':
      return 500;
    case 'service_unavailable':
    case 'database_unavailable':
      return 503;
    case 'request_timed_out':
    case 'query_timed_out':
      return 504;
    default:
      break;
  }
  // Internal reasons are all listed above; what remains is a client's mistake or a refused move.
  switch (REASON_TYPES[reason]) {
    case 'invalid_state':
    case 'validation_failed':
      return 422;
    default:
      return 400;
  }
}

/** The envelope's types come from its wire schema, the one `/openapi.json` documents. */
export type ErrorItem = ErrorItemWire;
export type ErrorEnvelope = ErrorWire;

export interface RenderOptions {
  lang: Language;
  requestId: string;
  publicUrl: string;
  /** JSON pointer prefix of the request body's resource object, e.g. `/blocks`. */
  pointerBase?: string;
}

/** Builds the spec's error envelope for a domain error, in the request's language. */
export function renderError(error: DomainError, options: RenderOptions): { status: number; body: ErrorEnvelope } {
  const { reason } = error;
  const status = statusFor(reason);
  const params = error.options.params ?? {};
  const message = apiMessage(options.lang, error.options.messageKey ?? `reason.${reason}`, params);
  const base = options.pointerBase ?? '';

  let errors: ErrorItem[];
  if (error.type === 'validation_failed' && error.options.fields?.length) {
    errors = error.options.fields.map((f) => ({
      field: f.field,
      message: apiMessage(options.lang, `field.${f.code}`, f.params),
      request_pointer: `${base}/${f.field.split('.').join('/')}`,
      ...(f.metadata ? { metadata: f.metadata } : {}),
    }));
    // A business rule failure such as bank_account_exists keeps its reason beside the fields.
    if (reason !== 'validation_failed') errors = errors.map((e) => ({ ...e, reason }));
  } else if (error.options.fields?.length) {
    // invalid_type: one item per offending field, each carrying the reason and the field.
    errors = error.options.fields.map((f) => ({
      reason,
      field: f.field,
      message: apiMessage(options.lang, `field.${f.code}`, f.params),
      request_pointer: `${base}/${f.field.split('.').join('/')}`,
    }));
  } else {
    errors = [
      {
        reason,
        message,
        ...(error.options.links ? { links: error.options.links } : {}),
        ...(error.options.metadata ? { metadata: error.options.metadata } : {}),
      },
    ];
  }

  return {
    status,
    body: {
      error: {
        type: error.type,
        code: status,
        message,
        documentation_url: `${options.publicUrl}/docs/errors#${reason}`,
        request_id: options.requestId,
        errors,
      },
    },
  };
}

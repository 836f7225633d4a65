import type { FieldIssue } from '../../../server/domain/shared/errors';
import type { FieldError } from '../../components/Form';
import { labelInSentence, type FlowMessageKey, type Language, type Translate } from '../../../i18n/flow';

/**
 * The payer's words for a refusal. The domain names what went wrong as the API does (a reason, or
 * field codes such as `invalid_sort_code`); the API's catalogue explains those to a developer.
 * A payer reads the pages' own catalogue instead: these tables choose its message, and any code
 * not listed reads as "enter a valid …", never as the API's wording.
 */
const BY_FIELD_AND_CODE: Record<string, FlowMessageKey> = {
  'institution:not_found': 'bank.refused',
  'institution:institution_unavailable': 'bank.refused',
  'pay_id:iban_or_local_details': 'error.pay_id_or_account',
  // The bank data refuses a GB sort code missing from the modulus-check tables with this code.
  'branch_code:sort_code_not_found': 'error.sort_code_not_found',
  'iban:sort_code_not_found': 'error.sort_code_not_found',
  'branch_code:invalid_sort_code': 'error.sort_code_format',
  'email:invalid_email': 'error.email_format',
  'iban:invalid_iban': 'error.iban_format',
  'country_code:required': 'error.select_country',
  'sole_signatory:required': 'error.sole_signatory',
  'country_code:invalid_country_code': 'error.select_country',
};

const BY_CODE: Record<string, FlowMessageKey> = {
  required: 'error.required',
  blank: 'error.required',
  account_type_required: 'error.required',
  local_details_required: 'error.required',
  too_long: 'error.too_long',
  modulus_check_failed: 'error.account_check_failed',
  unsupported_country: 'error.unsupported_country',
  iban_unsupported_country: 'error.unsupported_country',
  bank_account_currency_mismatch: 'error.account_currency',
};

/** Refusals that name no field: what the payer can do about each. */
const BY_REASON: Record<string, FlowMessageKey> = {
  // The merchant locked what this step would change.
  action_not_required: 'error.locked',
  fallback_not_enabled: 'error.fallback_refused',
};

/** Every message a refusal can show: each payer catalogue must have them all. */
export const REFUSAL_MESSAGE_KEYS: FlowMessageKey[] = [
  ...new Set([
    ...Object.values(BY_FIELD_AND_CODE),
    ...Object.values(BY_CODE),
    ...Object.values(BY_REASON),
    'error.invalid',
    'error.step_refused',
    'error.form_incomplete',
  ] satisfies FlowMessageKey[]),
];

/** What the page needs to word an error: its translator, and its inputs' labels by name. */
export interface MessageContext {
  t: Translate;
  language: Language;
  /** The form's inputs by name, with their labels. */
  labels: Record<string, string>;
  /** Where an error that names none of the form's inputs is shown (the error summary links to it). */
  anchor: string;
}

const needsLabel = (key: FlowMessageKey) => ['error.required', 'error.invalid', 'error.too_long'].includes(key);

/** One message per input, in the order the issues came; the first issue of an input wins. */
function collect(entries: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.field) && seen.add(entry.field));
}

/** The payer's messages for the domain's field issues, next to the inputs they concern. */
export function fieldMessages(issues: FieldIssue[], page: MessageContext): FieldError[] {
  return collect(
    issues.map((issue) => {
      // The domain names fields as the API does (`customer.email`); pages name inputs by the last part.
      const name = issue.field.split('.').pop() ?? issue.field;
      const label = page.labels[name];
      const key = BY_FIELD_AND_CODE[`${name}:${issue.code}`] ?? BY_CODE[issue.code] ?? 'error.invalid';
      if (needsLabel(key) && label === undefined) return { field: page.anchor, message: page.t('error.step_refused') };
      const field = key === 'error.too_long' ? label : label && labelInSentence(page.language, label);
      const params = { ...(issue.params ?? {}), ...(field ? { field } : {}) };
      return { field: label === undefined ? page.anchor : name, message: page.t(key, params) };
    }),
  );
}

/** The payer's message for a refusal that names no field, shown at the form's anchor. */
export function reasonMessage(reason: string, page: MessageContext): FieldError[] {
  return [{ field: page.anchor, message: page.t(BY_REASON[reason] ?? 'error.step_refused') }];
}

/**
 * The payer's messages for a form that did not arrive as the page sent it: an input missing reads
 * as "enter your …", one sent twice or not as text as "enter a valid …"; anything else (no form at
 * all, another format) as one message at the anchor.
 */
export function formMessages(problems: { field: string | null; missing: boolean }[], page: MessageContext) {
  return collect(
    problems.map(({ field, missing }) => {
      const label = field === null ? undefined : page.labels[field];
      if (field === null || label === undefined)
        return { field: page.anchor, message: page.t('error.form_incomplete') };
      const key = missing ? 'error.required' : 'error.invalid';
      return { field, message: page.t(key, { field: labelInSentence(page.language, label) }) };
    }),
  );
}

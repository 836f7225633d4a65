import { isDomainError, type FieldIssue } from '../../server/domain/shared/errors';
import { apiMessage } from '../../server/i18n/api';
import type { Language } from '../../server/i18n/languages';
import type { FieldError } from '../components/Form';
import { labelInSentence, type Translate } from '../i18n';

/**
 * Turns a refused submission into messages next to the fields the payer filled in. The domain
 * names fields as the API does (`customer.email`); pages name inputs by their last part.
 */
export function fieldErrorsOf(
  error: unknown,
  options: { t: Translate; language: Language; labels: Record<string, string>; fallbackField: string },
): FieldError[] | null {
  if (!isDomainError(error)) return null;
  const issues: FieldIssue[] = error.options.fields?.length
    ? error.options.fields
    : [{ field: options.fallbackField, code: error.reason }];
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = issue.field.split('.').pop() ?? issue.field;
    if (seen.has(field)) continue;
    seen.add(field);
    const label = options.labels[field] ?? field;
    const message =
      issue.code === 'required' || issue.code === 'blank'
        ? options.t('error.required', { field: labelInSentence(options.language, label) })
        : `${label}: ${apiMessage(options.language, issue.field === options.fallbackField && !error.options.fields?.length ? `reason.${issue.code}` : `field.${issue.code}`, issue.params)}`;
    errors.push({ field: options.labels[field] ? field : options.fallbackField, message });
  }
  return errors;
}

/** Whether a command was refused by a domain rule (shown on the step), rather than failing. */
export const isRefusal = isDomainError;

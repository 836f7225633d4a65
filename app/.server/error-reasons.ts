import { REASON_TYPES } from '../../server/domain/shared/errors';
import { api as en } from '../../i18n/en/api';

/** Every API error reason with its type and its meaning, as the API's English catalogue words it. */
export function presentErrorReasons() {
  return (Object.entries(REASON_TYPES) as [string, string][]).map(([reason, type]) => ({
    reason,
    type,
    meaning: (en as Record<string, string>)[`reason.${reason}`] ?? '',
  }));
}

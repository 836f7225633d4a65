import type { OutboundEntryStatus, OutboundPaymentImportStatus } from './types';

/**
 * Outbound payment imports, as far as this issue takes them. The public API's statuses are all
 * stored (a CHECK lists them), but the moves past validation — authorising the import in the
 * dashboard, creating its outbound payments, processing, cancelling — belong to outbound
 * payments, which do not exist yet; no code moves an import, so there is no machine to apply.
 * An import is validated as it is created (all entries at once, in the request), so `created`
 * and `validating` are never seen: it is stored `valid` when every entry is, `invalid` otherwise.
 */
export const statusOfNewImport = (invalidEntries: number): OutboundPaymentImportStatus =>
  invalidEntries === 0 ? 'valid' : 'invalid';

export const statusOfEntry = (errors: Record<string, string[]>): OutboundEntryStatus =>
  Object.keys(errors).length === 0 ? 'valid' : 'invalid';

import type { Services } from '../container';
import type { Database } from '../db/db';
import {
  BUILT_EXPORT_TYPES,
  PARTNER_EXPORT_TYPES,
  isBuiltExportType,
  type BuiltExportType,
} from '../domain/exports/types';

/**
 * `npm run cli -- exports create …`: the operator asks for an export (decision 0037: the public API
 * has no create endpoint). The export worker builds it; `GET /exports/{id}` then gives its link.
 */
export const EXPORTS_HELP = `  exports create --organisation <OR…> --type <payments|refunds|payouts|customers|subscriptions|events|
                 any other export type, e.g. payment_events, payout_transactions_reconciliation, users>
                 --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--currency GBP]
                                                 a CSV of what was created from --from up to (not incl.) --to`;

type Print = (human: string, data: unknown) => void;

export interface ExportsCommand {
  action?: string;
  organisation?: string;
  type?: string;
  from?: string;
  to?: string;
  currency?: string;
}

/** Any built type by its name; `payments` is short for `payments_index` (the resource's name). */
function exportTypeOf(value: string | undefined): BuiltExportType | undefined {
  if (!value) return undefined;
  if (isBuiltExportType(value)) return value;
  const index = `${value}_index`;
  return isBuiltExportType(index) ? index : undefined;
}

function dateOf(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(value)) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export async function runExportsCommand(
  command: ExportsCommand,
  services: Services,
  db: Database,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  if (command.action !== 'create') throw usage(`unknown command: exports ${command.action ?? ''}`);
  if (!command.organisation) throw usage('--organisation is required');
  if ((PARTNER_EXPORT_TYPES as readonly string[]).includes(command.type ?? ''))
    throw usage(`--type ${command.type} is a partner app's export: this service has no partner apps (decision 0040)`);
  const exportType = exportTypeOf(command.type);
  if (!exportType) throw usage(`--type must be one of ${BUILT_EXPORT_TYPES.join(', ')}`);
  const from = dateOf(command.from);
  const to = dateOf(command.to);
  if (!from || !to) throw usage('--from and --to must be dates (YYYY-MM-DD)');
  const currency = (command.currency ?? 'GBP').toUpperCase();
  const organisationId = command.organisation;
  const row = await db.transaction((tx) =>
    services.exports.create(tx, organisationId, { exportType, currency, from, to }),
  );
  print(`Export ${row.id} (${row.export_type}, ${row.currency}) is queued; the server builds it.`, {
    id: row.id,
    export_type: row.export_type,
    currency: row.currency,
    status: row.status,
  });
  return 0;
}

import { z } from 'zod';
import { EXPORT_TYPES, type ExportRow } from '../../domain/exports/types';
import { timestamp } from './present';

/**
 * An export on the wire (public API `exports`): exactly the reference's six fields. `download_url`
 * is null until the CSV is built, `error_message` null unless the build failed.
 */
export const exportWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  export_type: z.enum(EXPORT_TYPES),
  currency: z.string(),
  download_url: z.string().nullable(),
  error_message: z.string().nullable(),
});

export function serializeExport(row: ExportRow, downloadUrl: string | null): z.output<typeof exportWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    export_type: row.export_type,
    currency: row.currency,
    download_url: downloadUrl,
    error_message: row.status === 'failed' ? (row.error_message ?? 'export_failed') : null,
  };
}

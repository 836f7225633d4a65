import { compact, timestamp } from '../shared/serialize';
import type { EventRow } from './types';

export function serializeEvent(row: EventRow) {
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    resource_type: row.resource_type,
    action: row.action,
    links: row.links,
    details: row.details,
    metadata: row.metadata ?? {},
    resource_metadata: row.resource_metadata ?? undefined,
    source: row.source ?? undefined,
  });
}

import { compact, timestamp } from '../shared/serialize';
import type { BlockRow } from './types';

export function serializeBlock(row: BlockRow) {
  return compact({
    id: row.id,
    block_type: row.block_type,
    reason_type: row.reason_type,
    reason_description: row.reason_description,
    resource_reference: row.resource_reference,
    active: row.active,
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
  });
}

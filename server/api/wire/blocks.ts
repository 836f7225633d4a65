import { z } from 'zod';
import { BLOCK_REASONS, BLOCK_TYPES, type ListedBlock } from '../../domain/blocks/types';
import { timestamp } from './present';

/** A block on the wire (public API `blocks`). */
export const blockWire = z.strictObject({
  id: z.string(),
  block_type: z.enum(BLOCK_TYPES),
  reason_type: z.enum(BLOCK_REASONS),
  reason_description: z.string().nullable(),
  resource_reference: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Takes a whole row or a list's row (the wire's columns only). */
export function serializeBlock(row: ListedBlock): z.output<typeof blockWire> {
  return {
    id: row.id,
    block_type: row.block_type,
    reason_type: row.reason_type,
    reason_description: row.reason_description,
    resource_reference: row.resource_reference,
    active: row.active,
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
  };
}

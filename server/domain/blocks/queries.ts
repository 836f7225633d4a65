import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { domainsOfEmail, emailMatchValue } from '../shared/email';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findOwned } from '../shared/table';
import { LISTED_BLOCK_COLUMNS, type BlockFilters, type BlockRow, type BlockType, type ListedBlock } from './types';

/** The only file that names the `blocks` table in SQL. */
export const blocksTable = defineTable('blocks', {
  id: col.text(),
  organisation_id: col.text(),
  block_type: col.text(),
  reason_type: col.text(),
  reason_description: col.text().nullable(),
  resource_reference: col.text(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  match_value: col.text(),
  status: col.text(),
  active: col.boolean().nullable(),
});

export const findBlock = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<BlockRow>(db, blocksTable, organisationId, id, options);

export interface NewBlockRow {
  id: string;
  organisation_id: string;
  block_type: BlockType;
  reason_type: string;
  reason_description: string | null;
  resource_reference: string;
  match_value: string;
  status: 'active' | 'disabled';
  created_at: Date;
}

export async function insertBlock(tx: Queryable, row: NewBlockRow): Promise<BlockRow> {
  const { rows } = await tx.query<BlockRow>(
    `INSERT INTO blocks (id, organisation_id, block_type, reason_type, reason_description, resource_reference, match_value, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.block_type,
      row.reason_type,
      row.reason_description,
      row.resource_reference,
      row.match_value,
      row.status,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function listBlocks(
  db: Queryable,
  organisationId: string,
  filters: BlockFilters,
  page: PageRequest,
): Promise<Page<ListedBlock>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.blockType) where.push(`block_type = ${params.add(filters.blockType)}`);
  if (filters.reasonType) where.push(`reason_type = ${params.add(filters.reasonType)}`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  const select = LISTED_BLOCK_COLUMNS.join(', ');
  return pageQuery<ListedBlock>(db, { from: blocksTable.name, select, where, params }, page);
}

/** An active block of this type already matching `matchValue`, so block_by_ref does not block twice. */
export async function findActiveBlock(
  db: Queryable,
  organisationId: string,
  type: BlockType,
  matchValue: string,
): Promise<BlockRow | undefined> {
  const { rows } = await db.query<BlockRow>(
    `SELECT * FROM blocks WHERE organisation_id = $1 AND block_type = $2 AND match_value = $3 AND status = 'active' LIMIT 1`,
    [organisationId, type, matchValue],
  );
  return rows[0];
}

/**
 * The first active block of the organisation that matches a would-be mandate: the customer's email,
 * its domain or a parent domain, the bank account (by fingerprint, so the same account under
 * another customer matches too) or the bank's name. One query on `blocks_active_match`: every
 * value is normalised here as it was when the block was made (server/domain/shared/email.ts).
 */
export async function findMatchingBlock(
  db: Queryable,
  organisationId: string,
  customer: { email: string | null },
  bankAccount: { fingerprint: string; bank_name: string | null },
): Promise<{ id: string; block_type: string } | undefined> {
  const email = customer.email ? emailMatchValue(customer.email) : null;
  const domains = customer.email ? domainsOfEmail(customer.email) : [];
  const bankName = bankAccount.bank_name?.trim().toLowerCase() ?? null;
  const { rows } = await db.query<{ id: string; block_type: string }>(
    `SELECT id, block_type FROM blocks
     WHERE organisation_id = $1 AND status = 'active' AND (
       (block_type = 'email' AND match_value = $2) OR
       (block_type = 'email_domain' AND match_value = ANY($3::text[])) OR
       (block_type = 'bank_account' AND match_value = $4) OR
       (block_type = 'bank_name' AND match_value = $5))
     ORDER BY id LIMIT 1`,
    [organisationId, email, domains, bankAccount.fingerprint, bankName],
  );
  return rows[0];
}

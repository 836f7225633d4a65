import type { Queryable } from '../../db/db';
import { defineTable } from '../shared/table';
import type { LogoType } from './image-content';

/** The only file that names `creditor_logos` in SQL. */
export const creditorLogosTable = defineTable(
  'creditor_logos',
  ['id', 'organisation_id', 'creditor_id', 'content_type', 'image', 'width', 'height', 'created_at'],
  'logos',
);

export interface LogoRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  content_type: LogoType;
  image: Buffer;
  width: number;
  height: number;
  created_at: Date;
}

export type LogoSummary = Omit<LogoRow, 'image'>;

/** Sets the creditor's one logo: a new upload replaces the old row under a new id (a new file URL). */
export async function replaceLogo(tx: Queryable, row: LogoRow): Promise<LogoSummary> {
  const { rows } = await tx.query<LogoSummary>(
    `INSERT INTO creditor_logos (id, organisation_id, creditor_id, content_type, image, width, height, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (creditor_id) DO UPDATE
       SET id = EXCLUDED.id, content_type = EXCLUDED.content_type, image = EXCLUDED.image,
           width = EXCLUDED.width, height = EXCLUDED.height, created_at = EXCLUDED.created_at
     RETURNING id, organisation_id, creditor_id, content_type, width, height, created_at`,
    [row.id, row.organisation_id, row.creditor_id, row.content_type, row.image, row.width, row.height, row.created_at],
  );
  return rows[0]!;
}

/** The logo file by its id: public, like the payer pages that show it. */
export async function findLogoFile(db: Queryable, id: string): Promise<LogoRow | undefined> {
  const { rows } = await db.query<LogoRow>('SELECT * FROM creditor_logos WHERE id = $1', [id]);
  const row = rows[0];
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
  return row && { ...row, image: Buffer.from(row.image) };
}

/** The creditor's current logo, without its bytes (a page only needs its URL and size). */
export async function findLogoOfCreditor(db: Queryable, creditorId: string): Promise<LogoSummary | undefined> {
  const { rows } = await db.query<LogoSummary>(
    `SELECT id, organisation_id, creditor_id, content_type, width, height, created_at
       FROM creditor_logos WHERE creditor_id = $1`,
    [creditorId],
  );
  return rows[0];
}

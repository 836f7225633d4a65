import type { Queryable } from '../../db/db';
import { col, columnList, columnsExcept, defineTable, insertInto, type RowOf } from '../shared/table';
import type { LogoType } from './image-content';

/** The only file that names `creditor_logos` in SQL. */
export const creditorLogosTable = defineTable(
  'creditor_logos',
  {
    id: col.text(),
    organisation_id: col.text(),
    creditor_id: col.text(),
    content_type: col.text<LogoType>(),
    image: col.bytea(),
    width: col.integer(),
    height: col.integer(),
    created_at: col.timestamptz(),
  },
  'logos',
);

/** A row of `creditor_logos` as stored: its table's declaration. */
export type LogoRow = RowOf<typeof creditorLogosTable>;

export type LogoSummary = Omit<LogoRow, 'image'>;

/** Every column but the image's bytes. */
const SUMMARY = columnList(creditorLogosTable, columnsExcept(creditorLogosTable, ['image']));

const REPLACE_LOGO = insertInto(
  creditorLogosTable,
  creditorLogosTable.columns,
  `ON CONFLICT (creditor_id) DO UPDATE
       SET id = EXCLUDED.id, content_type = EXCLUDED.content_type, image = EXCLUDED.image,
           width = EXCLUDED.width, height = EXCLUDED.height, created_at = EXCLUDED.created_at
     RETURNING ${SUMMARY}`,
);

/** Sets the creditor's one logo: a new upload replaces the old row under a new id (a new file URL). */
export async function replaceLogo(tx: Queryable, row: LogoRow): Promise<LogoSummary> {
  const { rows } = await tx.query<LogoSummary>(REPLACE_LOGO.text, REPLACE_LOGO.values(row));
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
  const { rows } = await db.query<LogoSummary>(`SELECT ${SUMMARY} FROM creditor_logos WHERE creditor_id = $1`, [
    creditorId,
  ]);
  return rows[0];
}

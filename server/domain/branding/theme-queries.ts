import type { Queryable } from '../../db/db';
import { col, defineTable } from '../shared/table';
import type { ThemeColour } from './contrast';

/** The only file that names `payer_themes` in SQL. */
export const payerThemesTable = defineTable(
  'payer_themes',
  {
    id: col.text(),
    organisation_id: col.text(),
    creditor_id: col.text(),
    button_background_colour: col.text().nullable(),
    content_box_border_colour: col.text().nullable(),
    header_background_colour: col.text().nullable(),
    link_text_colour: col.text().nullable(),
    created_at: col.timestamptz(),
  },
  'payer_themes',
);

export type PayerThemeRow = {
  id: string;
  organisation_id: string;
  creditor_id: string;
  created_at: Date;
} & Record<ThemeColour, string | null>;

/** Sets the creditor's one theme: a new one replaces the old under a new id (a new stylesheet URL). */
export async function replaceTheme(tx: Queryable, row: PayerThemeRow): Promise<PayerThemeRow> {
  const { rows } = await tx.query<PayerThemeRow>(
    `INSERT INTO payer_themes (id, organisation_id, creditor_id, button_background_colour,
       content_box_border_colour, header_background_colour, link_text_colour, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (creditor_id) DO UPDATE
       SET id = EXCLUDED.id, button_background_colour = EXCLUDED.button_background_colour,
           content_box_border_colour = EXCLUDED.content_box_border_colour,
           header_background_colour = EXCLUDED.header_background_colour,
           link_text_colour = EXCLUDED.link_text_colour, created_at = EXCLUDED.created_at
     RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.button_background_colour,
      row.content_box_border_colour,
      row.header_background_colour,
      row.link_text_colour,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function findTheme(db: Queryable, id: string): Promise<PayerThemeRow | undefined> {
  const { rows } = await db.query<PayerThemeRow>('SELECT * FROM payer_themes WHERE id = $1', [id]);
  return rows[0];
}

export async function findThemeOfCreditor(db: Queryable, creditorId: string): Promise<PayerThemeRow | undefined> {
  const { rows } = await db.query<PayerThemeRow>('SELECT * FROM payer_themes WHERE creditor_id = $1', [creditorId]);
  return rows[0];
}

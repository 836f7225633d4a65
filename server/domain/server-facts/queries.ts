import { col, defineTable } from '../shared/table';
import type { Queryable } from '../../db/db';

/** The only file that names the `server_facts` table: what a server records for the CLI to read. */
export const serverFactsTable = defineTable('server_facts', {
  name: col.text(),
  value: col.text(),
  updated_at: col.timestamptz(),
});

export async function recordPublicUrl(db: Queryable, url: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO server_facts (name, value, updated_at) VALUES ('public_url', $1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [url, now],
  );
}

/** The PUBLIC_URL the server last started with on this store, if one has. */
export async function recordedPublicUrl(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>("SELECT value FROM server_facts WHERE name = 'public_url'");
  return rows[0]?.value;
}

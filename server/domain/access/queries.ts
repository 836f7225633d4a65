import type { Queryable } from '../../db/db';
import { col, defineTable, findById } from '../shared/table';
import type { AccessTokenRow, OrganisationRow, TokenScope } from './types';

/** The only file that names the `access_tokens` and `organisations` tables in SQL. */
export const accessTokensTable = defineTable('access_tokens', {
  id: col.text(),
  organisation_id: col.text(),
  name: col.text(),
  scope: col.text(),
  status: col.text(),
  token_hash: col.text(),
  token_hint: col.text(),
  created_at: col.timestamptz(),
  disabled_at: col.timestamptz().nullable(),
  revoked_at: col.timestamptz().nullable(),
  last_used_at: col.timestamptz().nullable(),
});

export const organisationsTable = defineTable('organisations', {
  id: col.text(),
  name: col.text(),
  created_at: col.timestamptz(),
  disabled_at: col.timestamptz().nullable(),
  payment_pages_approved: col.boolean(),
  white_label_partner: col.boolean(),
  custom_payment_pages: col.boolean(),
  /** Sandbox only: no payout is made while set, so confirmed funds stay in the balance (decision 0073). */
  sandbox_payouts_held: col.boolean(),
  /** Sandbox only: the organisation's own time when its test clock was last set; null: real time (decision 0079). */
  sandbox_clock_at: col.timestamptz().nullable(),
  /** The real time `sandbox_clock_at` was set at: a running clock is that far behind or ahead of real time. */
  sandbox_clock_set_at: col.timestamptz().nullable(),
  sandbox_clock_frozen: col.boolean(),
});

/** The live approvals the operator may set. */
export type Approvals = Partial<
  Pick<OrganisationRow, 'payment_pages_approved' | 'white_label_partner' | 'custom_payment_pages'>
>;

export async function insertOrganisation(
  tx: Queryable,
  row: { id: string; name: string; created_at: Date },
): Promise<OrganisationRow> {
  const { rows } = await tx.query<OrganisationRow>(
    'INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3) RETURNING *',
    [row.id, row.name, row.created_at],
  );
  return rows[0]!;
}

export const findOrganisation = (db: Queryable, id: string) => findById<OrganisationRow>(db, organisationsTable, id);

export async function listOrganisations(db: Queryable): Promise<OrganisationRow[]> {
  return (await db.query<OrganisationRow>('SELECT * FROM organisations ORDER BY id')).rows;
}

export async function countOrganisations(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations');
  return rows[0]?.n ?? 0;
}

/** Sets the approvals given and leaves the others: one fixed statement, no column named by the caller. */
export async function setOrganisationApprovals(
  tx: Queryable,
  id: string,
  approvals: Approvals,
): Promise<OrganisationRow | undefined> {
  const { rows } = await tx.query<OrganisationRow>(
    `UPDATE organisations SET
       payment_pages_approved = COALESCE($2, payment_pages_approved),
       white_label_partner = COALESCE($3, white_label_partner),
       custom_payment_pages = COALESCE($4, custom_payment_pages)
     WHERE id = $1 RETURNING *`,
    [
      id,
      approvals.payment_pages_approved ?? null,
      approvals.white_label_partner ?? null,
      approvals.custom_payment_pages ?? null,
    ],
  );
  return rows[0];
}

/** A sandbox organisation holds its payouts back, or lets them go (decision 0073). */
export async function setSandboxPayoutsHeld(tx: Queryable, id: string, held: boolean): Promise<OrganisationRow> {
  const { rows } = await tx.query<OrganisationRow>(
    'UPDATE organisations SET sandbox_payouts_held = $2 WHERE id = $1 RETURNING *',
    [id, held],
  );
  return rows[0]!;
}

/** A sandbox organisation's test clock (decision 0079): where it stands, set at real time `setAt`. */
export async function setSandboxClock(
  tx: Queryable,
  id: string,
  clock: { at: Date; setAt: Date; frozen: boolean },
): Promise<OrganisationRow | undefined> {
  const { rows } = await tx.query<OrganisationRow>(
    `UPDATE organisations SET sandbox_clock_at = $2, sandbox_clock_set_at = $3, sandbox_clock_frozen = $4
     WHERE id = $1 RETURNING *`,
    [id, clock.at, clock.setAt, clock.frozen],
  );
  return rows[0];
}

/** The organisations with a test clock, frozen or running: the background jobs leave their work to it. */
export async function listClockedOrganisations(
  db: Queryable,
): Promise<Pick<OrganisationRow, 'id' | 'sandbox_clock_at' | 'sandbox_clock_set_at' | 'sandbox_clock_frozen'>[]> {
  const { rows } = await db.query<
    Pick<OrganisationRow, 'id' | 'sandbox_clock_at' | 'sandbox_clock_set_at' | 'sandbox_clock_frozen'>
  >(
    `SELECT id, sandbox_clock_at, sandbox_clock_set_at, sandbox_clock_frozen FROM organisations
     WHERE sandbox_clock_at IS NOT NULL ORDER BY id`,
  );
  return rows;
}

export interface NewAccessTokenRow {
  id: string;
  organisation_id: string;
  name: string;
  scope: TokenScope;
  token_hash: string;
  token_hint: string;
  created_at: Date;
}

/** Inserts a token (only its hash is stored); the row answered leaves the hash out. */
export async function insertAccessToken(tx: Queryable, row: NewAccessTokenRow): Promise<AccessTokenRow> {
  const { rows } = await tx.query<AccessTokenRow>(
    `INSERT INTO access_tokens (id, organisation_id, name, scope, token_hash, token_hint, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [row.id, row.organisation_id, row.name, row.scope, row.token_hash, row.token_hint, row.created_at],
  );
  return rows[0]!;
}

export const findAccessToken = (db: Queryable, id: string) => findById<AccessTokenRow>(db, accessTokensTable, id);

export async function findAccessTokenByHash(db: Queryable, tokenHash: string): Promise<AccessTokenRow | undefined> {
  const { rows } = await db.query<AccessTokenRow>('SELECT * FROM access_tokens WHERE token_hash = $1', [tokenHash]);
  return rows[0];
}

export async function listAccessTokens(db: Queryable, organisationId?: string): Promise<AccessTokenRow[]> {
  const { rows } = organisationId
    ? await db.query<AccessTokenRow>('SELECT * FROM access_tokens WHERE organisation_id = $1 ORDER BY id', [
        organisationId,
      ])
    : await db.query<AccessTokenRow>('SELECT * FROM access_tokens ORDER BY id');
  return rows;
}

/** A token by its hash with its organisation: one indexed lookup per API request. */
export async function findCredential(
  db: Queryable,
  tokenHash: string,
  by: 'token_hash' | 'id' = 'token_hash',
): Promise<{ token: AccessTokenRow; organisation: OrganisationRow } | undefined> {
  const { rows } = await db.query<{ token: AccessTokenRow; organisation: OrganisationRow }>(
    `SELECT to_jsonb(t.*) - 'token_hash' AS token, to_jsonb(o.*) AS organisation
     FROM access_tokens t JOIN organisations o ON o.id = t.organisation_id
     WHERE t.${by === 'id' ? 'id' : 'token_hash'} = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** The uses batched since the last write: one statement, never moving a token's last use backwards. */
export async function recordTokenUses(db: Queryable, uses: Map<string, Date>): Promise<void> {
  if (!uses.size) return;
  await db.query(
    `UPDATE access_tokens t SET last_used_at = GREATEST(t.last_used_at, u.at)
     FROM unnest($1::text[], $2::timestamptz[]) AS u(id, at)
     WHERE t.id = u.id`,
    [[...uses.keys()], [...uses.values()].map((at) => at.toISOString())],
  );
}

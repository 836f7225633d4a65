import type { Queryable } from '../../db/db';
import { firstIdAt } from '../shared/ids';

/**
 * The home page counts a payment's outcome on the day it happened, read from the payment's own
 * events (`confirmed`, `failed`, `charged_back`), not on its charge date: the sandbox confirms and
 * pays out days before the charge date, and a late failure or chargeback comes weeks after it.
 * The id bound keeps the read a range of the `(organisation_id, resource_type, id)` index.
 */
const OUTCOME_EVENTS = `FROM events
  WHERE organisation_id = $1 AND resource_type = 'payments' AND id >= $2 AND created_at >= $3 AND created_at < $4`;

function window(organisationId: string, since: Date, until: Date) {
  return [organisationId, firstIdAt('event', since), since, until];
}

/** Money confirmed as collected, per UTC day of its `confirmed` event and currency. */
export async function collectedByDay(db: Queryable, organisationId: string, since: Date, until: Date) {
  const { rows } = await db.query<{ day: string; currency: string; amount: string }>(
    `SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, p.currency, sum(p.amount)::text AS amount
       FROM (SELECT created_at, links->>'payment' AS payment_id ${OUTCOME_EVENTS} AND action = 'confirmed') e
       JOIN payments p ON p.id = e.payment_id AND p.organisation_id = $1
      GROUP BY 1, 2 ORDER BY 1, 2`,
    window(organisationId, since, until),
  );
  return rows.map((r) => ({ day: r.day, currency: r.currency, amount: Number(r.amount) }));
}

/** Payments with an outcome in the window, and of those, how many failed or were charged back. */
export async function outcomesBetween(db: Queryable, organisationId: string, since: Date, until: Date) {
  const { rows } = await db.query<{ total: number; failed: number; charged_back: number }>(
    `SELECT count(DISTINCT links->>'payment')::int AS total,
            count(DISTINCT links->>'payment') FILTER (WHERE action = 'failed')::int AS failed,
            count(DISTINCT links->>'payment') FILTER (WHERE action = 'charged_back')::int AS charged_back
       ${OUTCOME_EVENTS} AND action IN ('confirmed', 'failed', 'charged_back')`,
    window(organisationId, since, until),
  );
  return rows[0] ?? { total: 0, failed: 0, charged_back: 0 };
}

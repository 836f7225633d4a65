/**
 * Whose rows a background run takes: one organisation's (a sandbox test clock's advance, decision
 * 0079), or everyone's but the organisations that have a test clock, whose time is their own.
 * Absent: everyone's.
 */
export type OrganisationScope = { organisationId: string } | { exceptOrganisations: readonly string[] };

/** The scope as a condition on `organisation_id` (parameter `$n`), and its value. */
export function organisationCondition(
  scope: OrganisationScope | undefined,
  n: number,
): { sql: string; values: unknown[] } {
  if (!scope) return { sql: 'true', values: [] };
  if ('organisationId' in scope) return { sql: `organisation_id = $${n}`, values: [scope.organisationId] };
  return { sql: `NOT (organisation_id = ANY($${n}))`, values: [scope.exceptOrganisations] };
}

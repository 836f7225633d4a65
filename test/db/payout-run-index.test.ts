import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDuePayouts } from '../../server/domain/payouts/queries';
import { createTestDatabase } from '../support/database';
import { recordStatements } from '../support/statement-log';

/**
 * The payout run looks for due pending payouts twice a second (migration 0074): it must read an
 * index holding only pending payouts, never walk every payout ever made.
 */
let recorded: ReturnType<typeof recordStatements>;

beforeAll(async () => {
  recorded = recordStatements(await createTestDatabase());
});
afterAll(() => recorded?.db.close());

describe('the payout run’s look for due payouts', () => {
  it('reads the pending payouts’ own index', async () => {
    await recorded.db.transaction((tx) => lockDuePayouts(tx, '2026-11-25', 100));
    const query = recorded.queries.find((q) => /FROM payouts WHERE status = 'pending'/.test(q.text))!;
    const plan = await recorded.db.transaction(async (tx) => {
      // Discouraged, not forbidden: with a sequential scan left the planner has no index to use.
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${query.text}`, query.params);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/payouts_pending/);
    expect(plan).not.toMatch(/payouts_pkey/);
  });
});

import { describe, expect, it } from 'vitest';
import { useCliStore } from '../support/cli-store';

/** `npm run cli -- exports create …` as a real process on the store under test (decision 0037). */
const { cli } = useCliStore('exports');

describe('npm run cli -- exports', () => {
  it('queues an export for an organisation; refuses bad input and an unknown organisation', async () => {
    const organisation = await cli('organisations', 'create', '--name', 'Export Ltd');
    expect(organisation.code, organisation.stderr).toBe(0);
    const id = organisation.json.id as string;
    const args = ['--organisation', id, '--from', '2026-01-01', '--to', '2026-02-01'];
    const created = await cli('exports', 'create', '--type', 'payments', ...args);
    expect(created.code, created.stderr).toBe(0);
    expect(created.json).toMatchObject({ export_type: 'payments_index', currency: 'GBP', status: 'pending' });
    expect(created.json.id).toMatch(/^EX[0-9A-Z]{26}$/);

    const breakdown = await cli('exports', 'create', '--type', 'payout_transactions_reconciliation', ...args);
    expect(breakdown.code, breakdown.stderr).toBe(0);
    expect(breakdown.json).toMatchObject({ export_type: 'payout_transactions_reconciliation', status: 'pending' });
    // Decision 0040: no partner apps here, so their exports are refused, not answered empty.
    const partner = await cli('exports', 'create', '--type', 'partner_fees', ...args);
    expect(partner.code).toBe(64);
    expect(partner.stderr).toContain('no partner apps');

    expect((await cli('exports', 'create', '--type', 'mandates', ...args)).code).toBe(64);
    expect((await cli('exports', 'create', '--type', 'payments', '--organisation', id)).code).toBe(64);
    const backwards = ['--organisation', id, '--from', '2026-02-01', '--to', '2026-01-01'];
    const refused = await cli('exports', 'create', '--type', 'refunds', ...backwards);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('validation_failed');
    const unknown = ['--organisation', 'OR00000000000000000000000000', '--from', '2026-01-01', '--to', '2026-02-01'];
    const missing = await cli('exports', 'create', '--type', 'events', ...unknown);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('resource_not_found');
  }, 300_000);
});

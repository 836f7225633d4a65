import { describe, expect, it } from 'vitest';
import { useCliStore } from '../support/cli-store';

/** `npm run cli -- limits set …` as a real process on the store under test. */
const { cli } = useCliStore('limits');

describe('npm run cli -- limits', () => {
  it("sets a creditor's negative balance limit per currency, replacing the previous one", async () => {
    const org = (await cli('organisations', 'create', '--name', 'Limits Ltd')).json;
    const creditor = (await cli('creditors', 'create', '--organisation', org.id, '--name', 'Limits Ltd')).json;
    const first = await cli('limits', 'set', '--creditor', creditor.id, '--currency', 'gbp', '--limit', '5000');
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ creditor_id: creditor.id, currency: 'GBP', balance_limit: 5000 });
    expect(first.json.id).toMatch(/^NBL[0-9A-Z]{26}$/);
    const second = await cli('limits', 'set', '--creditor', creditor.id, '--currency', 'GBP', '--limit', '0');
    expect(second.json).toMatchObject({ currency: 'GBP', balance_limit: 0 });

    expect((await cli('limits', 'set', '--creditor', creditor.id, '--currency', 'XXX', '--limit', '1')).code).toBe(64);
    expect((await cli('limits', 'set', '--currency', 'GBP', '--limit', '1')).code).toBe(64);
    const unknown = await cli(
      'limits',
      'set',
      '--creditor',
      'CR00000000000000000000000000',
      '--currency',
      'GBP',
      '--limit',
      '1',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('resource_not_found');
    // Each run is a process migrating its store: slower than the default test timeout.
  }, 180_000);

  it("switches a creditor's second approver for outbound payments on and off", async () => {
    const org = (await cli('organisations', 'create', '--name', 'Approvals Ltd')).json;
    const creditor = (await cli('creditors', 'create', '--organisation', org.id, '--name', 'Approvals Ltd')).json;
    const on = await cli('limits', 'outbound-approval', '--creditor', creditor.id);
    expect(on.code).toBe(0);
    expect(on.json).toEqual({ creditor_id: creditor.id, outbound_payments_require_approval: true });
    const off = await cli('limits', 'outbound-approval', '--creditor', creditor.id, '--revoke');
    expect(off.json).toEqual({ creditor_id: creditor.id, outbound_payments_require_approval: false });
    expect((await cli('limits', 'outbound-approval')).code).toBe(64);
    const unknown = await cli('limits', 'outbound-approval', '--creditor', 'CR00000000000000000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('resource_not_found');
  }, 180_000);

  it('sets and clears the currency a creditor is paid in where it has no payout account (decision 0041)', async () => {
    const org = (await cli('organisations', 'create', '--name', 'FX Ltd')).json;
    const creditor = (await cli('creditors', 'create', '--organisation', org.id, '--name', 'FX Ltd')).json;
    const set = await cli('limits', 'fx-payout-currency', '--creditor', creditor.id, '--currency', 'eur');
    expect(set.code, set.stderr).toBe(0);
    expect(set.json).toEqual({ creditor_id: creditor.id, fx_payout_currency: 'EUR' });
    const cleared = await cli('limits', 'fx-payout-currency', '--creditor', creditor.id, '--currency', 'none');
    expect(cleared.json).toEqual({ creditor_id: creditor.id, fx_payout_currency: null });
    expect((await cli('limits', 'fx-payout-currency', '--creditor', creditor.id, '--currency', 'XXX')).code).toBe(64);
    expect((await cli('limits', 'fx-payout-currency', '--currency', 'EUR')).code).toBe(64);
    const unknown = await cli(
      'limits',
      'fx-payout-currency',
      '--creditor',
      'CR00000000000000000000000000',
      '--currency',
      'EUR',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('resource_not_found');
  }, 180_000);
});

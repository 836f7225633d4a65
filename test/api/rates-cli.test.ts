import { describe, expect, it } from 'vitest';
import { useCliStore } from '../support/cli-store';

/** `npm run cli -- rates …` as a real process on the store under test. */
const { cli } = useCliStore('rates');

describe('npm run cli -- rates', () => {
  it('sets a currency pair’s exchange rate and lists it; refuses bad input', async () => {
    const set = await cli('rates', 'set', '--source', 'gbp', '--target', 'EUR', '--rate', '1.1512');
    expect(set.code, set.stderr).toBe(0);
    expect(set.json).toMatchObject({ source: 'GBP', target: 'EUR', rate: '1.1512' });
    const list = await cli('rates', 'list', '--source', 'GBP', '--target', 'EUR');
    expect(list.json).toEqual([expect.objectContaining({ rate: '1.1512' })]);
    expect((await cli('rates', 'set', '--source', 'GBP', '--rate', '1')).code).toBe(64);
    const refused = await cli('rates', 'set', '--source', 'GBP', '--target', 'XXX', '--rate', '1');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('validation_failed');
  }, 180_000);

  it('activates a scheme identifier; an unknown one is not found', async () => {
    expect((await cli('scheme-identifiers', 'activate')).code).toBe(64);
    const unknown = await cli('scheme-identifiers', 'activate', 'SU00000000000000000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('resource_not_found');
  }, 180_000);

  it('sets the funds the sandbox’s simulated bank reports for an account; refuses bad input', async () => {
    expect((await cli('sandbox-funds', 'set', '--amount', '5')).code).toBe(64);
    expect((await cli('sandbox-funds', 'set', '--bank-account', 'BA1', '--amount', '1.5')).code).toBe(64);
    const unknown = await cli(
      'sandbox-funds',
      'set',
      '--bank-account',
      'BA00000000000000000000000000',
      '--amount',
      '5',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('resource_not_found');
  }, 180_000);
});

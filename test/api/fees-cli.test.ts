import { describe, expect, it } from 'vitest';
import { useCliStore } from '../support/cli-store';

/** `npm run cli -- fees …` as a real process on the store under test: the operator's fee schedule. */
const { cli } = useCliStore('fees');

describe('npm run cli -- fees', () => {
  it('shows the default, sets an organisation’s own schedule, and refuses bad values', async () => {
    const org = (await cli('organisations', 'create', '--name', 'Fees Ltd')).json;
    expect((await cli('fees', 'show', '--organisation', org.id)).json).toEqual({
      percentBasisPoints: 100,
      fixedMinor: 20,
      capMinor: 400,
    });
    const set = await cli(
      'fees',
      'set',
      '--organisation',
      org.id,
      '--percent-bps',
      '150',
      '--fixed',
      '25',
      '--cap',
      'none',
    );
    expect(set.code).toBe(0);
    expect((await cli('fees', 'show', '--organisation', org.id)).json).toEqual({
      percentBasisPoints: 150,
      fixedMinor: 25,
      capMinor: null,
    });
    for (const bad of [
      ['--percent-bps', '10001', '--fixed', '0'],
      ['--percent-bps', 'x', '--fixed', '0'],
      ['--percent-bps', '100', '--fixed', '1.5'],
      ['--percent-bps', '100'],
    ]) {
      expect((await cli('fees', 'set', '--organisation', org.id, ...bad)).code).toBe(64);
    }
    expect(
      (await cli('fees', 'set', '--organisation', 'OR00000000000000000000000000', '--percent-bps', '1', '--fixed', '1'))
        .code,
    ).toBe(64);
    expect((await cli('fees', 'show', '--organisation', org.id)).json.percentBasisPoints).toBe(150);
  }, 120_000);
});

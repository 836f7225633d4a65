import { describe, expect, it } from 'vitest';
import { createTokenUse } from '../../server/domain/access/token-use';

/** The access tokens' uses between two flushes: the newest per token, taken once, put back on failure. */
describe('token use batch', () => {
  it('keeps the newest use of each token until taken, then starts a new batch', () => {
    const uses = createTokenUse();
    uses.saw('AT1', new Date('2026-01-01T10:00:00Z'));
    uses.saw('AT1', new Date('2026-01-01T09:00:00Z'));
    uses.saw('AT2', new Date('2026-01-01T11:00:00Z'));
    expect(uses.pendingOf('AT1')).toEqual(new Date('2026-01-01T10:00:00Z'));
    const taken = uses.take();
    expect([...taken.entries()]).toEqual([
      ['AT1', new Date('2026-01-01T10:00:00Z')],
      ['AT2', new Date('2026-01-01T11:00:00Z')],
    ]);
    expect(uses.pendingOf('AT1')).toBeUndefined();
    expect(uses.take().size).toBe(0);
  });

  it('puts a failed batch back without losing a newer use seen meanwhile', () => {
    const uses = createTokenUse();
    uses.saw('AT1', new Date('2026-01-01T10:00:00Z'));
    const taken = uses.take();
    uses.saw('AT1', new Date('2026-01-01T12:00:00Z'));
    uses.restore(taken);
    expect(uses.pendingOf('AT1')).toEqual(new Date('2026-01-01T12:00:00Z'));
  });
});

import { describe, expect, it } from 'vitest';
import { NOTICE_MACHINE } from '../../../server/domain/notifications/state';
import { walkMachine } from './walk';

/** A taken-over notice's one merchant move (decision 0038): handled while pending, answered again once handled. */
describe('customer notification moves', () => {
  walkMachine(NOTICE_MACHINE, {
    handle: { from: ['pending'], to: 'handled', refused: 'already_actioned' },
  });

  it('answers a repeated handle with the notice unchanged, and writes no event', () => {
    expect(NOTICE_MACHINE.moves.handle.idempotent).toBe(true);
    expect(NOTICE_MACHINE.moves.handle.event).toBeNull();
  });
});

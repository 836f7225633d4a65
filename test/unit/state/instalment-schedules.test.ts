import { describe } from 'vitest';
import { INSTALMENT_SCHEDULE_MACHINE } from '../../../server/domain/instalment-schedules/state';
import { walkMachine } from './walk';

/**
 * The spec: an instalment schedule is cancellable until completed or cancelled
 * (`cancellation_failed`); only an active one completes, when its last instalment is paid out,
 * and a completion that lost the race to a cancel is refused with `status_changed`.
 */
describe('instalment schedule moves', () => {
  walkMachine(INSTALMENT_SCHEDULE_MACHINE, {
    cancel: { from: ['pending', 'active'], to: 'cancelled', refused: 'cancellation_failed' },
    complete: { from: ['active'], to: 'completed', refused: 'status_changed' },
  });
});

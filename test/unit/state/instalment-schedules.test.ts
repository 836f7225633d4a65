import { describe } from 'vitest';
import { INSTALMENT_SCHEDULE_MACHINE } from '../../../server/domain/instalment-schedules/state';
import { walkMachine } from './walk';

/** The spec: an instalment schedule is cancellable until completed or cancelled (`cancellation_failed`). */
describe('instalment schedule moves', () => {
  walkMachine(INSTALMENT_SCHEDULE_MACHINE, {
    cancel: { from: ['pending', 'active'], to: 'cancelled', refused: 'cancellation_failed' },
  });
});

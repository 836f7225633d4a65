import { describe } from 'vitest';
import { EXPORT_MACHINE } from '../../../server/domain/exports/state';
import { walkMachine } from './walk';

/** An export is started by the worker, then completed after its last page or failed (decision 0037). */
describe('export moves', () => {
  walkMachine(EXPORT_MACHINE, {
    start: { from: ['pending'], to: 'processing', refused: 'status_changed' },
    complete: { from: ['processing'], to: 'completed', refused: 'status_changed' },
    fail: { from: ['pending', 'processing'], to: 'failed', refused: 'status_changed' },
  });
});

import { defineMachine } from '../shared/state-machine';
import { exportsTable } from './queries';
import { EXPORT_STATUSES, type ExportRow, type ExportStatus } from './types';

/**
 * An export is `pending` until the worker takes it (`started`), then `completed` once its last page
 * is written or `failed` with an error message. The events are the public API's three.
 */
export const EXPORT_MACHINE = defineMachine<ExportStatus, 'start' | 'complete' | 'fail', ExportRow>({
  table: exportsTable,
  resourceType: 'exports',
  statuses: EXPORT_STATUSES,
  moves: {
    start: {
      from: ['pending'],
      to: 'processing',
      event: 'started',
      cause: 'export_started',
      refused: 'status_changed',
    },
    complete: {
      from: ['processing'],
      to: 'completed',
      event: 'completed',
      cause: 'export_completed',
      refused: 'status_changed',
    },
    fail: {
      from: ['pending', 'processing'],
      to: 'failed',
      event: 'failed',
      cause: 'export_failed',
      refused: 'status_changed',
    },
  },
  links: (row) => ({ export: row.id }),
});

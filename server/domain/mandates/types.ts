import type { RowOf } from '../shared/table';
import type { mandatesTable } from './queries';

/** A row of `mandates` as stored: its table's declaration. */
export type MandateRow = RowOf<typeof mandatesTable>;

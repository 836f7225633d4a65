import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportMandates } from '../.server/dashboard/records-csv';

/** The mandates list, as filtered, streamed as CSV (a resource route: no page of its own). */
export const loader = (args: LoaderFunctionArgs) => exportMandates(args);

import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportPayments } from '../.server/dashboard/records-csv';

/** The payments list, as filtered, streamed as CSV (a resource route: no page of its own). */
export const loader = (args: LoaderFunctionArgs) => exportPayments(args);

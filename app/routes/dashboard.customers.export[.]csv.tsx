import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportCustomers } from '../.server/dashboard/records-csv';

/** The customers list, as filtered and searched, streamed as CSV (a resource route: no page of its own). */
export const loader = (args: LoaderFunctionArgs) => exportCustomers(args);

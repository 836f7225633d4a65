import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportMoney } from '../.server/dashboard/money-records';

/** The instalment-schedules list, as filtered, streamed as CSV (a resource route: no page of its own). */
export const loader = (args: LoaderFunctionArgs) => exportMoney(args, 'instalment-schedules');

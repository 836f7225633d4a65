import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportEvents } from '../.server/dashboard/developer-tools';

/** The events explorer's list, as filtered, streamed as CSV (a resource route: no page of its own). */
export const loader = (args: LoaderFunctionArgs) => exportEvents(args);

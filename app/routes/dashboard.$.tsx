import type { LoaderFunctionArgs } from '@remix-run/node';
import { dashboardError, languageOf } from '../.server/dashboard/guard';

/** Any other address under /dashboard: the dashboard's own 404 page. */
export const loader = ({ request }: LoaderFunctionArgs) => dashboardError(404, languageOf(request), 'not_found');
export const action = loader;

export default function NotFound() {
  return null;
}

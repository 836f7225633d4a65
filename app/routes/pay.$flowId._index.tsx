import type { LoaderFunctionArgs } from '@remix-run/node';
import { enterFlow } from '../.server/steps/navigation';

/**
 * The flow's link (`authorisation_url`): starts the payer's session, records the visit once,
 * and sends them to the step they are on.
 */
export const loader = (args: LoaderFunctionArgs) => enterFlow(args);

/** Never rendered (the loader always redirects); it makes this a page route, so an unknown flow gets the error page. */
export default function FlowLink() {
  return null;
}

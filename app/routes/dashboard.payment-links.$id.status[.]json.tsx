import type { LoaderFunctionArgs } from '@remix-run/node';
import { paymentLinkStatus } from '../.server/dashboard/payment-links';

/** A payment link's progress as JSON, for its page's live status (a resource route: no page of its own). */
export const loader = (args: LoaderFunctionArgs) => paymentLinkStatus(args);

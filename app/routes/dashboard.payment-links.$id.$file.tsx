import type { LoaderFunctionArgs } from '@remix-run/node';
import { paymentLinkQr } from '../.server/dashboard/payment-links';

/** A payment link's QR code, `qr.png` or `qr.svg` (a resource route: no page of its own). */
export const loader = (args: LoaderFunctionArgs) => paymentLinkQr(args);

import type { LoaderFunctionArgs } from '@remix-run/node';
import { templateQrCode } from '../.server/template-link';

/** The template's link as a PNG QR code, for printing (a resource route: no page). */
export const loader = (args: LoaderFunctionArgs) => templateQrCode(args, 'png');

import type { LoaderFunctionArgs } from '@remix-run/node';
import { templateQrCode } from '../.server/template-link';

/** The template's link as an SVG QR code, to scale to any print size (a resource route: no page). */
export const loader = (args: LoaderFunctionArgs) => templateQrCode(args, 'svg');

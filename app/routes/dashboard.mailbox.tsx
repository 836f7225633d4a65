import type { LoaderFunctionArgs } from '@remix-run/node';
import { openMailbox } from '../.server/dashboard/mailbox';

/** `/dashboard/mailbox`: the signed-in user's pass to their organisation's sandbox mail. */
export const loader = (args: LoaderFunctionArgs) => openMailbox(args);

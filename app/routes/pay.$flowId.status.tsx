import type { LoaderFunctionArgs } from '@remix-run/node';
import { flowStatus } from '../.server/steps/navigation';

/** For the bank step's live status (JavaScript): where the payer belongs now. */
export const loader = (args: LoaderFunctionArgs) => flowStatus(args);

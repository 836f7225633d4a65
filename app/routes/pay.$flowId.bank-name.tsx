import type { LoaderFunctionArgs } from '@remix-run/node';
import { bankNameLookup } from '../.server/steps/account';

/** The bank of a sort code or IBAN, for the account step's live hint (JSON, no page). */
export const loader = (args: LoaderFunctionArgs) => bankNameLookup(args);

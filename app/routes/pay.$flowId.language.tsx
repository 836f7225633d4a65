import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { backToStep, switchLanguage } from '../.server/steps/navigation';

/** The language switch: remembered in the session, then back to the step the payer is on. */
export const action = (args: ActionFunctionArgs) => switchLanguage(args);

export const loader = (args: LoaderFunctionArgs) => backToStep(args);

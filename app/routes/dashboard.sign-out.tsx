import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signOut } from '../.server/dashboard/account';

/** Sign out is a POST with the CSRF token (from the header's form, or "everywhere" on Security). */
export const action = (args: ActionFunctionArgs) => signOut(args);

export const loader = () => redirect('/dashboard', 303);

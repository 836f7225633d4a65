import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { presentMoneyCancel, submitMoneyCancel } from '../.server/dashboard/money-actions';
import { MoneyCancel, moneyCancelMeta } from '../components/MoneyRecords';

/** Asks before an admin cancels one of the billing-requests (a viewer's POST is the 403 page). */
export const loader = (args: LoaderFunctionArgs) => presentMoneyCancel(args, 'billing-requests');
export const action = (args: ActionFunctionArgs) => submitMoneyCancel(args, 'billing-requests');
export const meta = moneyCancelMeta;
export default MoneyCancel;

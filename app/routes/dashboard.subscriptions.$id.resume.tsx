import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { presentMoneyCancel, submitMoneyCancel } from '../.server/dashboard/money-actions';
import { MoneyCancel, moneyCancelMeta } from '../components/MoneyRecords';

/** Asks before an admin resumes one of the subscriptions (a viewer's POST is the 403 page). */
export const loader = (args: LoaderFunctionArgs) => presentMoneyCancel(args, 'subscriptions', 'resume');
export const action = (args: ActionFunctionArgs) => submitMoneyCancel(args, 'subscriptions', 'resume');
export const meta = moneyCancelMeta;
export default MoneyCancel;

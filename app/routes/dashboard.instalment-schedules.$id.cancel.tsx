import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { presentMoneyCancel, submitMoneyCancel } from '../.server/dashboard/money-actions';
import { MoneyCancel, moneyCancelMeta } from '../components/MoneyRecords';

/** Asks before an admin cancels one of the instalment-schedules (a viewer's POST is the 403 page). */
export const loader = (args: LoaderFunctionArgs) => presentMoneyCancel(args, 'instalment-schedules');
export const action = (args: ActionFunctionArgs) => submitMoneyCancel(args, 'instalment-schedules');
export const meta = moneyCancelMeta;
export default MoneyCancel;

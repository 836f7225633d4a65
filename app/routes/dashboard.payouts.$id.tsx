import type { LoaderFunctionArgs } from '@remix-run/node';
import { presentMoneyRecord } from '../.server/dashboard/money-records';
import { MoneyRecord, moneyRecordMeta } from '../components/MoneyRecords';

/** One of the payouts with its events (another organisation's is 404). */
export const loader = (args: LoaderFunctionArgs) => presentMoneyRecord(args, 'payouts');
export const meta = moneyRecordMeta;
export default MoneyRecord;

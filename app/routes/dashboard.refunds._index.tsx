import type { LoaderFunctionArgs } from '@remix-run/node';
import { presentMoneyList } from '../.server/dashboard/money-records';
import { MoneyList, moneyListMeta } from '../components/MoneyRecords';

/** The refunds list: filters as the API's, search, cursor pages (`app/components/MoneyRecords.tsx`). */
export const loader = (args: LoaderFunctionArgs) => presentMoneyList(args, 'refunds');
export const meta = moneyListMeta;
export default MoneyList;

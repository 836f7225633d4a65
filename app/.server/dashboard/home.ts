import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { noStore, signedIn } from './guard';

/**
 * The home page's view: balances, and for each currency collected in the last 90 days one row per
 * day (days with nothing are zero, so the chart and its table show the whole period), with the
 * bars' heights worked out here so the page only draws.
 */
export interface CollectedSeries {
  currency: string;
  days: { day: string; amount: number; height: number }[];
  max: number;
  total: number;
}

function daysBetween(since: string, today: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${since}T00:00:00Z`); t <= Date.parse(`${today}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export async function presentHome(args: LoaderFunctionArgs) {
  const { user, session, language } = await signedIn(args);
  const summary = await args.context.services.dashboardHome.summary(args.context.services.db, user.organisation_id);
  const days = daysBetween(summary.since, summary.today);
  const currencies = [...new Set(summary.collected.map((c) => c.currency))].sort();
  const series: CollectedSeries[] = currencies.map((currency) => {
    const byDay = new Map(summary.collected.filter((c) => c.currency === currency).map((c) => [c.day, c.amount]));
    const amounts = days.map((day) => ({ day, amount: byDay.get(day) ?? 0 }));
    const max = Math.max(...amounts.map((a) => a.amount), 1);
    return {
      currency,
      max,
      total: amounts.reduce((sum, a) => sum + a.amount, 0),
      days: amounts.map((a) => ({ ...a, height: Math.round((a.amount / max) * 100) })),
    };
  });
  const balances = summary.balances.map((b) => ({
    creditor: b.creditor,
    type: b.balance_type,
    currency: b.currency,
    amount: b.amount,
  }));
  const rate = (count: number) => (summary.total ? `${((count / summary.total) * 100).toFixed(1)}%` : '0.0%');
  return json(
    {
      frame: { language, csrf: session.csrf, email: user.email, role: user.role },
      since: summary.since,
      today: summary.today,
      balances,
      // Money owed back (a failure or chargeback after payout): it needs the merchant's attention.
      negative: balances.filter((b) => b.amount < 0),
      series,
      total: summary.total,
      failed: { count: summary.failed, rate: rate(summary.failed) },
      chargedBack: { count: summary.chargedBack, rate: rate(summary.chargedBack) },
    },
    { headers: noStore() },
  );
}

import type { DashboardTranslate } from '../../i18n/dashboard';

export interface Series {
  currency: string;
  days: { day: string; amount: number; height: number }[];
  total: number;
}

/** Minor units as the currency writes them, in the page's language. */
export const formatMoney = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);

/**
 * Money collected per day, drawn on the server as an SVG bar chart (no JavaScript), with the same
 * numbers in a table beside it: the chart is named for screen readers and the table is what they read.
 */
export function CollectedChart({
  series,
  since,
  today,
  language,
  t,
}: {
  series: Series;
  since: string;
  today: string;
  language: string;
  t: DashboardTranslate;
}) {
  const width = 3 * series.days.length;
  const caption = t('home.collected_chart', { currency: series.currency, since, today });
  const withMoney = series.days.filter((d) => d.amount > 0);
  return (
    <figure className="dash-chart">
      <svg viewBox={`0 0 ${width} 100`} role="img" aria-label={caption} preserveAspectRatio="none" height="160">
        <line x1="0" y1="100" x2={width} y2="100" stroke="currentColor" strokeWidth="0.5" />
        {series.days.map((d, i) =>
          d.height > 0 ? (
            <rect key={d.day} x={i * 3} y={100 - d.height} width="2" height={d.height} fill="currentColor" />
          ) : null,
        )}
      </svg>
      <div className="dash-chart-table">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.day')}</th>
              <th scope="col">{t('home.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {withMoney.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{formatMoney(d.amount, series.currency, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

import type { DashboardTranslate } from '../../i18n/dashboard';

export interface Series {
  currency: string;
  /** Every day of the period, oldest first; `height` is the day's share of `max`, in percent. */
  days: { day: string; amount: number; height: number }[];
  max: number;
  total: number;
}

/** Minor units as the currency writes them, in the page's language. */
export const formatMoney = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);

// The drawing's own units (the SVG scales to its width, keeping its proportions, so text is not stretched).
const LEFT = 88;
const TOP = 10;
const PLOT_HEIGHT = 160;
const SLOT = 8;
const BOTTOM = 34;

/**
 * Money collected per day, drawn on the server as an SVG bar chart (no JavaScript): one bar per
 * day, a money axis (nothing, half the largest day, the largest day) and a day axis (first, middle
 * and last day). The same numbers are the table under it: the chart is named for screen readers
 * and the table is what they read.
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
  const plotWidth = SLOT * series.days.length;
  const width = LEFT + plotWidth + SLOT;
  const base = TOP + PLOT_HEIGHT;
  const caption = t('home.collected_chart', { currency: series.currency, since, today });
  const withMoney = series.days.filter((d) => d.amount > 0);
  const ticks = [0, 0.5, 1].map((share) => ({ y: base - share * PLOT_HEIGHT, amount: Math.round(series.max * share) }));
  const middle = Math.floor((series.days.length - 1) / 2);
  const dayTicks = [
    { i: 0, anchor: 'start' },
    { i: middle, anchor: 'middle' },
    { i: series.days.length - 1, anchor: 'end' },
  ] as const;
  return (
    <figure className="dash-chart">
      <svg viewBox={`0 0 ${width} ${base + BOTTOM}`} role="img" aria-label={caption} data-testid="collected-chart">
        <g className="axis" data-axis="money" fontSize="12" textAnchor="end">
          <line x1={LEFT} y1={TOP} x2={LEFT} y2={base} stroke="currentColor" />
          {ticks.map((tick) => (
            <g key={tick.y}>
              <line x1={LEFT - 4} y1={tick.y} x2={width} y2={tick.y} stroke="currentColor" strokeOpacity="0.2" />
              <text x={LEFT - 8} y={tick.y + 4} fill="currentColor">
                {formatMoney(tick.amount, series.currency, language)}
              </text>
            </g>
          ))}
        </g>
        <g className="axis" data-axis="day" fontSize="12">
          <line x1={LEFT} y1={base} x2={width} y2={base} stroke="currentColor" />
          {dayTicks.map(({ i, anchor }) => (
            <text key={i} x={LEFT + i * SLOT + SLOT / 2} y={base + 22} textAnchor={anchor} fill="currentColor">
              {series.days[i]!.day}
            </text>
          ))}
        </g>
        <g className="bars">
          {series.days.map((d, i) => {
            const height = (d.height / 100) * PLOT_HEIGHT;
            return (
              <rect
                key={d.day}
                data-day={d.day}
                x={LEFT + i * SLOT + 1}
                y={base - height}
                width={SLOT - 2}
                height={height}
              />
            );
          })}
        </g>
      </svg>
      <div className="table-scroll dash-chart-table" role="region" aria-label={caption} tabIndex={0}>
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
          <tfoot>
            <tr>
              <th scope="row">{t('home.total')}</th>
              <td>{formatMoney(series.total, series.currency, language)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </figure>
  );
}

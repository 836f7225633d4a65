import type { Translate } from '../../i18n/flow';

export interface OrderSummaryData {
  payee: string;
  lines: string[];
  description: string | null;
  reference: string | null;
}

/**
 * What the payer pays and to whom, on every step. Open as the page arrives (so it is read without
 * JavaScript too); payer.js folds it on a narrow screen, where the form matters more. Folded, its
 * one line still says whom the payer pays, how much and how often (issue #38.3): only the details
 * fold away.
 */
export function OrderSummary({ summary, t }: { summary: OrderSummaryData; t: Translate }) {
  const line = summary.lines.length
    ? t('summary.line', { payee: summary.payee, what: summary.lines.join(', ') })
    : summary.payee;
  return (
    <details className="order-summary" open data-fold-narrow>
      <summary>
        <span className="order-summary-title">{t('summary.title')}</span>
        <span className="order-summary-line">{line}</span>
      </summary>
      <dl className="summary-list">
        <div>
          <dt>{t('summary.payee')}</dt>
          <dd>{summary.payee}</dd>
        </div>
        {summary.lines.length ? (
          <div>
            <dt>{t('summary.what')}</dt>
            <dd>
              {summary.lines.map((line) => (
                <span key={line} className="summary-line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {summary.description ? (
          <div>
            <dt>{t('summary.description')}</dt>
            <dd>{summary.description}</dd>
          </div>
        ) : null}
        {summary.reference ? (
          <div>
            <dt>{t('summary.reference')}</dt>
            <dd>{summary.reference}</dd>
          </div>
        ) : null}
      </dl>
    </details>
  );
}

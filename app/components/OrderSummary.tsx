import type { Translate } from '../i18n';

export interface OrderSummaryData {
  payee: string;
  lines: string[];
  description: string | null;
  reference: string | null;
}

/**
 * What the payer pays and to whom, on every step. Open as the page arrives (so it is read without
 * JavaScript too); payer.js folds it on a narrow screen, where the form matters more.
 */
export function OrderSummary({ summary, t }: { summary: OrderSummaryData; t: Translate }) {
  return (
    <details className="order-summary" open data-fold-narrow>
      <summary>{t('summary.title')}</summary>
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

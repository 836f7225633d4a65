import type { ReactNode } from 'react';
import { OrderSummary, type OrderSummaryData } from './OrderSummary';
import { LANGUAGE_NAMES, LANGUAGES, translator, type Language } from '../i18n';

export interface PayerPageProps {
  language: Language;
  creditorName: string;
  flowId: string;
  csrf?: string;
  title: string;
  /** 1-based position among the payer's steps, when on one. */
  progress?: { current: number; total: number; name?: string };
  /** The creditor's postal address, for the footer. */
  creditorContact?: string;
  /** The previous step, when the payer may go back to it. */
  backHref?: string;
  /** The "Cancel" link (to the page that asks to confirm), on steps the payer can give up. */
  cancelHref?: string;
  /** What is paid and to whom, shown above the step's content. */
  summary?: OrderSummaryData;
  /** In the drop-in: the merchant page's origin, for the enhancement script's messages to it. */
  dropinOrigin?: string;
  children: ReactNode;
}

/**
 * The frame of every hosted page: who is being paid, the language switch (a plain form, so it
 * works without JavaScript), progress, and the page's main content.
 */
export function PayerPage({
  language,
  creditorName,
  flowId,
  csrf,
  title,
  progress,
  cancelHref,
  backHref,
  creditorContact,
  summary,
  dropinOrigin,
  children,
}: PayerPageProps) {
  const t = translator(language);
  return (
    <>
      {dropinOrigin ? <div hidden data-dropin-parent={dropinOrigin} /> : null}
      <header className="payer-header">
        <p className="payee">{t('common.paying', { creditor: creditorName })}</p>
        {csrf ? (
          <form method="post" action={`/pay/${flowId}/language`} className="language-switch" data-autosubmit>
            <input type="hidden" name="csrf" value={csrf} />
            <label htmlFor="language">{t('common.language')}</label>
            <select id="language" name="language" defaultValue={language}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
            <button type="submit" className="secondary">
              {t('common.change_language')}
            </button>
          </form>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {backHref ? (
          <a className="back-link" href={backHref}>
            {t('common.back')}
          </a>
        ) : null}
        {progress ? (
          <p className="progress">
            {progress.name ? `${t('common.step', progress)} — ${progress.name}` : t('common.step', progress)}
          </p>
        ) : null}
        <h1>{title}</h1>
        {summary ? <OrderSummary summary={summary} t={t} /> : null}
        {children}
        {cancelHref ? (
          <p className="cancel-link">
            <a href={cancelHref}>{t('cancel.link')}</a>
          </p>
        ) : null}
      </main>
      <footer className="payer-footer">
        {creditorContact ? <p>{t('common.contact', { creditor: creditorName, address: creditorContact })}</p> : null}
        <p>{t('common.secured')}</p>
        <p>
          <a href={`/accessibility?lang=${language}`}>{t('common.accessibility')}</a>
        </p>
      </footer>
    </>
  );
}

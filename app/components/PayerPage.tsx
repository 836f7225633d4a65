import type { ReactNode } from 'react';
import { LANGUAGES, type Language } from '../../server/i18n/languages';
import { LANGUAGE_NAMES, translator } from '../i18n';

export interface PayerPageProps {
  language: Language;
  creditorName: string;
  flowId: string;
  csrf?: string;
  title: string;
  /** 1-based position among the payer's steps, when on one. */
  progress?: { current: number; total: number };
  children: ReactNode;
}

/**
 * The frame of every hosted page: who is being paid, the language switch (a plain form, so it
 * works without JavaScript), progress, and the page's main content.
 */
export function PayerPage({ language, creditorName, flowId, csrf, title, progress, children }: PayerPageProps) {
  const t = translator(language);
  return (
    <>
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
        {progress ? <p className="progress">{t('common.step', progress)}</p> : null}
        <h1>{title}</h1>
        {children}
      </main>
      <footer className="payer-footer">
        <p>{t('common.secured')}</p>
      </footer>
    </>
  );
}

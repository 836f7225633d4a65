import type { ReactNode } from 'react';
import { DirectDebitMark } from './DirectDebitMark';
import { OrderSummary, type OrderSummaryData } from './OrderSummary';
import { LANGUAGE_NAMES, LANGUAGES, translator, type Language, type Translate } from '../../i18n/flow';

/** The creditor's branding (decision 0033): a logo drawn at the given size, and its theme's stylesheet. */
export interface PageBrand {
  logo?: { url: string; width: number; height: number };
  themeUrl?: string;
}

/** How payers reach the creditor, for every page's footer. */
export interface CreditorContact {
  address?: string;
  email?: string;
  phone?: string;
}

export interface PayerPageProps {
  language: Language;
  creditorName: string;
  flowId: string;
  csrf?: string;
  title: string;
  /** 1-based position among the payer's steps, when on one. */
  progress?: { current: number; total: number; name?: string };
  /** The creditor's address, email and phone, for the footer. */
  creditorContact?: CreditorContact;
  brand?: PageBrand;
  /** The previous step, when the payer may go back to it. */
  backHref?: string;
  /** The "Cancel" link (to the page that asks to confirm), on steps the payer can give up. */
  cancelHref?: string;
  /** What is paid and to whom, shown above the step's content. */
  summary?: OrderSummaryData;
  /** In the drop-in: the merchant page's origin, for the enhancement script's messages to it. */
  dropinOrigin?: string;
  /** Bacs: the page with the Direct Debit Guarantee, linked (by its title) beside the Direct Debit mark. */
  guarantee?: { href: string; label: string };
  /** A confirmation page's panel body (GOV.UK's confirmation panel): the heading is drawn inside it. */
  panel?: ReactNode;
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
  brand,
  panel,
  guarantee,
  children,
}: PayerPageProps) {
  const t = translator(language);
  return (
    <>
      {dropinOrigin ? <div hidden data-dropin-parent={dropinOrigin} /> : null}
      {/* The theme is a stylesheet of its own: the pages' CSP allows no inline style. */}
      {brand?.themeUrl ? <link rel="stylesheet" href={brand.themeUrl} /> : null}
      <header className="payer-header">
        <div className="brand">
          {/* The name beside it says whom the payer pays, so the logo adds no words of its own. */}
          {brand?.logo ? (
            <img
              className="brand-logo"
              src={brand.logo.url}
              width={brand.logo.width}
              height={brand.logo.height}
              alt=""
            />
          ) : null}
          <p className="payee">{t('common.paying', { creditor: creditorName })}</p>
        </div>
        {csrf ? <LanguageMenu flowId={flowId} csrf={csrf} language={language} t={t} /> : null}
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
        {panel ? (
          <div className="panel-confirmation">
            <h1>{title}</h1>
            <div className="panel-body">{panel}</div>
          </div>
        ) : (
          <h1>{title}</h1>
        )}
        {summary ? <OrderSummary summary={summary} t={t} /> : null}
        {children}
        {guarantee ? (
          <p className="direct-debit-guarantee">
            <DirectDebitMark />
            <a href={guarantee.href}>{guarantee.label}</a>
          </p>
        ) : null}
        {cancelHref ? (
          <p className="cancel-link">
            <a href={cancelHref}>{t('cancel.link')}</a>
          </p>
        ) : null}
      </main>
      <footer className="payer-footer">
        <CreditorContactDetails creditor={creditorName} contact={creditorContact} t={t} />
        <FooterNotes language={language} t={t} />
      </footer>
    </>
  );
}

function FooterNotes({ language, t }: { language: Language; t: Translate }) {
  return (
    <>
      <p>{t('common.secured')}</p>
      <p>
        <a href={`/accessibility?lang=${language}`}>{t('common.accessibility')}</a>
      </p>
    </>
  );
}

/**
 * An error page (page not found, a refused form, a failure) under /pay/ in the flow's own frame:
 * its header, heading and footer, for a payer whose link or flow could not be read.
 */
export function PayerErrorFrame({
  language,
  title,
  children,
}: {
  language: Language;
  title: string;
  children: ReactNode;
}) {
  const t = translator(language);
  return (
    <>
      <header className="payer-header">
        <div className="brand">
          <p className="payee">{t('common.secure_payment')}</p>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{title}</h1>
        {children}
      </main>
      <footer className="payer-footer">
        <FooterNotes language={language} t={t} />
      </footer>
    </>
  );
}

/**
 * The language menu: a disclosure naming the current language, opening onto one button per
 * language. Native <details> and a plain form, so it works without JavaScript, and nothing
 * changes until the payer presses a language (no submit on change).
 */
function LanguageMenu({
  flowId,
  csrf,
  language,
  t,
}: {
  flowId: string;
  csrf: string;
  language: Language;
  t: Translate;
}) {
  return (
    <details className="language-menu">
      <summary>
        <span className="visually-hidden">{t('common.language')}: </span>
        <span lang={language}>{LANGUAGE_NAMES[language]}</span>
      </summary>
      <form method="post" action={`/pay/${flowId}/language`}>
        <input type="hidden" name="csrf" value={csrf} />
        <ul aria-label={t('common.change_language')}>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <button
                type="submit"
                name="language"
                value={code}
                lang={code}
                className="link-button"
                aria-current={code === language ? 'true' : undefined}
              >
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}

function CreditorContactDetails({
  creditor,
  contact,
  t,
}: {
  creditor: string;
  contact?: CreditorContact;
  t: Translate;
}) {
  if (!contact || (!contact.address && !contact.email && !contact.phone)) return null;
  return (
    <address className="creditor-contact">
      <span>{t('common.contact_title', { creditor })}</span>
      {contact.address ? <span>{contact.address}</span> : null}
      {contact.email ? (
        <span>
          {t('common.email')}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </span>
      ) : null}
      {contact.phone ? (
        <span>
          {t('common.phone')}: <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
        </span>
      ) : null}
    </address>
  );
}

import type { ReactNode } from 'react';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export interface DashboardFrame {
  language: Language;
  csrf: string;
  email: string;
  role: 'admin' | 'viewer';
}

type Section =
  | 'home'
  | 'payments'
  | 'mandates'
  | 'customers'
  | 'subscriptions'
  | 'instalment-schedules'
  | 'refunds'
  | 'payouts'
  | 'bank-reports'
  | 'billing-requests'
  | 'links'
  | 'developers'
  | 'team'
  | 'settings'
  | 'security';

const href = (id: Section) =>
  id === 'home' ? '/dashboard' : id === 'links' ? '/dashboard/payment-links' : `/dashboard/${id}`;

/**
 * The navigation, grouped so it is one line at 1280 px in every language: a group's link opens its
 * first page, and its pages are a second line while one of them is open.
 */
const NAVIGATION: ({ id: Section } | { group: 'money' | 'customers'; pages: Section[] })[] = [
  { id: 'home' },
  {
    group: 'money',
    pages: ['payments', 'subscriptions', 'instalment-schedules', 'refunds', 'payouts', 'bank-reports'],
  },
  { group: 'customers', pages: ['customers', 'mandates', 'billing-requests', 'links'] },
  { id: 'developers' },
  { id: 'team' },
  { id: 'settings' },
  { id: 'security' },
];

/**
 * The frame of every signed-in dashboard page: who is signed in, the sections (the current one
 * marked with aria-current), sign out as a plain form (a POST with the CSRF token, so no link can
 * sign anyone out), and the page's main content.
 */
export function DashboardPage({
  frame,
  section,
  title,
  children,
}: {
  frame: DashboardFrame;
  /** The section marked current; none for a page reached by its address (an import's authorisation). */
  section?: Section;
  title: string;
  children: ReactNode;
}) {
  const t = dashboardTranslator(frame.language);
  const open = NAVIGATION.find((item) => 'group' in item && section && item.pages.includes(section));
  const item = (id: Section) => (
    <li key={id}>
      <a href={href(id)} aria-current={id === section ? 'page' : undefined}>
        {t(`dash.nav.${id}`)}
      </a>
    </li>
  );
  return (
    <>
      <header className="dash-header">
        <div className="dash-bar">
          <p className="dash-name">{t('dash.name')}</p>
          <p className="dash-user">
            {t('dash.signed_in_as', { email: frame.email, role: t(`dash.role.${frame.role}`) })}
          </p>
          <form method="post" action="/dashboard/sign-out">
            <input type="hidden" name="csrf" value={frame.csrf} />
            <button type="submit" className="secondary">
              {t('dash.sign_out')}
            </button>
          </form>
        </div>
        <nav aria-label={t('dash.nav')}>
          <ul>
            {NAVIGATION.map((entry) =>
              'group' in entry ? (
                <li key={entry.group}>
                  <a href={href(entry.pages[0]!)} aria-current={entry === open ? 'true' : undefined}>
                    {t(`dash.nav.group.${entry.group}`)}
                  </a>
                </li>
              ) : (
                item(entry.id)
              ),
            )}
          </ul>
        </nav>
        {open && 'group' in open ? (
          <nav aria-label={t(`dash.nav.group.${open.group}`)} className="dash-subnav">
            <ul>{open.pages.map(item)}</ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="dash-main">
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}

/** The frame of the pages before sign-in: the product's name and the form. */
export function SignInPage({ language, title, children }: { language: Language; title: string; children: ReactNode }) {
  const t = dashboardTranslator(language);
  return (
    <>
      <header className="dash-header">
        <p className="dash-name">{t('dash.name')}</p>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}

/** A status message after a redirect (`?done=`), announced politely. */
export function Notice({ text }: { text?: string | null }) {
  return text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
}

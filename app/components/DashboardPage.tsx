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
  | 'billing-requests'
  | 'links'
  | 'developers'
  | 'team'
  | 'settings'
  | 'security';

const SECTIONS: { id: Section; href: string }[] = [
  { id: 'home', href: '/dashboard' },
  { id: 'payments', href: '/dashboard/payments' },
  { id: 'mandates', href: '/dashboard/mandates' },
  { id: 'customers', href: '/dashboard/customers' },
  { id: 'subscriptions', href: '/dashboard/subscriptions' },
  { id: 'instalment-schedules', href: '/dashboard/instalment-schedules' },
  { id: 'refunds', href: '/dashboard/refunds' },
  { id: 'payouts', href: '/dashboard/payouts' },
  { id: 'billing-requests', href: '/dashboard/billing-requests' },
  { id: 'links', href: '/dashboard/payment-links' },
  { id: 'developers', href: '/dashboard/developers' },
  { id: 'team', href: '/dashboard/team' },
  { id: 'settings', href: '/dashboard/settings' },
  { id: 'security', href: '/dashboard/security' },
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
  return (
    <>
      <header className="dash-header">
        <p className="dash-name">{t('dash.name')}</p>
        <nav aria-label={t('dash.nav')}>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={s.href} aria-current={s.id === section ? 'page' : undefined}>
                  {t(`dash.nav.${s.id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="dash-user">
          {t('dash.signed_in_as', { email: frame.email, role: t(`dash.role.${frame.role}`) })}
        </p>
        <form method="post" action="/dashboard/sign-out">
          <input type="hidden" name="csrf" value={frame.csrf} />
          <button type="submit" className="secondary">
            {t('dash.sign_out')}
          </button>
        </form>
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

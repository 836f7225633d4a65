import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Outlet, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { dashboardTranslator } from '../../i18n/dashboard';
import { isLanguage } from '../../i18n/flow';
import stylesheet from '../styles/dashboard.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/** Every /dashboard page sits in this layout; it only adds the dashboard's styles and error pages. */
export default function DashboardLayout() {
  return <Outlet />;
}

type Reason = 'role' | 'expired' | 'not_found';

function reasonOf(error: unknown): { reason: Reason; language: string } {
  const data = isRouteErrorResponse(error) ? (error.data as { reason?: Reason; language?: string } | null) : null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason = data?.reason ?? (status === 404 ? 'not_found' : 'expired');
  return { reason, language: isLanguage(data?.language) ? data.language : 'en' };
}

export const meta: MetaFunction = ({ error }) => {
  if (!error) return [];
  const { reason, language } = reasonOf(error);
  return [{ title: dashboardTranslator(isLanguage(language) ? language : 'en')(`err.${reason}_title`) }];
};

/** A viewer's refused write (403), an expired form (403) and an unknown page (404), in the dashboard's words. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) throw error;
  const { reason, language } = reasonOf(error);
  const t = dashboardTranslator(isLanguage(language) ? language : 'en');
  return (
    <main id="main" tabIndex={-1}>
      <h1>{t(`err.${reason}_title`)}</h1>
      <p>{t(`err.${reason}_body`)}</p>
      <p>
        <a href="/dashboard">{t('dash.back_home')}</a>
      </p>
    </main>
  );
}

import type { LinksFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from '@remix-run/react';
import stylesheet from './styles/app.css?url';
import enhance from './enhance/payer.js?url';

// An empty icon spares every page a request for /favicon.ico.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: 'data:,' },
];

/** The payer's pages and the sandbox bank are plain HTML: no framework code is sent to a phone. */
const isPayerPage = (pathname: string) => pathname.startsWith('/pay/') || pathname.startsWith('/sandbox-bank/');

function pageLanguage(matches: ReturnType<typeof useMatches>): string {
  for (const match of [...matches].reverse()) {
    const data = match.data as { frame?: { language?: string }; language?: string } | undefined;
    const language = data?.frame?.language ?? data?.language;
    if (language) return language;
  }
  return 'en';
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const payer = isPayerPage(pathname);
  return (
    <html lang={pageLanguage(matches)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="same-origin" />
        <Meta />
        <Links />
        {payer ? <script src={enhance} defer /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        {payer ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main id="main">
      <h1>Page not found</h1>
      <p>Check the link you were sent.</p>
    </main>
  );
}

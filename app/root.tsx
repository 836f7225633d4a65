import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
} from '@remix-run/react';
import { refuseUnreadableAddress } from './.server/address';
import { isLanguage, translator, type Language } from '../i18n/flow';
import { PayerErrorFrame } from './components/PayerPage';
import stylesheet from './styles/app.css?url';
import enhance from './enhance/payer.js?url';

// An empty icon spares every page a request for /favicon.ico.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: 'data:,' },
];

/**
 * The payer's pages, the sandbox bank and the dashboard are plain HTML: no framework code is sent
 * (and the strict CSP allows none inline).
 */
const isPayerPage = (pathname: string) =>
  pathname.startsWith('/pay/') || pathname.startsWith('/sandbox-bank/') || pathname.startsWith('/dashboard');
/** Static documents need no script either; their CSP (server/http/security-headers.ts) allows no inline code. */
const isDocumentPage = (pathname: string) =>
  pathname === '/' || pathname.startsWith('/docs/') || pathname === '/accessibility';

/** The language an error page was thrown with (see app/.server/flow.ts `errorPage`). */
function errorLanguage(error: unknown): Language | null {
  const language = isRouteErrorResponse(error) ? (error.data as { language?: unknown } | null)?.language : null;
  return isLanguage(language) ? language : null;
}

function pageLanguage(matches: ReturnType<typeof useMatches>, error: unknown): string {
  const thrown = errorLanguage(error);
  if (thrown) return thrown;
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
  const error = useRouteError();
  const payer = isPayerPage(pathname);
  const language = pageLanguage(matches, error);
  return (
    <html lang={language}>
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
          {translator(isLanguage(language) ? language : 'en')('common.skip_to_content')}
        </a>
        {children}
        {payer || isDocumentPage(pathname) ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** Every page's address is read as UTF-8 first: one that is not is the 400 page below. */
export function loader({ request }: LoaderFunctionArgs) {
  refuseUnreadableAddress(request);
  return null;
}

export default function App() {
  return <Outlet />;
}

/** The error page's own title (every page needs one); other pages set theirs in their routes. */
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [];
  const t = translator(errorLanguage(error) ?? 'en');
  return [{ title: t(`${errorPageOf(error)}.title`) }];
};

const errorPageOf = (error: unknown) => {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 400 && (error as { data?: { reason?: unknown } }).data?.reason === 'bad_address') return 'badaddress';
  return status === 404 ? 'notfound' : status === 403 ? 'forbidden' : 'servererror';
};

/** Unknown pages, refused forms and failures, in the payer's language where it is known. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = translator(errorLanguage(error) ?? 'en');
  const page = errorPageOf(error);
  const { pathname } = useLocation();
  if (pathname.startsWith('/pay/'))
    return (
      <PayerErrorFrame language={errorLanguage(error) ?? 'en'} title={t(`${page}.title`)}>
        <p>{t(`${page}.body`)}</p>
      </PayerErrorFrame>
    );
  return (
    <main id="main">
      <h1>{t(`${page}.title`)}</h1>
      <p>{t(`${page}.body`)}</p>
    </main>
  );
}

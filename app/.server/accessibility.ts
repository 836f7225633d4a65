import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { isLanguage, negotiateLanguage } from '../../i18n/languages';

/**
 * The accessibility statement belongs to no flow: it is read in the language asked for (`?lang=`,
 * which every step's footer link could add) or the browser's.
 */
export function presentAccessibility({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('lang');
  const language = isLanguage(asked) ? asked : negotiateLanguage(request.headers.get('accept-language'));
  return json({ language });
}

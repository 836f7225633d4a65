import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentAccessibility } from '../.server/accessibility';
import { translator, type Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentAccessibility(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: translator((data?.language ?? 'en') as Language)('a11y.title') },
];

/** The accessibility statement, in the GOV.UK form: scope, how it was tested, known gaps, who to tell. */
export default function Accessibility() {
  const { language } = useLoaderData<typeof loader>();
  const t = translator(language);
  return (
    <main id="main" tabIndex={-1}>
      <h1>{t('a11y.title')}</h1>
      <p>{t('a11y.intro')}</p>
      <h2>{t('a11y.tested_title')}</h2>
      <p>{t('a11y.tested')}</p>
      <h2>{t('a11y.known_title')}</h2>
      <p>{t('a11y.known')}</p>
      <h2>{t('a11y.report_title')}</h2>
      <p>{t('a11y.report')}</p>
    </main>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { continueFromTemplate, showTemplate, type TemplatePageData } from '../.server/template-link';
import { translator } from '../../i18n/flow';

/** A reusable payment link (a billing request template): who is paid and what, then Continue. */
export const loader = (args: LoaderFunctionArgs) => showTemplate(args);

export const action = (args: ActionFunctionArgs) => continueFromTemplate(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'bankflow' }];
  const t = translator(data.language);
  return [{ title: `${t('template.title')} – ${t('meta.title', { creditor: data.creditorName })}` }];
};

export default function TemplateLink() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<TemplatePageData>();
  const data = refused ?? loaded;
  const t = translator(data.language);
  const { search } = useLocation();
  const creditor = data.creditorName;
  const errors = refused?.unavailable ? [{ field: 'continue', message: t('template.unavailable', { creditor }) }] : [];
  return (
    <PayerPage
      language={data.language}
      creditorName={creditor}
      flowId={data.templateId}
      title={t('template.title')}
      summary={data.summary}
      brand={data.brand}
    >
      <ErrorSummary title={t('common.error_summary')} errors={errors} />
      <p>{t('template.intro', { creditor })}</p>
      {/* Posts to this same address, query string included: what it carries goes on into the flow. */}
      <CsrfForm csrf={data.csrf} action={`/pay/templates/${data.templateId}${search}`}>
        <button id="continue" type="submit">
          {t('common.continue')}
        </button>
      </CsrfForm>
    </PayerPage>
  );
}

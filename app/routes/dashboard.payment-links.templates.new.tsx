import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import {
  presentNewTemplate,
  submitNewTemplate,
  type TemplateFormPage,
} from '../.server/dashboard/payment-link-templates';
import { DashboardPage } from '../components/DashboardPage';
import { TemplateForm } from '../components/TemplateForm';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentNewTemplate(args);
export const action = (args: ActionFunctionArgs) => submitNewTemplate(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('templates.new_title')} – ${t('dash.name')}` }];
};

/** A new reusable link: the form (admins); its page follows. */
export default function NewTemplate() {
  const loaded = useLoaderData<typeof loader>();
  const data = (useActionData<TemplateFormPage>() ?? loaded) as TemplateFormPage;
  const t = dashboardTranslator(data.frame.language);
  return (
    <DashboardPage frame={data.frame} section="links" title={t('templates.new_title')}>
      <p>{t('templates.intro')}</p>
      {data.frame.role === 'admin' ? (
        <TemplateForm
          frame={data.frame}
          action="/dashboard/payment-links/templates/new"
          submit={t('templates.create')}
          values={data.values}
          errors={data.errors}
          currencies={data.currencies}
          schemes={data.schemes}
        />
      ) : (
        <p>{t('templates.admins_only')}</p>
      )}
      <p>
        <a href="/dashboard/payment-links/templates">{t('templates.back')}</a>
      </p>
    </DashboardPage>
  );
}

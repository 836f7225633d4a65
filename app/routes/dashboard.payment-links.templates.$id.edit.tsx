import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import {
  presentTemplateEdit,
  submitTemplateEdit,
  type TemplateFormPage,
} from '../.server/dashboard/payment-link-templates';
import { DashboardPage } from '../components/DashboardPage';
import { TemplateForm } from '../components/TemplateForm';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentTemplateEdit(args);
export const action = (args: ActionFunctionArgs) => submitTemplateEdit(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('templates.edit_title')} – ${t('dash.name')}` }];
};

/** A reusable link changed (admins): the form replaces its fields, as the API's PUT; requests already made keep theirs. */
export default function EditTemplate() {
  const loaded = useLoaderData<typeof loader>();
  const data = (useActionData<TemplateFormPage>() ?? loaded) as TemplateFormPage;
  const t = dashboardTranslator(data.frame.language);
  const page = `/dashboard/payment-links/templates/${data.id}`;
  return (
    <DashboardPage frame={data.frame} section="links" title={t('templates.edit_title')}>
      {data.frame.role === 'admin' ? (
        <TemplateForm
          frame={data.frame}
          action={`${page}/edit`}
          submit={t('templates.save')}
          values={data.values}
          errors={data.errors}
          currencies={data.currencies}
          schemes={data.schemes}
        />
      ) : (
        <p>{t('templates.admins_only')}</p>
      )}
      <p>
        <a href={page}>{t('templates.page_title')}</a>
      </p>
    </DashboardPage>
  );
}

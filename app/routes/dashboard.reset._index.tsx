import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { showReset, submitReset } from '../.server/dashboard/account';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { Notice, SignInPage } from '../components/DashboardPage';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => showReset(args);
export const action = (args: ActionFunctionArgs) => submitReset(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: dashboardTranslator((data?.language ?? 'en') as Language)('reset.title') },
];

/** Asking for a reset link: the answer is the same whether or not the address is a user's. */
export default function Reset() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors: FieldError[]; email?: string }>();
  const t = dashboardTranslator(data.language);
  return (
    <SignInPage language={data.language} title={t('reset.title')}>
      <Notice text={data.sent ? t('reset.sent') : null} />
      <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
      <CsrfForm csrf={data.csrf} action="/dashboard/reset?index">
        <Field
          name="email"
          label={t('signin.email')}
          hint={t('reset.hint')}
          type="email"
          autoComplete="username"
          spellCheck={false}
          defaultValue={result?.email}
          error={result?.errors[0]?.message}
        />
        <button type="submit">{t('reset.submit')}</button>
      </CsrfForm>
      <p>
        <a href="/dashboard/sign-in">{t('signin.title')}</a>
      </p>
    </SignInPage>
  );
}

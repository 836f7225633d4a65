import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { showSecondFactor, submitSecondFactor } from '../.server/dashboard/sign-in';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { SignInPage } from '../components/DashboardPage';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => showSecondFactor(args);
export const action = (args: ActionFunctionArgs) => submitSecondFactor(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: dashboardTranslator((data?.language ?? 'en') as Language)('code.title') },
];

/** The second step of signing in, for users with two-step verification on. */
export default function SecondFactor() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors: FieldError[] }>();
  const t = dashboardTranslator(data.language);
  return (
    <SignInPage language={data.language} title={t('code.title')}>
      <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
      <CsrfForm csrf={data.csrf} action="/dashboard/sign-in/code">
        <input type="hidden" name="next" value={data.next} />
        <Field
          name="code"
          label={t('code.label')}
          hint={t('code.hint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          error={result?.errors[0]?.message}
        />
        <button type="submit">{t('code.submit')}</button>
      </CsrfForm>
    </SignInPage>
  );
}

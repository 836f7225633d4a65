import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { showSignIn, submitSignIn } from '../.server/dashboard/sign-in';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { Notice, SignInPage } from '../components/DashboardPage';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => showSignIn(args);
export const action = (args: ActionFunctionArgs) => submitSignIn(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: dashboardTranslator((data?.language ?? 'en') as Language)('signin.title') },
];

const DONE = { signed_out: 'signin.signed_out' } as const;

export default function SignIn() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors: FieldError[]; email: string }>();
  const t = dashboardTranslator(data.language);
  const done = data.done && data.done in DONE ? t(DONE[data.done as keyof typeof DONE]) : null;
  const error = result?.errors[0]?.message;
  return (
    <SignInPage language={data.language} title={t('signin.title')}>
      <Notice text={done} />
      <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
      <CsrfForm csrf={data.csrf} action="/dashboard/sign-in">
        <input type="hidden" name="next" value={data.next} />
        <Field
          name="email"
          label={t('signin.email')}
          type="email"
          autoComplete="username"
          spellCheck={false}
          defaultValue={result?.email}
          error={error}
        />
        <Field name="password" label={t('signin.password')} type="password" autoComplete="current-password" />
        <button type="submit">{t('signin.submit')}</button>
      </CsrfForm>
      <p>
        <a href="/dashboard/reset">{t('signin.forgot')}</a>
      </p>
    </SignInPage>
  );
}

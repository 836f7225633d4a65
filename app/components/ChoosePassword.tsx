import { CsrfForm, ErrorSummary, Field, type FieldError } from './Form';
import { SignInPage } from './DashboardPage';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

/**
 * Choosing a password through a one-time link (welcome, invitation or reset), or why the link no
 * longer works: an invited person asks an admin for a new invitation, anyone else for a reset link.
 */
export function ChoosePassword({
  data,
  result,
  action,
}: {
  data: { language: Language; csrf: string; live: boolean; purpose: 'sign_in' | 'reset' | 'invite' };
  result?: { errors: FieldError[]; dead?: boolean };
  action: string;
}) {
  const t = dashboardTranslator(data.language);
  if (!data.live || result?.dead) {
    return (
      <SignInPage language={data.language} title={t('password.link_dead_title')}>
        {data.purpose === 'invite' ? (
          <p>{t('password.invite_dead_body')}</p>
        ) : (
          <>
            <p>{t('password.link_dead_body')}</p>
            <p>
              <a href="/dashboard/reset">{t('reset.title')}</a>
            </p>
          </>
        )}
      </SignInPage>
    );
  }
  const errorOf = (field: string) => result?.errors.find((e) => e.field === field)?.message;
  return (
    <SignInPage language={data.language} title={t(`password.title_${data.purpose}`)}>
      <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
      <CsrfForm csrf={data.csrf} action={action}>
        <Field
          name="password"
          label={t('password.new')}
          hint={t('password.hint')}
          type="password"
          autoComplete="new-password"
          error={errorOf('password')}
        />
        <Field
          name="confirm"
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          error={errorOf('confirm')}
        />
        <button type="submit">{t('password.submit')}</button>
      </CsrfForm>
    </SignInPage>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary, Field } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { showResume, submitResume, type ResumeErrors } from '../.server/steps/resume';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta<{ email: string }>((data, t) => t('resume.title', { email: data.email }));

export const loader = (args: LoaderFunctionArgs) => showResume(args);

export const action = (args: ActionFunctionArgs) => submitResume(args);

/** "Enter the code we sent to j***@e***.com" (decision 0093): a question page with one input. */
export default function Resume() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ResumeErrors>();
  const t = translator(data.frame.language);
  const errors = result?.errors ?? [];
  return (
    <PayerPage {...data.frame} title={t('resume.title', { email: data.email })}>
      <ErrorSummary title={t('common.error_summary')} errors={errors} />
      {data.sent && !errors.length ? (
        <p className="notice" role="status">
          {t('resume.sent', { email: data.email })}
        </p>
      ) : null}
      <p>{t('resume.intro')}</p>
      <CsrfForm csrf={data.frame.csrf}>
        <Field
          name="code"
          label={t('resume.code_label')}
          hint={t('resume.code_hint')}
          error={errors.find((e) => e.field === 'code')?.message}
          defaultValue={result?.submitted.code ?? ''}
          className="width-10"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          data-reason={result?.reason}
        />
        <button type="submit">{t('common.continue')}</button>
      </CsrfForm>
      <CsrfForm csrf={data.frame.csrf} action={data.resendAction} className="inline-form">
        <p>
          {t('resume.not_received')}{' '}
          <button type="submit" className="link-button">
            {t('resume.send_new')}
          </button>
        </p>
      </CsrfForm>
    </PayerPage>
  );
}

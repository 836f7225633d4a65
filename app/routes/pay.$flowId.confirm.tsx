import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { SummarySection } from '../components/SummaryList';
import { confirmForm, presentConfirm } from '../.server/steps/confirm';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta<{ notSoleSignatory?: boolean }>((data, t) =>
  t(data.notSoleSignatory ? 'confirm.joint_title' : 'confirm.title'),
);

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'confirm', presentConfirm);

export const action = (args: ActionFunctionArgs) => runStep(args, confirmForm);

export default function Confirm() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  const errors = result?.errors ?? [];
  const signatoryError = errors.find((e) => e.field === 'sole_signatory')?.message;
  if (data.notSoleSignatory) {
    return (
      <PayerPage {...data.frame} backHref={data.confirmHref} title={t('confirm.joint_title')}>
        <p>{t('confirm.joint_body', { creditor })}</p>
      </PayerPage>
    );
  }
  return (
    <PayerPage {...data.frame} title={t('confirm.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={errors} />
      <SummarySection
        id="you"
        title={t('confirm.you')}
        rows={data.you}
        change={data.change.details}
        changeLabel={t('common.change')}
      />
      {data.account ? (
        <SummarySection
          id="account"
          title={t('confirm.account')}
          rows={data.account}
          change={data.change.account}
          changeLabel={t('common.change')}
        />
      ) : null}
      <SummarySection
        id="agreeing"
        title={t('confirm.agreeing')}
        rows={data.agreeing}
        changeLabel={t('common.change')}
      />
      {data.text ? (
        <div className="mandate-text" lang={data.frame.language}>
          {/* Each part under its own heading: Bacs's Instruction to the bank, then the Guarantee. */}
          {data.text.sections.map((section, i) => (
            <section key={i} aria-labelledby={`mandate-text-${i}`}>
              <h2 id={`mandate-text-${i}`}>{section.title}</h2>
              {section.paragraphs.map((p: string, j: number) => (
                <p key={j}>{p}</p>
              ))}
            </section>
          ))}
        </div>
      ) : null}
      <CsrfForm csrf={data.frame.csrf}>
        {data.askSoleSignatory ? (
          <fieldset
            className={signatoryError ? 'field field-error' : 'field'}
            id="sole_signatory"
            aria-describedby={signatoryError ? 'sole_signatory-error' : undefined}
          >
            <legend>{t('confirm.sole_signatory')}</legend>
            {signatoryError ? (
              <p id="sole_signatory-error" className="error-message">
                {signatoryError}
              </p>
            ) : null}
            {(['yes', 'no'] as const).map((answer) => (
              <div key={answer} className="choice">
                <input
                  type="radio"
                  id={`sole_signatory-${answer}`}
                  name="sole_signatory"
                  value={answer}
                  defaultChecked={result?.submitted.sole_signatory === answer}
                />
                <label htmlFor={`sole_signatory-${answer}`}>{t(`common.${answer}`)}</label>
              </div>
            ))}
          </fieldset>
        ) : null}
        {data.text ? <p className="agreement">{data.text.agreement}</p> : null}
        {data.nextAtBank ? <p className="hint">{t('confirm.next_at_bank', { bank: data.nextAtBank })}</p> : null}
        <button type="submit" id="confirm">
          {t('confirm.button')}
        </button>
      </CsrfForm>
    </PayerPage>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary, Field } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { accountForm, presentAccount } from '../.server/steps/account';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('account.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'account', presentAccount);

export const action = (args: ActionFunctionArgs) => runStep(args, accountForm);

export default function BankAccount() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  const errors = result?.errors ?? [];
  const errorOf = (name: string) => errors.find((e) => e.field === name)?.message;
  const submitted = result?.submitted;
  return (
    <PayerPage {...data.frame} title={t('account.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={errors} />
      {data.kept ? <p className="notice">{data.kept}</p> : null}
      <CsrfForm csrf={data.frame.csrf}>
        <Field
          name="account_holder_name"
          label={t('field.account_holder_name')}
          hint={t('field.account_holder_name_hint')}
          defaultValue={submitted?.account_holder_name ?? data.holder}
          autoComplete="name"
          error={errorOf('account_holder_name')}
        />
        {data.payTo ? (
          <Field
            name="pay_id"
            label={t('field.pay_id')}
            hint={t('field.pay_id_hint')}
            optional={t('common.optional')}
            defaultValue={submitted?.pay_id ?? ''}
            className="width-20"
            spellCheck={false}
            error={errorOf('pay_id')}
          />
        ) : null}
        {data.fields.map(({ name, label, inputMode, width, check, liveError, lookup }) =>
          name === 'account_type' ? (
            <fieldset key={name} className="field">
              <legend>{t('field.account_type')}</legend>
              {(['checking', 'savings'] as const).map((type) => (
                <div key={type} className="choice">
                  <input
                    type="radio"
                    id={`account_type-${type}`}
                    name="account_type"
                    value={type}
                    defaultChecked={type === data.accountType}
                  />
                  <label htmlFor={`account_type-${type}`}>{t(`field.account_type.${type}`)}</label>
                </div>
              ))}
            </fieldset>
          ) : (
            <Field
              key={name}
              name={name}
              label={label}
              hint={name === 'iban' ? t('field.iban_hint') : undefined}
              inputMode={inputMode}
              className={width}
              autoComplete="off"
              spellCheck={false}
              defaultValue={submitted?.[name] ?? ''}
              error={errorOf(name)}
              data-validate={check}
              liveError={liveError}
              lookup={lookup}
              found={lookup ? t('account.bank_found') : undefined}
            />
          ),
        )}
        <button type="submit">{t('common.continue')}</button>
      </CsrfForm>
    </PayerPage>
  );
}

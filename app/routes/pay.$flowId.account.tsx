import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { effectiveScheme, requestCurrency } from '../../server/domain/billing-requests/actions';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { fieldErrorsOf } from '../.server/errors';
import { frameData, guardStep, loadFlowPage, nextLocation, readForm, seeOther, type FlowPage } from '../.server/flow';
import { labelInSentence, translator, type Translate } from '../i18n';
import { flowMeta } from '../components/meta';
import { payerName } from '../../server/domain/customers/name';

export const meta = flowMeta('account.title');

/** Each currency's local account details, as its scheme identifies an account (schemes.md § 1). */
const LOCAL_FIELDS: Record<string, { country: string | null; fields: string[] }> = {
  GBP: { country: 'GB', fields: ['branch_code', 'account_number'] },
  EUR: { country: null, fields: ['iban'] },
  USD: { country: 'US', fields: ['bank_code', 'account_number', 'account_type'] },
  CAD: { country: 'CA', fields: ['bank_code', 'branch_code', 'account_number'] },
  AUD: { country: 'AU', fields: ['branch_code', 'account_number'] },
  NZD: { country: 'NZ', fields: ['bank_code', 'branch_code', 'account_number', 'account_number_suffix'] },
  SEK: { country: 'SE', fields: ['branch_code', 'account_number'] },
  DKK: { country: 'DK', fields: ['bank_code', 'account_number'] },
};

const INPUT_MODE: Record<string, 'numeric' | 'text'> = {
  branch_code: 'numeric',
  bank_code: 'numeric',
  account_number: 'numeric',
  account_number_suffix: 'numeric',
};

function layout(page: FlowPage) {
  const currency = requestCurrency(page.payer.view.request);
  return {
    currency,
    ...(LOCAL_FIELDS[currency] ?? LOCAL_FIELDS.EUR!),
    payTo: effectiveScheme(page.payer.view.request) === 'pay_to',
  };
}

function labelOf(t: Translate, name: string, country: string | null) {
  return name === 'iban' || name === 'account_type' || name === 'account_holder_name' || name === 'pay_id'
    ? t(`field.${name}`)
    : t(`field.${name}.${country}`);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'account');
  const { customer } = page.payer.view;
  const holder = payerName(customer);
  return json(
    {
      frame: frameData(page),
      ...layout(page),
      holder,
      accountType: page.payer.flow.prefilled_bank_account?.account_type ?? 'checking',
    },
    page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined,
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'account');
  const form = await readForm(request, page);
  const { country, fields, payTo } = layout(page);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };
  const payId = payTo ? text('pay_id') : null;
  const input = {
    account_holder_name: text('account_holder_name'),
    ...(payId ? { pay_id: payId } : Object.fromEntries(fields.map((f) => [f, text(f)]))),
    ...(country && !payId ? { country_code: country } : {}),
  };
  const submitted = Object.fromEntries(['account_holder_name', 'pay_id', ...fields].map((f) => [f, text(f) ?? '']));
  try {
    await context.services.payerFlows.collectBankAccount(page.payer, input);
    return seeOther(await nextLocation(page));
  } catch (error) {
    const labels = Object.fromEntries(
      ['account_holder_name', 'pay_id', ...fields].map((f) => [f, labelOf(page.t, f, country)]),
    );
    const errors = fieldErrorsOf(error, {
      t: page.t,
      language: page.language,
      labels,
      fallbackField: fields[fields.length - 1] ?? 'iban',
    });
    if (!errors) throw error;
    return json({ errors, submitted }, { status: 400 });
  }
}

/** The fields payer.js can check in the browser (see app/enhance/payer.js). */
const liveCheck = (name: string, country: string | null) =>
  name === 'iban' ? 'iban' : name === 'branch_code' && country === 'GB' ? 'sort-code' : undefined;

export default function BankAccount() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = translator(data.frame.language);
  const errors: FieldError[] = (result as { errors?: FieldError[] } | undefined)?.errors ?? [];
  const errorOf = (name: string) => errors.find((e) => e.field === name)?.message;
  const submitted = result?.submitted as Record<string, string> | undefined;
  return (
    <PayerPage {...data.frame} title={t('account.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={errors} />
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
            error={errorOf('pay_id')}
          />
        ) : null}
        {data.fields.map((name) =>
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
              label={labelOf(t, name, data.country)}
              hint={name === 'iban' ? t('field.iban_hint') : undefined}
              inputMode={INPUT_MODE[name]}
              autoComplete="off"
              spellCheck={false}
              defaultValue={submitted?.[name] ?? ''}
              error={errorOf(name)}
              data-validate={liveCheck(name, data.country)}
              liveError={
                liveCheck(name, data.country)
                  ? t('error.invalid', { field: labelInSentence(data.frame.language, labelOf(t, name, data.country)) })
                  : undefined
              }
            />
          ),
        )}
        <button type="submit">{t('common.continue')}</button>
      </CsrfForm>
    </PayerPage>
  );
}

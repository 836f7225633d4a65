import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary, Field } from '../components/Form';
import { CountrySelect } from '../components/CountrySelect';
import { PayerPage } from '../components/PayerPage';
import { detailsForm, presentDetails, type DetailsField } from '../.server/steps/details';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('details.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'details', presentDetails);

export const action = (args: ActionFunctionArgs) => runStep(args, detailsForm);

export default function Details() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  const errors = result?.errors ?? [];
  const errorOf = (name: string) => errors.find((e) => e.field === name)?.message;
  const value = (name: DetailsField) => result?.submitted[name] ?? data.values[name] ?? '';
  const field = (name: DetailsField, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={name} label={data.labels[name]} defaultValue={value(name)} error={errorOf(name)} {...extra} />
  );
  return (
    <PayerPage {...data.frame} title={t('details.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={errors} />
      {data.fellBack ? <p className="notice">{t('details.fallback')}</p> : null}
      <CsrfForm csrf={data.frame.csrf}>
        {field('given_name', { autoComplete: 'given-name' })}
        {field('family_name', { autoComplete: 'family-name' })}
        {field('company_name', {
          autoComplete: 'organization',
          optional: t('common.optional'),
          hint: t('details.as_company'),
        })}
        {field('email', {
          type: 'email',
          autoComplete: 'email',
          inputMode: 'email',
          spellCheck: false,
          hint: t('field.email_hint'),
        })}
        {data.billing.map((name) =>
          name === 'country_code' ? (
            <CountrySelect
              key={name}
              name={name}
              label={data.labels.country_code}
              options={data.countries}
              value={value(name) || data.defaultCountry}
              error={errorOf(name)}
            />
          ) : name === 'region' && data.states ? (
            <CountrySelect
              key={name}
              name={name}
              label={data.labels.region}
              options={data.states}
              value={value(name).toUpperCase()}
              error={errorOf(name)}
              autoComplete="address-level1"
            />
          ) : (
            <div key={name}>
              {field(name, {
                autoComplete:
                  {
                    address_line1: 'address-line1',
                    address_line2: 'address-line2',
                    city: 'address-level2',
                    region: 'address-level1',
                    postal_code: 'postal-code',
                  }[name as string] ?? 'off',
                optional: name === 'address_line2' ? t('common.optional') : undefined,
                // Numbers and codes are not words: no spelling marks, and digits on a phone's keypad.
                spellCheck: ['postal_code', 'swedish_identity_number', 'danish_identity_number'].includes(name)
                  ? false
                  : undefined,
                inputMode: ['swedish_identity_number', 'danish_identity_number'].includes(name) ? 'numeric' : undefined,
                // As wide as the content (GOV.UK's postcode width); identity numbers are 10–12 digits.
                className:
                  name === 'postal_code' ? 'width-10' : name.endsWith('_identity_number') ? 'width-20' : undefined,
                hint:
                  name === 'region'
                    ? t(data.addressStyle === 'CA' ? 'field.region_hint.CA' : 'field.region_hint')
                    : ['swedish_identity_number', 'danish_identity_number'].includes(name)
                      ? t(`field.${name}_hint`)
                      : undefined,
              })}
            </div>
          ),
        )}
        <button type="submit">{t('common.continue')}</button>
      </CsrfForm>
    </PayerPage>
  );
}

import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { effectiveScheme, findAction } from '../../server/domain/billing-requests/actions';
import { REQUIRED_CUSTOMER_FIELDS } from '../../server/domain/schemes/customer-fields';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { CountrySelect, countryOptions } from '../components/CountrySelect';
import { PayerPage } from '../components/PayerPage';
import { fieldErrorsOf } from '../.server/errors';
import { frameData, guardStep, loadFlowPage, nextLocation, readForm, seeOther, type FlowPage } from '../.server/flow';
import { labelInSentence, translator } from '../i18n';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('details.title');

const CUSTOMER = ['given_name', 'family_name', 'company_name', 'email'] as const;
const BILLING = [
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country_code',
  'swedish_identity_number',
  'danish_identity_number',
] as const;
type FieldName = (typeof CUSTOMER)[number] | (typeof BILLING)[number];

/** The billing fields this scheme asks for (the IP address is taken from the request, not asked). */
function billingFields(page: FlowPage): FieldName[] {
  const scheme = effectiveScheme(page.payer.view.request);
  const asked = new Set<string>(REQUIRED_CUSTOMER_FIELDS[scheme].billing.filter((f) => f !== 'ip_address'));
  // SEPA asks the address where the payer lives outside the EEA; offer it to everyone.
  if (scheme === 'sepa_core') ['address_line1', 'city', 'postal_code'].forEach((f) => asked.add(f));
  if (asked.has('address_line1')) asked.add('address_line2');
  return BILLING.filter((f) => asked.has(f));
}

function values(page: FlowPage): Partial<Record<FieldName, string>> {
  const { customer, billingDetail } = page.payer.view;
  const prefilled = page.payer.flow.prefilled_customer ?? {};
  const pick = (name: FieldName) =>
    ((CUSTOMER as readonly string[]).includes(name)
      ? customer[name as keyof typeof customer]
      : billingDetail[name as keyof typeof billingDetail]) ??
    prefilled[name as keyof typeof prefilled] ??
    undefined;
  return Object.fromEntries([...CUSTOMER, ...BILLING].map((f) => [f, pick(f) ?? ''])) as Partial<
    Record<FieldName, string>
  >;
}

function labelsFor(t: ReturnType<typeof translator>): Record<string, string> {
  return Object.fromEntries([...CUSTOMER, ...BILLING].map((f) => [f, t(`field.${f}`)]));
}

async function pageData(page: FlowPage) {
  return {
    frame: frameData(page),
    billing: billingFields(page),
    values: values(page),
    countries: countryOptions(page.language),
    defaultCountry:
      findAction(page.payer.view.actions, 'collect_customer_details')?.collect_customer_details?.default_country_code ??
      '',
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'details');
  return json(await pageData(page), page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'details');
  const form = await readForm(request, page);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };
  const asked = billingFields(page);
  const billing = Object.fromEntries(asked.map((f) => [f, text(f)]));
  const input = {
    customer: Object.fromEntries(CUSTOMER.map((f) => [f, text(f)])),
    // ACH needs the payer's IP address: taken from the connection, never asked for.
    customer_billing_detail: { ...billing, ip_address: context.clientAddress ?? null },
  };
  const submitted = Object.fromEntries([...CUSTOMER, ...asked].map((f) => [f, text(f) ?? '']));
  const labels = labelsFor(page.t);
  try {
    const { view } = await context.services.payerFlows.collectDetails(page.payer, input);
    const missing = findAction(view.actions, 'collect_customer_details');
    if (missing?.status === 'pending') {
      const fields = [
        ...(missing.collect_customer_details?.incomplete_fields.customer ?? []),
        ...(missing.collect_customer_details?.incomplete_fields.customer_billing_detail ?? []),
      ];
      const errors: FieldError[] = fields
        .filter((f) => f in labels)
        .map((f) => ({
          field: f,
          message: page.t('error.required', { field: labelInSentence(page.language, labels[f]!) }),
        }));
      return json({ errors, submitted }, { status: 400 });
    }
    return seeOther(await nextLocation(page));
  } catch (error) {
    const errors = fieldErrorsOf(error, { t: page.t, language: page.language, labels, fallbackField: 'email' });
    if (!errors) throw error;
    return json({ errors, submitted }, { status: 400 });
  }
}

export default function Details() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = translator(data.frame.language);
  const errors: FieldError[] = (result as { errors?: FieldError[] } | undefined)?.errors ?? [];
  const errorOf = (name: string) => errors.find((e) => e.field === name)?.message;
  const value = (name: FieldName) =>
    (result?.submitted as Record<string, string> | undefined)?.[name] ?? data.values[name] ?? '';
  const field = (name: FieldName, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={name} label={t(`field.${name}`)} defaultValue={value(name)} error={errorOf(name)} {...extra} />
  );
  return (
    <PayerPage {...data.frame} title={t('details.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={errors} />
      <CsrfForm csrf={data.frame.csrf}>
        {field('given_name', { autoComplete: 'given-name' })}
        {field('family_name', { autoComplete: 'family-name' })}
        {field('company_name', {
          autoComplete: 'organization',
          optional: t('common.optional'),
          hint: t('details.as_company'),
        })}
        {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email', hint: t('field.email_hint') })}
        {data.billing.map((name) =>
          name === 'country_code' ? (
            <CountrySelect
              key={name}
              name={name}
              label={t('field.country_code')}
              options={data.countries}
              value={value(name) || data.defaultCountry}
              error={errorOf(name)}
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
                hint: ['region', 'swedish_identity_number', 'danish_identity_number'].includes(name)
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

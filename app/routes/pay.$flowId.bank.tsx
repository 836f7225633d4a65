import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { isInstantPayment, requestCurrency } from '../../server/domain/billing-requests/actions';
import { institutionCountries, institutionIconPath, listInstitutions } from '../../server/domain/schemes/institutions';
import { CsrfForm, ErrorSummary, type FieldError } from '../components/Form';
import { isRefusal } from '../.server/errors';
import { PayerPage } from '../components/PayerPage';
import { exitToMerchant } from '../.server/exit';
import { frameData, guardStep, loadFlowPage, nextLocation, readForm, seeOther, type FlowPage } from '../.server/flow';
import { translator } from '../i18n';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('bank.title');

const CURRENCY_OF_COUNTRY: Record<string, string> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SE: 'SEK',
  DK: 'DKK',
};
const currencyOf = (country: string) => CURRENCY_OF_COUNTRY[country] ?? 'EUR';

/** The countries whose banks can pay in the request's currency, the payer's own first. */
function countriesFor(page: FlowPage): string[] {
  const currency = requestCurrency(page.payer.view.request);
  const countries = institutionCountries().filter((c) => currencyOf(c) === currency);
  const own = page.payer.view.billingDetail.country_code;
  return own && countries.includes(own) ? [own, ...countries.filter((c) => c !== own)] : countries;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'bank');
  const url = new URL(request.url);
  const countries = countriesFor(page);
  const asked = url.searchParams.get('country')?.toUpperCase() ?? '';
  const country = countries.includes(asked) ? asked : (countries[0] ?? 'GB');
  const search = url.searchParams.get('q')?.slice(0, 100) ?? '';
  const names = new Intl.DisplayNames([page.language, 'en'], { type: 'region' });
  const request_ = page.payer.view.request;
  return json(
    {
      frame: frameData(page),
      country,
      search,
      countries: countries.map((code) => ({ code, name: names.of(code) ?? code })),
      banks: listInstitutions({ countryCode: country, search, includeDisabled: true }).map((i) => ({
        id: i.id,
        name: i.name,
        icon: institutionIconPath(i),
        available: i.status === 'enabled',
      })),
      canFallBack: request_.fallback_enabled && isInstantPayment(request_),
    },
    page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined,
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'bank');
  const form = await readForm(request, page);
  if (form.get('intent') === 'not_listed') {
    const request_ = page.payer.view.request;
    if (request_.fallback_enabled && isInstantPayment(request_)) {
      await context.services.payerFlows.fallback(page.payer);
      return seeOther(await nextLocation(page));
    }
    return exitToMerchant(page, 'failure');
  }
  const institution = String(form.get('institution') ?? '');
  const country = String(form.get('country') ?? '');
  try {
    await context.services.payerFlows.selectInstitution(page.payer, institution, country);
  } catch (error) {
    // A refused choice is the step again with what happened, never the error page.
    if (!isRefusal(error)) throw error;
    return json({ errors: [{ field: 'banks', message: page.t('bank.refused') }] }, { status: 400 });
  }
  return seeOther(await nextLocation(page));
}

export default function ChooseBank() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { errors?: FieldError[] } | undefined;
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('bank.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      <form method="get" className="bank-search" role="search">
        <div className="field">
          <label htmlFor="country">{t('bank.country')}</label>
          <select id="country" name="country" defaultValue={data.country}>
            {data.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="q">{t('bank.search')}</label>
          <input id="q" name="q" type="search" defaultValue={data.search} autoComplete="off" data-filter-list="banks" />
        </div>
        <button type="submit" className="secondary">
          {t('bank.change_country')}
        </button>
      </form>
      {data.banks.length === 0 ? <p>{t('bank.none_found')}</p> : null}
      <ul id="banks" className="banks">
        {data.banks.map((bank) => (
          <li key={bank.id} data-name={bank.name.toLowerCase()}>
            {bank.available ? (
              <CsrfForm csrf={data.frame.csrf}>
                <input type="hidden" name="institution" value={bank.id} />
                <input type="hidden" name="country" value={data.country} />
                <button type="submit" className="bank" aria-label={t('bank.select', { bank: bank.name })}>
                  <img src={bank.icon} alt="" width={32} height={32} />
                  <span>{bank.name}</span>
                </button>
              </CsrfForm>
            ) : (
              <span className="bank unavailable">
                <img src={bank.icon} alt="" width={32} height={32} />
                <span>
                  {bank.name} <em>({t('bank.unavailable')})</em>
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <CsrfForm csrf={data.frame.csrf} className="not-listed">
        <input type="hidden" name="intent" value="not_listed" />
        <button type="submit" className="secondary">
          {data.canFallBack ? t('bank.not_listed_fallback') : t('bank.not_listed')}
        </button>
      </CsrfForm>
    </PayerPage>
  );
}

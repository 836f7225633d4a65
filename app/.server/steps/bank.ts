import { z } from 'zod';
import { requestCurrency } from '../../../server/domain/billing-requests/actions';
import { listInstitutions } from '../../../server/domain/schemes/institutions';
import { bankCountriesFor } from '../../../server/domain/schemes/payer-fields';
import { frameData, nextLocation, seeOther, type FlowPage } from '../flow';
import { selectInstitution } from '../payer-services';
import type { StepForm } from './run-step';

/** The countries whose banks can pay in the request's currency, the payer's own first. */
function countriesFor(page: FlowPage): string[] {
  const countries = bankCountriesFor(requestCurrency(page.payer.view.request));
  const own = page.payer.view.billingDetail.country_code;
  return own && countries.includes(own) ? [own, ...countries.filter((c) => c !== own)] : countries;
}

/** The bank step: the banks of one country (the payer's search narrows them), and a way out. */
export function presentBank(page: FlowPage) {
  const countries = countriesFor(page);
  const asked = page.url.searchParams.get('country')?.toUpperCase() ?? '';
  const country = countries.includes(asked) ? asked : (countries[0] ?? 'GB');
  const search = page.url.searchParams.get('q')?.slice(0, 100) ?? '';
  const names = new Intl.DisplayNames([page.language, 'en'], { type: 'region' });
  return {
    frame: frameData(page),
    country,
    search,
    countries: countries.map((code) => ({ code, name: names.of(code) ?? code })),
    banks: listInstitutions({ countryCode: country, search, includeDisabled: true }).map((i) => ({
      id: i.id,
      name: i.name,
      logo: i.logo ? `/assets/institutions/logos/${i.logo}` : null,
      initial: [...i.name][0]?.toUpperCase() ?? '',
      available: i.status === 'enabled',
    })),
    notListedHref: `/pay/${page.payer.flow.id}/not-listed`,
  };
}

/** A bank chosen from the list, or "my bank is not listed". */
const schema = z.union([
  z.object({ intent: z.literal('not_listed') }),
  z.object({ institution: z.string().trim().min(1), country: z.string().trim().min(1) }),
]);

export const bankForm: StepForm<z.infer<typeof schema>> = {
  step: 'bank',
  schema: () => schema,
  anchor: () => 'banks',
  async command(page, input) {
    if ('intent' in input) {
      // Not listed: first what the payer can do about it (a page of its own, nothing changes yet).
      return seeOther(`/pay/${page.payer.flow.id}/not-listed`);
    }
    await selectInstitution(page.context, page.payer, input.institution, input.country);
    return seeOther(await nextLocation(page));
  },
};

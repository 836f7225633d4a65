import { z } from 'zod';
import { effectiveScheme, findAction } from '../../../server/domain/billing-requests/actions';
import { billingFieldsAsked, PAYER_COUNTRIES } from '../../../server/domain/schemes/payer-fields';
import { US_STATES } from '../../../server/domain/customers/rules';
import { US_STATE_NAMES } from '../us-states';
import { frameData, nextLocation, seeOther, type FlowPage } from '../flow';
import { collectDetails } from '../payer-services';
import { Refusal, type StepForm } from './run-step';

/** The payer's details: who they are and, as far as their scheme needs it, where they live. */
const CUSTOMER = ['given_name', 'family_name', 'company_name', 'email'] as const;
/** Inputs a payer may leave out: the page marks them optional. */
const OPTIONAL = new Set<string>(['company_name', 'address_line2']);

export type DetailsField =
  | (typeof CUSTOMER)[number]
  | 'address_line1'
  | 'address_line2'
  | 'city'
  | 'region'
  | 'postal_code'
  | 'country_code'
  | 'swedish_identity_number'
  | 'danish_identity_number';

/**
 * The billing fields the scheme may need (the domain's rule). The IP address is taken from the
 * connection, never asked; a second address line is offered wherever the first is asked.
 */
function billingFields(page: FlowPage): DetailsField[] {
  return billingFieldsAsked(effectiveScheme(page.payer.view.request))
    .filter((field) => field !== 'ip_address')
    .flatMap((field) => (field === 'address_line1' ? ['address_line1', 'address_line2'] : [field])) as DetailsField[];
}

const allFields = (page: FlowPage): DetailsField[] => [...CUSTOMER, ...billingFields(page)];

/**
 * Whose address conventions the form follows: an ACH payer's is American (a state from a list, a
 * ZIP code), a PAD payer's Canadian (province or territory, postal code); others the general one.
 */
type AddressStyle = 'US' | 'CA' | null;
function addressStyle(page: FlowPage): AddressStyle {
  const scheme = effectiveScheme(page.payer.view.request);
  return scheme === 'ach' ? 'US' : scheme === 'pad' ? 'CA' : null;
}

/** A billing field's label in the payer's conventions ("ZIP code" for an American). */
function detailsLabel(page: FlowPage, field: DetailsField): string {
  const style = addressStyle(page);
  if (style && (field === 'postal_code' || field === 'region')) return page.t(`field.${field}.${style}`);
  return page.t(`field.${field}`);
}

/** What the payer (or the merchant, prefilling) gave before: the form starts from it. */
function values(page: FlowPage): Partial<Record<DetailsField, string>> {
  const { customer, billingDetail } = page.payer.view;
  const prefilled = page.payer.flow.prefilled_customer ?? {};
  const pick = (name: DetailsField) =>
    ((CUSTOMER as readonly string[]).includes(name)
      ? customer[name as keyof typeof customer]
      : billingDetail[name as keyof typeof billingDetail]) ??
    prefilled[name as keyof typeof prefilled] ??
    '';
  return Object.fromEntries(allFields(page).map((f) => [f, String(pick(f) ?? '')]));
}

/** Country names in the page's language, sorted for that language. */
function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  return PAYER_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

export function presentDetails(page: FlowPage) {
  const action = findAction(page.payer.view.actions, 'collect_customer_details');
  return {
    frame: frameData(page),
    billing: billingFields(page),
    values: values(page),
    countries: countryOptions(page.language),
    defaultCountry: action?.collect_customer_details?.default_country_code ?? '',
    labels: Object.fromEntries(allFields(page).map((f) => [f, detailsLabel(page, f)])) as Record<DetailsField, string>,
    addressStyle: addressStyle(page),
    // An American picks a state from the list (its two-letter code is what the domain checks).
    states:
      addressStyle(page) === 'US'
        ? [...US_STATES]
            .map((code) => ({ code, name: US_STATE_NAMES[code] ?? code }))
            .sort((a, b) => a.name.localeCompare(b.name, 'en'))
        : null,
    // Back on the details after "My bank is not listed": why (issue #38.8).
    fellBack: Boolean(page.payer.view.request.fallback_occurred),
  };
}

type DetailsInput = Partial<Record<DetailsField, string>>;

export const detailsForm: StepForm<DetailsInput> = {
  step: 'details',
  schema: (page) =>
    z.object(
      Object.fromEntries(
        allFields(page).map((f) => [f, OPTIONAL.has(f) ? z.string().trim().optional() : z.string().trim()]),
      ),
    ) as z.ZodType<DetailsInput>,
  labels: (page) => Object.fromEntries(allFields(page).map((f) => [f, detailsLabel(page, f)])),
  anchor: () => 'email',
  async command(page, input) {
    // A blank input is "not given": the domain decides what is still missing.
    const given = (fields: readonly DetailsField[]) => Object.fromEntries(fields.map((f) => [f, input[f] || null]));
    const { view } = await collectDetails(page.context, page.payer, {
      customer: given(CUSTOMER),
      // ACH needs the payer's IP address: taken from the connection, never asked for.
      customer_billing_detail: { ...given(billingFields(page)), ip_address: page.context.clientAddress ?? null },
    });
    const action = findAction(view.actions, 'collect_customer_details');
    if (action?.status === 'pending') {
      // What was given is kept; the payer is asked for what the scheme still needs.
      const missing = action.collect_customer_details?.incomplete_fields;
      return new Refusal(
        [...(missing?.customer ?? []), ...(missing?.customer_billing_detail ?? [])].map((field) => ({
          field,
          code: 'required',
        })),
      );
    }
    return seeOther(await nextLocation(page));
  },
};

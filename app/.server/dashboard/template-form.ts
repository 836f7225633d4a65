import { z } from 'zod';
import type { TemplateFields, TemplateRow } from '../../../server/domain/billing-request-templates/types';
import { DEFAULT_SCHEME_FOR_CURRENCY, SCHEMES } from '../../../server/domain/schemes/types';
import { isDomainError } from '../../../server/domain/shared/errors';
import { CURRENCIES, type Currency } from '../../../server/domain/shared/money';
import { isStorableText } from '../../../server/domain/shared/text';
import type { DashboardMessageKey, DashboardTranslate } from '../../../i18n/dashboard';
import { minorUnits } from './record-actions';

/**
 * The reusable link's form: what the API's template takes of a payment link (name, amount,
 * currency, description, and the scheme of a mandate set up with it), read with the API's own
 * limits (255 characters, an amount of at least one minor unit, its currency and scheme lists).
 * Everything else is the templates service's to judge, with the same rules as the API's create:
 * its refusals come back next to the field they name.
 */
export const TEMPLATE_FIELDS = ['name', 'description', 'amount', 'currency', 'mandate_scheme'] as const;
export type TemplateFormField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateFormValues = Record<TemplateFormField, string>;
export interface TemplateFormError {
  field: TemplateFormField;
  message: string;
}

const storable = (text: string) => isStorableText(text);
const templateForm = z.object({
  name: z.string().trim().max(255, 'links.description_too_long').refine(storable, 'templates.text_invalid'),
  description: z
    .string()
    .trim()
    .min(1, 'links.description_required')
    .max(255, 'links.description_too_long')
    .refine(storable, 'templates.text_invalid'),
  amount: z.string().transform((v, ctx) => {
    const minor = minorUnits(v);
    if (!minor) ctx.addIssue({ code: 'custom', message: 'links.amount_invalid' });
    return minor ?? 0;
  }),
  currency: z.enum(CURRENCIES, { message: 'links.currency_required' }),
  mandate_scheme: z.union([z.literal(''), z.enum(SCHEMES)], { message: 'templates.scheme_invalid' }),
});
export type TemplateForm = z.infer<typeof templateForm>;

/** The form as sent (each field once, as text), to parse and to show back with its messages. */
export const valuesOf = (form: FormData): TemplateFormValues =>
  Object.fromEntries(
    TEMPLATE_FIELDS.map((f) => {
      const value = form.get(f);
      return [f, typeof value === 'string' ? value : ''];
    }),
  ) as TemplateFormValues;

export function parseTemplateForm(values: TemplateFormValues, t: DashboardTranslate) {
  const parsed = templateForm.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: [] as TemplateFormError[] };
  const errors = parsed.error.issues.map((issue) => ({
    field: String(issue.path[0]) as TemplateFormField,
    message: t(issue.message as DashboardMessageKey),
  }));
  return { data: null, errors };
}

/** A mandate's fields that only make sense with a mandate: cleared with it. */
const NO_MANDATE = {
  mandate_request_currency: null,
  mandate_request_scheme: null,
  mandate_request_description: null,
  mandate_request_verify: null,
  mandate_request_metadata: null,
  mandate_request_constraints: null,
} satisfies TemplateFields;

/** The template's settable fields as they are (what the dashboard's form does not show is kept). */
const keptOf = (t: TemplateRow): TemplateFields => ({
  metadata: t.metadata,
  mandate_request_description: t.mandate_request_description,
  mandate_request_verify: t.mandate_request_verify,
  mandate_request_metadata: t.mandate_request_metadata,
  mandate_request_constraints: t.mandate_request_constraints,
  payment_request_scheme: t.payment_request_scheme,
  payment_request_metadata: t.payment_request_metadata,
  redirect_uri: t.redirect_uri,
});

/**
 * The template the form describes. Its own fields replace the template's (a name left empty is
 * removed, as the API's PUT clears a field sent as null); a mandate's currency is read from its
 * scheme; without a scheme the template asks for no mandate. Fields the form does not show
 * (metadata, `redirect_uri`, a mandate's constraints…) keep what `current` has.
 */
export function templateFieldsOf(form: TemplateForm, current?: TemplateRow): TemplateFields {
  return {
    ...(current ? keptOf(current) : {}),
    name: form.name || null,
    payment_request_amount: form.amount,
    payment_request_currency: form.currency,
    payment_request_description: form.description,
    ...(form.mandate_scheme
      ? { mandate_request_currency: null, mandate_request_scheme: form.mandate_scheme }
      : NO_MANDATE),
  };
}

/** The mandate's scheme a template asks for: its own, or its mandate currency's usual one. */
export const schemeOf = (t: TemplateRow) =>
  t.mandate_request_scheme ??
  (t.mandate_request_currency ? (DEFAULT_SCHEME_FOR_CURRENCY[t.mandate_request_currency as Currency] ?? '') : '');

/** The form filled with the template, for its edit page. */
export const formValuesOf = (t: TemplateRow): TemplateFormValues => ({
  name: t.name ?? '',
  description: t.payment_request_description ?? '',
  amount: t.payment_request_amount ? (t.payment_request_amount / 100).toFixed(2) : '',
  currency: t.payment_request_currency ?? 'GBP',
  mandate_scheme: schemeOf(t),
});

/** Which form field a refusal of the service names (its fields are the template's, as the API's). */
function formFieldOf(field: string): TemplateFormField {
  if (field === 'name') return 'name';
  if (field === 'payment_request_description') return 'description';
  if (field === 'payment_request_currency' || field === 'payment_request_scheme') return 'currency';
  if (field.startsWith('mandate_request')) return 'mandate_scheme';
  return 'amount';
}

/** The templates service's refusal, each issue next to its field; anything that is not a refusal is rethrown. */
export function refusalErrors(error: unknown, t: DashboardTranslate): TemplateFormError[] {
  if (!isDomainError(error)) throw error;
  const issues = error.options.fields ?? [];
  if (!issues.length) return [{ field: 'amount', message: t('records.refused', { reason: error.reason }) }];
  const errors = issues.map((issue): TemplateFormError => {
    const field = formFieldOf(issue.field);
    if (field === 'currency' && issue.code === 'invalid_choice')
      return { field, message: t('templates.currency_not_taken', { values: String(issue.params?.values ?? '') }) };
    if (field === 'mandate_scheme' && issue.code === 'required')
      return { field, message: t('templates.scheme_needs_limits') };
    return { field, message: t('records.refused', { reason: issue.code }) };
  });
  // One message a field (a scheme that needs limits misses two of them): the first says what to do.
  return errors.filter((e, i) => errors.findIndex((other) => other.field === e.field) === i);
}

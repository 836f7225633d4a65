import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { TemplateRow } from '../../../server/domain/billing-request-templates/types';
import { SCHEMES } from '../../../server/domain/schemes/types';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { templateLink } from '../../../server/api/wire/billing-request-templates';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { LINK_CURRENCIES } from './payment-links';
import { PAGE_SIZE, frameOf, owned } from './records';
import {
  formValuesOf,
  parseTemplateForm,
  refusalErrors,
  schemeOf,
  templateFieldsOf,
  valuesOf,
  type TemplateFormError,
  type TemplateFormValues,
} from './template-form';

/**
 * Reusable payment links: billing request templates made, listed, shown and edited through the
 * templates service (as `/billing_request_templates`). A template's page shows its permanent link,
 * its QR codes (the link's own `/qr.png` and `/qr.svg`) and the billing requests its payers have
 * made through it, each linking to its page. Admins make and edit; viewers read.
 */
const BASE = '/dashboard/payment-links/templates';
const CURSOR = /^[A-Z0-9]{1,40}$/;
const TEMPLATE_ID = /^BRT[0-9A-Z]{1,40}$/;

const at = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** A cursor page from the query string (`after` wins over `before`), 25 rows. */
function pageOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const after = params.get('after') ?? '';
  const before = params.get('before') ?? '';
  return {
    after: CURSOR.test(after) ? after : undefined,
    before: !CURSOR.test(after) && CURSOR.test(before) ? before : undefined,
    limit: PAGE_SIZE,
  };
}

function queryWithout(request: Request, name: string) {
  const params = new URL(request.url).searchParams;
  params.delete(name);
  return params.toString();
}

const summaryOf = (t: TemplateRow) => ({
  id: t.id,
  name: t.name,
  description: t.payment_request_description ?? t.mandate_request_description,
  amount: t.payment_request_amount,
  currency: t.payment_request_currency,
  scheme: schemeOf(t) || null,
  created: at(t.created_at),
});

export async function presentTemplates(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { db, billingRequestTemplates } = args.context.services;
  const page = await billingRequestTemplates.list(db, actorOf(who.user), {}, pageOf(args.request));
  return json(
    {
      frame: frameOf(who),
      rows: page.items.map(summaryOf),
      cursors: page.cursors,
      query: new URL(args.request.url).search,
    },
    { headers: noStore() },
  );
}

/** The template, or the 404 page for an unknown id and another organisation's. */
async function ownTemplate(args: LoaderFunctionArgs, who: SignedIn) {
  const id = args.params.id ?? '';
  if (!TEMPLATE_ID.test(id)) dashboardError(404, who.language, 'not_found');
  const { db, billingRequestTemplates } = args.context.services;
  return owned(who, () => billingRequestTemplates.get(db, actorOf(who.user), id));
}

export async function presentTemplate(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const template = await ownTemplate(args, who);
  // The billing requests the template's link has made, newest first: a cursor on (organisation, template, id).
  const { db, billingRequests } = args.context.services;
  const requests = await billingRequests.list(db, actorOf(who.user), { template: template.id }, pageOf(args.request));
  const asked = new URL(args.request.url).searchParams.get('done');
  const done: 'created' | 'saved' | null = asked === 'created' || asked === 'saved' ? asked : null;
  return json(
    {
      frame: frameOf(who),
      done,
      // Its permanent public link, its `authorisation_url` (its QR codes are at `/qr.png` and `/qr.svg`).
      template: { ...summaryOf(template), url: templateLink(args.context.config.publicUrl, template.id) },
      requests: requests.items.map(({ request, customer }) => ({
        id: request.id,
        status: request.status,
        payer:
          customer.email ??
          ([customer.given_name, customer.family_name].filter(Boolean).join(' ') || customer.company_name),
        created: at(request.created_at),
      })),
      cursors: requests.cursors,
      // The pager's links carry the page's query, but not the notice of what was just done.
      query: queryWithout(args.request, 'done'),
    },
    { headers: noStore() },
  );
}

const EMPTY_FORM: TemplateFormValues = { name: '', description: '', amount: '', currency: 'GBP', mandate_scheme: '' };

/** The new or edit page: the form, filled in, and its messages. */
const formPage = (who: SignedIn, values: TemplateFormValues, errors: TemplateFormError[], id: string | null) => ({
  frame: frameOf(who),
  id,
  values,
  errors,
  currencies: LINK_CURRENCIES,
  schemes: SCHEMES,
});
export type TemplateFormPage = ReturnType<typeof formPage>;

export async function presentNewTemplate(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json(formPage(who, EMPTY_FORM, [], null), { headers: noStore() });
}

export async function submitNewTemplate(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const t = dashboardTranslator(who.language);
  const values = valuesOf(who.form);
  const { data, errors } = parseTemplateForm(values, t);
  if (!data) return json(formPage(who, values, errors, null), { status: 400, headers: noStore() });
  try {
    const templates = args.context.services.billingRequestTemplates;
    const template = await write(args.context, (tx) => templates.create(tx, actorOf(who.user), templateFieldsOf(data)));
    return redirect(`${BASE}/${template.id}?done=created`, { status: 303, headers: noStore() });
  } catch (error) {
    const refused = refusalErrors(error, t);
    return json(formPage(who, values, refused, null), { status: 422, headers: noStore() });
  }
}

export async function presentTemplateEdit(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const template = await ownTemplate(args, who);
  return json(formPage(who, formValuesOf(template), [], template.id), { headers: noStore() });
}

/** PUT semantics: the form's fields replace the template's; what the form does not show is kept as it is. */
export async function submitTemplateEdit(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const template = await ownTemplate(args, who);
  const t = dashboardTranslator(who.language);
  const values = valuesOf(who.form);
  const { data, errors } = parseTemplateForm(values, t);
  if (!data) return json(formPage(who, values, errors, template.id), { status: 400, headers: noStore() });
  try {
    // The API's PUT: the current template is read locked in the same unit of work, so what the
    // replacement keeps of it cannot have changed since.
    const templates = args.context.services.billingRequestTemplates;
    await write(args.context, async (tx) => {
      const current = await templates.get(tx, actorOf(who.user), template.id, { lock: true });
      return templates.update(tx, actorOf(who.user), template.id, templateFieldsOf(data, current));
    });
    return redirect(`${BASE}/${template.id}?done=saved`, { status: 303, headers: noStore() });
  } catch (error) {
    const refused = refusalErrors(error, t);
    return json(formPage(who, values, refused, template.id), { status: 422, headers: noStore() });
  }
}

import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { THEME_COLOURS, type ThemeColour } from '../../../server/domain/branding/contrast';
import { isDomainError } from '../../../server/domain/shared/errors';
import { isStorableText } from '../../../server/domain/shared/text';
import { dashboardTranslator, type DashboardTranslate } from '../../../i18n/dashboard';
import {
  CUSTOMER_NOTIFICATION_TYPES,
  isCustomerNotificationType,
  type CustomerNotificationType,
} from '../../../server/domain/notifications/types';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { frameOf } from './records';

/**
 * The settings page: a creditor's payer page branding (display name, logo, colours) and contact,
 * changed through the same services as the API's (`creditors.update`, `branding.createLogo`,
 * `branding.createTheme`), so the same refusals hold (a colour without enough contrast, a logo
 * that is not a safe image) and are shown next to their field; the operator's live approvals,
 * read only; and the payer notices the merchant sends itself (decision 0038). One page, four forms
 * (`intent`); the logo is a multipart file upload, so no script is needed. Admins only write; a
 * viewer's POST is the 403 page before anything is read.
 */
export type SettingsIntent = 'details' | 'logo' | 'theme' | 'notices' | 'sandbox';
const INTENTS: readonly SettingsIntent[] = ['details', 'logo', 'theme', 'notices', 'sandbox'];
interface FieldError {
  field: string;
  message: string;
}

const PHONE = /^\+?[0-9 ()-]{3,30}$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;

async function page(args: LoaderFunctionArgs, who: SignedIn, creditorId: string | null) {
  // The organisation's creditors (a settings page shows one at a time) and its live approvals.
  const { db, creditors: creditorService, access, branding, notifications } = args.context.services;
  const creditors = (await creditorService.list(db, actorOf(who.user), {}, { limit: 50 })).items;
  const organisation = await access.findOrganisation(db, who.user.organisation_id);
  const creditor = creditorId ? creditors.find((c) => c.id === creditorId) : creditors[0];
  if (!creditor) dashboardError(404, who.language, 'not_found');
  const logo = (await branding.brandingOf(db, creditor.id)).logo;
  const theme = await branding.themeOfCreditor(db, creditor.id);
  // The payer notice types the creditor's merchant sends itself (decision 0038).
  const takenOver = await notifications.takeoversOf(db, actorOf(who.user), creditor.id);
  return {
    frame: frameOf(who),
    sandbox: args.context.services.environment === 'sandbox',
    creditors: creditors.map((c) => ({ id: c.id, name: c.name })),
    creditor: { id: creditor.id, name: creditor.name, email: creditor.email, phone: creditor.phone_number },
    logo: logo ?? null,
    colours: Object.fromEntries(THEME_COLOURS.map((f) => [f, theme?.[f] ?? ''])) as Record<ThemeColour, string>,
    notices: CUSTOMER_NOTIFICATION_TYPES.map((type) => ({ type, takenOver: takenOver.includes(type) })),
    // Sandbox only: whether payouts are held back, so collected funds stay in the balance.
    holdPayouts: organisation?.sandbox_payouts_held ?? false,
    approvals: {
      payment_pages_approved: organisation?.payment_pages_approved ?? false,
      white_label_partner: organisation?.white_label_partner ?? false,
      custom_payment_pages: organisation?.custom_payment_pages ?? false,
    },
  };
}

export async function presentSettings(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const url = new URL(args.request.url);
  const done = url.searchParams.get('done');
  return json(
    {
      ...(await page(args, who, url.searchParams.get('creditor'))),
      done: INTENTS.includes(done as SettingsIntent) ? (done as SettingsIntent) : null,
    },
    { headers: noStore() },
  );
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The service's refusal as messages next to their fields; anything that is not a refusal is rethrown. */
function refusalMessages(error: unknown, t: DashboardTranslate, fallbackField: string): FieldError[] {
  if (!isDomainError(error)) throw error;
  const fields = error.options.fields ?? [];
  if (!fields.length) return [{ field: fallbackField, message: t('records.refused', { reason: error.reason }) }];
  return fields.map((f) => {
    const field = f.field === 'image' ? 'logo' : f.field === 'phone_number' ? 'phone' : f.field;
    const params = (f.params ?? {}) as Record<string, string | number>;
    if (f.code === 'insufficient_colour_contrast')
      return {
        field,
        message: t('settings.error.contrast', { ratio: params.ratio ?? '', required: params.required ?? '' }),
      };
    if (f.code === 'image_too_large')
      return { field, message: t('settings.error.image_too_large', { max: params.max ?? '' }) };
    if (
      f.code === 'image_type_not_supported' ||
      f.code === 'image_svg_unsafe' ||
      f.code === 'invalid_email' ||
      f.code === 'blank'
    )
      return { field, message: t(`settings.error.${f.code}`) };
    return { field, message: t('records.refused', { reason: f.code }) };
  });
}

async function detailsErrors(args: ActionFunctionArgs, who: SignedIn & { form: FormData }, creditor: string) {
  const t = dashboardTranslator(who.language);
  const name = text(who.form, 'name');
  const email = text(who.form, 'email');
  const phone = text(who.form, 'phone');
  const errors: FieldError[] = [];
  for (const [field, value] of [
    ['name', name],
    ['email', email],
    ['phone', phone],
  ] as const)
    if (!isStorableText(value) || value.length > 255) errors.push({ field, message: t('settings.error.text') });
  if (!name && !errors.length) errors.push({ field: 'name', message: t('settings.error.blank') });
  if (phone && !PHONE.test(phone) && !errors.some((e) => e.field === 'phone'))
    errors.push({ field: 'phone', message: t('settings.error.phone') });
  if (errors.length) return errors;
  try {
    const change = { name, email: email || null, phone_number: phone || null };
    await write(args.context, (tx) => args.context.services.creditors.update(tx, actorOf(who.user), creditor, change));
  } catch (error) {
    return refusalMessages(error, t, 'name');
  }
  return [];
}

async function logoErrors(args: ActionFunctionArgs, who: SignedIn & { form: FormData }, creditor: string) {
  const t = dashboardTranslator(who.language);
  const file = who.form.get('logo');
  if (!file || typeof file === 'string' || file.size === 0)
    return [{ field: 'logo', message: t('settings.error.logo_missing') }];
  // The service takes the API's base64 field and decides the type from the bytes, never from the upload's name or type.
  const image = Buffer.from(await file.arrayBuffer()).toString('base64');
  try {
    const logo = { image, links: { creditor } };
    await write(args.context, (tx) => args.context.services.branding.createLogo(tx, actorOf(who.user), logo));
  } catch (error) {
    return refusalMessages(error, t, 'logo');
  }
  return [];
}

async function themeErrors(args: ActionFunctionArgs, who: SignedIn & { form: FormData }, creditor: string) {
  const t = dashboardTranslator(who.language);
  const colours: Partial<Record<ThemeColour, string | null>> = {};
  const errors: FieldError[] = [];
  for (const field of THEME_COLOURS) {
    const value = text(who.form, field);
    if (value && !COLOUR.test(value)) errors.push({ field, message: t('settings.error.colour_format') });
    colours[field] = value || null;
  }
  if (errors.length) return errors;
  try {
    const theme = { ...colours, links: { creditor } };
    await write(args.context, (tx) => args.context.services.branding.createTheme(tx, actorOf(who.user), theme));
  } catch (error) {
    return refusalMessages(error, t, THEME_COLOURS[0]);
  }
  return [];
}

/** The ticked notice types; anything not on the list (a form that was not ours) is refused, nothing saved. */
async function noticesErrors(args: ActionFunctionArgs, who: SignedIn & { form: FormData }, creditor: string) {
  const t = dashboardTranslator(who.language);
  const ticked = who.form.getAll('notice').map(String);
  if (!ticked.every(isCustomerNotificationType))
    return [{ field: 'notices', message: t('settings.error.notice_type') }];
  const types = [...new Set(ticked)] as CustomerNotificationType[];
  const { notifications } = args.context.services;
  await write(args.context, (tx) => notifications.setTakeovers(tx, actorOf(who.user), creditor, types));
  return [];
}

/** Sandbox funds: hold the organisation's payouts back or let them go (live: the 404 page). */
async function sandboxErrors(args: ActionFunctionArgs, who: SignedIn & { form: FormData }) {
  if (args.context.services.environment !== 'sandbox') dashboardError(404, who.language, 'not_found');
  const held = who.form.get('hold_payouts') === 'true';
  const { access } = args.context.services;
  await write(args.context, (tx) => access.setSandboxSettings(tx, who.user.organisation_id, { hold_payouts: held }));
  return [];
}

export async function submitSettings(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const intent = who.form.get('intent');
  if (!INTENTS.includes(intent as SettingsIntent)) dashboardError(404, who.language, 'not_found');
  const creditorField = who.form.get('creditor');
  const shown = await page(args, who, typeof creditorField === 'string' ? creditorField : null);
  const check = {
    details: detailsErrors,
    logo: logoErrors,
    theme: themeErrors,
    notices: noticesErrors,
    sandbox: sandboxErrors,
  }[intent as SettingsIntent];
  const errors = await check(args, who, shown.creditor.id);
  if (!errors.length)
    return redirect(`/dashboard/settings?creditor=${shown.creditor.id}&done=${intent}`, {
      status: 303,
      headers: noStore(),
    });
  // What was typed comes back with its messages (never a file: the browser cannot be given one back).
  const submitted = Object.fromEntries(
    ['name', 'email', 'phone', ...THEME_COLOURS]
      .map((f) => [f, text(who.form, f)])
      .filter(([, v]) => isStorableText(v!)),
  );
  return json({ intent, errors, submitted }, { status: 400, headers: noStore() });
}

import { randomBytes } from 'node:crypto';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import QRCode from 'qrcode';
import { billingRequestOf } from '../../server/domain/billing-request-templates/service';
import type { TemplateRow } from '../../server/domain/billing-request-templates/types';
import type { BillingRequestRow } from '../../server/domain/billing-requests/types';
import { isDomainError } from '../../server/domain/shared/errors';
import { requestCurrency } from '../../server/domain/billing-requests/actions';
import { ACCOUNT_DETAILS } from '../../server/domain/schemes/payer-fields';
import type { Currency } from '../../server/domain/shared/money';
import { formattingLocale, isLanguage, negotiateLanguage, type Language } from '../../i18n/languages';
import { templateLink } from '../../server/api/wire/billing-request-templates';
import { translator } from '../../i18n/flow';
import { allowTemplateFraming } from './dropin';
import { errorPage, notFoundPage } from './flow';
import { orderSummary } from './order-summary';
import { brandingOf, loadTemplate, openTemplate } from './payer-services';
import { brandFrame } from './branding';
import type { CreditorBranding } from '../../server/domain/branding/service';
import { csrfMatches, readSealedCookie, sealedCookie } from './session';
import { readBody } from './steps/run-step';

/**
 * A template's public link (`/pay/templates/<BRT id>`, its `authorisation_url`). GET shows who is
 * paid and what, with a Continue button, and writes nothing: link scanners and prefetchers that
 * open the link make no billing request. The POST (a CSRF-checked form, like every payer form)
 * makes a fresh billing request and flow for this payer and 303s into the flow.
 *
 * The form posts to the page's own address, query string included, and the 303 carries the same
 * query string on to the flow (`?lang=fr`, and what the drop-in adds), so a page opened inside the
 * drop-in stays in it.
 */

/** The CSRF cookie: bound to the one template, only sent to its link. */
const COOKIE = 'bf_tpl';
const COOKIE_TTL_SECONDS = 3600;
interface TemplateSession {
  templateId: string;
  csrf: string;
}

/**
 * `SameSite=None; Partitioned` so the form also works when the link is framed by the drop-in
 * (a third-party iframe, where a Lax cookie is not sent); the token in the form, which another
 * site cannot read, is what stops a forged POST.
 */
const cookieAttributes = (templateId: string) =>
  `Path=/pay/templates/${templateId}; Max-Age=${COOKIE_TTL_SECONDS}; HttpOnly; Secure; SameSite=None; Partitioned`;

async function sessionOf(request: Request, templateId: string, secret: string) {
  const session = await readSealedCookie<TemplateSession>(request, COOKIE, secret);
  return session?.templateId === templateId && typeof session.csrf === 'string' ? session : null;
}

function languageOf(request: Request): Language {
  const lang = new URL(request.url).searchParams.get('lang');
  return isLanguage(lang) ? lang : negotiateLanguage(request.headers.get('accept-language'));
}

async function templateOrNotFound(
  request: Request,
  templateId: string | undefined,
  context: LoaderFunctionArgs['context'],
) {
  const found = templateId ? await loadTemplate(context, templateId) : undefined;
  if (!found) notFoundPage(request);
  return found;
}

/** What the landing page shows: whom the payer pays, what, and the form's token. */
function presentTemplate(
  found: { template: TemplateRow; creditorName: string },
  language: Language,
  csrf: string,
  branding: CreditorBranding,
) {
  const t = translator(language);
  // The order summary reads a billing request; the template's is the one each payer will get.
  const request = billingRequestOf(found.template) as unknown as BillingRequestRow;
  return {
    language,
    templateId: found.template.id,
    creditorName: found.creditorName,
    csrf,
    // Amounts as the account's country writes its currency (no payer's country is known yet).
    summary: orderSummary(
      request,
      found.creditorName,
      t,
      formattingLocale(language, ACCOUNT_DETAILS[requestCurrency(request) as Currency]?.country),
    ),
    ...brandFrame(branding),
  };
}

export type TemplatePageData = ReturnType<typeof presentTemplate> & { unavailable?: boolean };

export async function showTemplate({ request, params, context }: LoaderFunctionArgs) {
  const found = await templateOrNotFound(request, params.templateId, context);
  // Opened by the drop-in: the page may be framed by the merchant's registered origin (the sandbox: any https one).
  await allowTemplateFraming(context, found.template.organisation_id, new URL(request.url));
  const existing = await sessionOf(request, found.template.id, context.sessionSecret);
  const session = existing ?? { templateId: found.template.id, csrf: randomBytes(24).toString('base64url') };
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (!existing) {
    const sealed = await sealedCookie(session, context.sessionSecret, COOKIE_TTL_SECONDS);
    headers['set-cookie'] = `${COOKIE}=${sealed}; ${cookieAttributes(found.template.id)}`;
  }
  return json<TemplatePageData>(
    presentTemplate(found, languageOf(request), session.csrf, await brandingOf(context, found.template.creditor_id)),
    { headers },
  );
}

export async function continueFromTemplate({ request, params, context }: ActionFunctionArgs) {
  const found = await templateOrNotFound(request, params.templateId, context);
  await allowTemplateFraming(context, found.template.organisation_id, new URL(request.url));
  const language = languageOf(request);
  const session = await sessionOf(request, found.template.id, context.sessionSecret);
  const form = await readBody(request);
  if (!session || !form || !csrfMatches(session, form.get('csrf'))) errorPage(403, language);
  try {
    const flow = await openTemplate(context, found.template);
    return redirect(`/pay/${flow.id}${new URL(request.url).search}`, 303);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The template no longer makes a valid request (its creditor's rules changed): say so, nothing was made.
    return json<TemplatePageData>(
      {
        ...presentTemplate(found, language, session.csrf, await brandingOf(context, found.template.creditor_id)),
        unavailable: true,
      },
      { status: 409 },
    );
  }
}

/** The link as a printable QR code: PNG for print, SVG to scale. */
export async function templateQrCode({ request, params, context }: LoaderFunctionArgs, format: 'png' | 'svg') {
  const found = await templateOrNotFound(request, params.templateId, context);
  const link = templateLink(context.config.publicUrl, found.template.id);
  const headers = { 'cache-control': 'public, max-age=86400' };
  if (format === 'svg') {
    const svg = await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return new Response(svg, { headers: { ...headers, 'content-type': 'image/svg+xml' } });
  }
  const png = await QRCode.toBuffer(link, { type: 'png', margin: 2, width: 512, errorCorrectionLevel: 'M' });
  return new Response(new Uint8Array(png), { headers: { ...headers, 'content-type': 'image/png' } });
}

import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import QRCode from 'qrcode';
import { z } from 'zod';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { minorUnits } from './record-actions';
import { frameOf } from './records';

/**
 * Payment links: a small form makes a billing request (one payment, paid by bank) and its flow, as the user; the link's page shows the flow's address, its QR code (an
 * image, and PNG and SVG downloads) and the request's status, with the payment once it is made.
 */
export const LINK_CURRENCIES = ['GBP', 'EUR'] as const;

const linkForm = z.object({
  amount: z.string().transform((v, ctx) => {
    const minor = minorUnits(v);
    if (!minor) ctx.addIssue({ code: 'custom', message: 'links.amount_invalid' });
    return minor ?? 0;
  }),
  currency: z.enum(LINK_CURRENCIES, { message: 'links.currency_required' }),
  description: z.string().trim().min(1, 'links.description_required').max(255, 'links.description_too_long'),
});

export type PaymentLinkValues = Record<'amount' | 'currency' | 'description', string>;

/** What the form sent, as typed: it comes back into the fields when the link is refused. */
const typedValues = (form: FormData): PaymentLinkValues => ({
  amount: String(form.get('amount') ?? '').slice(0, 30),
  currency: String(form.get('currency') ?? '').slice(0, 10),
  description: String(form.get('description') ?? '').slice(0, 300),
});

export async function presentPaymentLinks(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json({ frame: frameOf(who) }, { headers: noStore() });
}

export async function submitPaymentLink(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const t = dashboardTranslator(who.language);
  const values = typedValues(who.form);
  const parsed = linkForm.safeParse(values);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: String(issue.path[0]),
      message: t(issue.message as 'links.amount_invalid'),
    }));
    return json({ errors, values }, { status: 400, headers: noStore() });
  }
  try {
    // A billing request for one payment by bank (an instant payment) and its flow, made by the user.
    const { billingRequests, flows } = args.context.services;
    const payment = { ...parsed.data, metadata: {}, funds_settlement: 'managed' as const, retry_if_possible: false };
    const flow = await write(args.context, async (tx) => {
      const made = await billingRequests.create(tx, actorOf(who.user), { payment_request: payment });
      return flows.create(tx, actorOf(who.user), { links: { billing_request: made.request.id } });
    });
    return redirect(`/dashboard/payment-links/${flow.id}`, { status: 303, headers: noStore() });
  } catch (error) {
    // What the billing request's rules refuse (an amount the scheme does not take), next to the amount.
    if (!isDomainError(error)) throw error;
    const message = t('records.refused', { reason: error.reason });
    return json({ errors: [{ field: 'amount', message }], values }, { status: 422, headers: noStore() });
  }
}

/** A payment link's flow and billing request, or the 404 page when it is not the user's organisation's. */
async function ownLink(args: LoaderFunctionArgs, who: SignedIn) {
  const { db, flows, billingRequests } = args.context.services;
  const flowId = args.params.id ?? '';
  const flow = /^BRF[0-9A-Z]{1,40}$/.test(flowId) ? await flows.findForPayer(db, flowId) : undefined;
  if (!flow || flow.organisation_id !== who.user.organisation_id) dashboardError(404, who.language, 'not_found');
  const view = await billingRequests.get(db, actorOf(who.user), flow.billing_request_id);
  return { flow, view, url: `${args.context.config.publicUrl}/pay/${flow.id}` };
}

/** Where the payer has got to: the request's status, and its payment once there is one. */
const progressOf = (request: { status: string; payment_id: string | null }) => ({
  status: request.status,
  payment: request.payment_id,
});

/** Statuses after which nothing more happens to the link: its page stops asking. */
const SETTLED = ['fulfilled', 'cancelled'];

export async function presentPaymentLink(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { flow, view, url } = await ownLink(args, who);
  const request = view.request;
  return json(
    {
      frame: frameOf(who),
      link: {
        id: flow.id,
        url,
        expires: flow.expires_at.toISOString().slice(0, 16).replace('T', ' '),
        amount: request.payment_request?.amount ?? 0,
        currency: request.payment_request?.currency ?? 'GBP',
        description: request.payment_request?.description ?? '',
        mandate: request.mandate_id,
        ...progressOf(request),
        // The enhancement script follows the status from here while it can still change.
        live: SETTLED.includes(request.status) ? null : `/dashboard/payment-links/${flow.id}/status.json`,
      },
    },
    { headers: noStore() },
  );
}

/**
 * `status.json`: the link's progress for its page's live status (the enhancement script asks every
 * few seconds while the payer may still be paying); without JavaScript the page is reloaded.
 */
export async function paymentLinkStatus(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { view } = await ownLink(args, who);
  const progress = progressOf(view.request);
  return json(
    { ...progress, settled: SETTLED.includes(progress.status) },
    { headers: { 'cache-control': 'private, no-store' } },
  );
}

/** `qr.png` or `qr.svg`: the link's QR code, to download or print. */
export async function paymentLinkQr(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const file = args.params.file;
  if (file !== 'qr.png' && file !== 'qr.svg') dashboardError(404, who.language, 'not_found');
  const { url, flow } = await ownLink(args, who);
  const headers = {
    'cache-control': 'private, no-store',
    'content-disposition': `inline; filename="${flow.id}-${file}"`,
  };
  if (file === 'qr.svg') {
    const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return new Response(svg, { headers: { ...headers, 'content-type': 'image/svg+xml' } });
  }
  const png = await QRCode.toBuffer(url, { type: 'png', margin: 2, width: 512, errorCorrectionLevel: 'M' });
  return new Response(new Uint8Array(png), { headers: { ...headers, 'content-type': 'image/png' } });
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { findAction, requestCurrency } from '../../server/domain/billing-requests/actions';
import { SANDBOX_BANK_ACCOUNTS, sandboxBankShare } from '../../server/domain/schemes/sandbox-accounts';
import { isDomainError } from '../../server/domain/shared/errors';
import { translator } from '../../i18n/flow';
import { languageFor } from './flow';
import {
  answerBankAuthorisation,
  findBankAuthorisation,
  letBankAuthorisationExpire,
  loadPayer,
  visitBankAuthorisation,
} from './payer-services';
import { formMessages } from './steps/messages';
import { readBody, type StepErrors } from './steps/run-step';

/**
 * The simulated bank of the sandbox: the page a bank authorisation's `url` (and its QR code)
 * opens. The payer authorises, denies, lets it fail or lets it time out; the bank records the
 * answer and sends them back to the flow. Its forms carry a token tied to the authorisation (the
 * flow's session cookie belongs to the flow's pages, not to the bank).
 */
const tokenFor = (id: string, secret: string) => createHmac('sha256', secret).update(`bank:${id}`).digest('base64url');

async function load(id: string | undefined, context: AppLoadContext) {
  const authorisation = id ? await findBankAuthorisation(context, id) : undefined;
  const payer = authorisation?.flow_id ? await loadPayer(context, authorisation.flow_id) : null;
  if (!authorisation || !payer) throw new Response(null, { status: 404 });
  return { authorisation, payer };
}

export async function presentSandboxBank({ request, params, context }: LoaderFunctionArgs) {
  const { authorisation, payer } = await load(params.id, context);
  const visited = await visitBankAuthorisation(context, payer, authorisation.id);
  const language = languageFor(request, payer);
  const request_ = payer.view.request;
  const sharesAccount =
    findAction(payer.view.actions, 'bank_authorisation')?.completes_actions.includes('collect_bank_account') ?? false;
  const currency = requestCurrency(request_);
  const amount = request_.payment_request
    ? new Intl.NumberFormat(language, { style: 'currency', currency: request_.payment_request.currency }).format(
        request_.payment_request.amount / 100,
      )
    : null;
  return json({
    id: authorisation.id,
    token: tokenFor(authorisation.id, context.sessionSecret),
    status: visited.status,
    language,
    creditorName: payer.view.creditorName,
    bank: request_.institution?.name ?? 'PayTo',
    amount,
    account: sharesAccount ? (SANDBOX_BANK_ACCOUNTS[currency]?.label ?? null) : null,
  });
}

const schema = z.object({ decision: z.enum(['authorise', 'deny', 'fail', 'timeout']) });
const OUTCOME = { authorise: 'authorised', deny: 'denied', fail: 'failed' } as const;

/** The payer's answer at the bank; a form without one is the bank's page again (400). */
export async function answerAtBank({ request, params, context }: ActionFunctionArgs) {
  const { authorisation, payer } = await load(params.id, context);
  const form = await readBody(request);
  const given = Buffer.from(String(form?.get('token') ?? ''));
  const expected = Buffer.from(tokenFor(authorisation.id, context.sessionSecret));
  if (form && (given.length !== expected.length || !timingSafeEqual(given, expected)))
    throw new Response('Forbidden', { status: 403 });
  const parsed = schema.safeParse(form ? Object.fromEntries(form) : {});
  if (!form || !parsed.success) {
    const language = languageFor(request, payer);
    const errors = formMessages([{ field: null, missing: false }], {
      t: translator(language),
      language,
      labels: {},
      anchor: 'main',
    });
    return json<StepErrors>({ errors, submitted: {} }, { status: 400 });
  }
  const { decision } = parsed.data;
  try {
    if (decision === 'timeout') await letBankAuthorisationExpire(context, payer, authorisation.id);
    else {
      const account = sandboxBankShare(payer.view.customer, requestCurrency(payer.view.request));
      await answerBankAuthorisation(context, payer, authorisation.id, OUTCOME[decision], account);
    }
  } catch (error) {
    // Too late or already answered: the flow explains what happened.
    if (!isDomainError(error)) throw error;
  }
  return redirect(authorisation.redirect_uri, 303);
}

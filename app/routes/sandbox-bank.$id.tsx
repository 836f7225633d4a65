import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { findAction, requestCurrency } from '../../server/domain/billing-requests/actions';
import { SANDBOX_BANK_ACCOUNTS, sandboxBankShare } from '../../server/domain/schemes/sandbox-accounts';
import { isDomainError } from '../../server/domain/shared/errors';
import { negotiateLanguage } from '../../server/i18n/languages';
import { languageFor } from '../.server/flow';
import { translator } from '../i18n';

/**
 * The simulated bank of the sandbox: the page a bank authorisation's `url` (and its QR code)
 * opens. The payer authorises, denies, lets it fail or lets it time out; the bank records the answer and sends
 * them back to the flow. Its forms carry a token tied to the authorisation (the flow's session
 * cookie belongs to the flow's pages, not to the bank).
 */
export const meta: MetaFunction = () => [{ title: 'Sandbox bank' }];

const tokenFor = (id: string, secret: string) => createHmac('sha256', secret).update(`bank:${id}`).digest('base64url');

async function load(id: string | undefined, context: AppLoadContext) {
  const authorisation = id ? await context.services.bankAuthorisations.findForBank(id) : undefined;
  const payer = authorisation?.flow_id ? await context.services.payerFlows.load(authorisation.flow_id) : null;
  if (!authorisation || !payer) throw new Response(null, { status: 404 });
  return { authorisation, payer };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { authorisation, payer } = await load(params.id, context);
  const visited = await context.services.bankAuthorisations.visit(payer.actor, authorisation.id);
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

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { authorisation, payer } = await load(params.id, context);
  const form = await request.formData();
  const given = Buffer.from(String(form.get('token') ?? ''));
  const expected = Buffer.from(tokenFor(authorisation.id, context.sessionSecret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Response('Forbidden', { status: 403 });
  const decision = form.get('decision');
  if (decision === 'timeout') {
    await context.services.bankAuthorisations.simulateTimeout(payer.actor, authorisation.id).catch((error: unknown) => {
      if (!isDomainError(error)) throw error;
    });
    return redirect(authorisation.redirect_uri, 303);
  }
  const outcome = decision === 'authorise' ? 'authorised' : decision === 'deny' ? 'denied' : 'failed';
  const currency = requestCurrency(payer.view.request);
  try {
    await context.services.payerFlows.bankOutcome(
      payer,
      authorisation.id,
      outcome,
      sandboxBankShare(payer.view.customer, currency),
    );
  } catch (error) {
    // Too late or already answered: the flow explains what happened.
    if (!isDomainError(error)) throw error;
  }
  return redirect(authorisation.redirect_uri, 303);
}

export default function SandboxBank() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.language ?? negotiateLanguage(null));
  const open = data.status === 'pending';
  return (
    <main id="main" className="sandbox-bank">
      <p className="bank-name">{data.bank}</p>
      <h1>{t('bankpage.title')}</h1>
      {open ? (
        <>
          <p>{t('bankpage.intro', { creditor: data.creditorName, bank: data.bank })}</p>
          {data.amount ? <p className="amount">{data.amount}</p> : null}
          {data.account ? (
            <p>
              {t('bankpage.account')}: <strong>{data.account}</strong>
            </p>
          ) : null}
          <form method="post" className="bank-decision">
            <input type="hidden" name="token" value={data.token} />
            <button type="submit" name="decision" value="authorise">
              {t('bankpage.authorise')}
            </button>
            <button type="submit" name="decision" value="deny" className="secondary">
              {t('bankpage.deny')}
            </button>
            <button type="submit" name="decision" value="fail" className="secondary">
              {t('bankpage.fail')}
            </button>
            <button type="submit" name="decision" value="timeout" className="secondary">
              {t('bankpage.timeout')}
            </button>
          </form>
        </>
      ) : (
        <p role="status">{data.status === 'expired' ? t('bankpage.expired') : t('bankpage.done')}</p>
      )}
    </main>
  );
}

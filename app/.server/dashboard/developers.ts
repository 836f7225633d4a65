import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../i18n/dashboard';
import { createToken, disableToken, listTokens, tokenLastUsed } from '../dashboard-services';
import { adminForm, dashboardError, noStore, signedIn } from './guard';

/**
 * Developers: the organisation's access tokens. A new token's value is in the answer to the form
 * that made it and nowhere else (never in a redirect, a log or a later page). Disabling asks first
 * on a page of its own, so it works the same without JavaScript.
 */
const frameOf = (who: Awaited<ReturnType<typeof signedIn>>) => ({
  language: who.language,
  csrf: who.session.csrf,
  email: who.user.email,
  role: who.user.role,
});

export async function presentDevelopers(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const tokens = await listTokens(args.context, who.user);
  const done = new URL(args.request.url).searchParams.get('disabled');
  return json(
    {
      frame: frameOf(who),
      disabled: tokens.find((t) => t.id === done)?.name ?? null,
      tokens: tokens.map((t) => ({
        id: t.id,
        name: t.name,
        scope: t.scope,
        status: t.status,
        hint: t.token_hint,
        created: t.created_at.toISOString().slice(0, 10),
        lastUsed: tokenLastUsed(args.context, t)?.toISOString().slice(0, 16).replace('T', ' ') ?? null,
      })),
    },
    { headers: noStore() },
  );
}

const tokenForm = z.object({
  name: z.string().trim().min(1, 'dev.name_required').max(100, 'dev.name_too_long'),
  scope: z.enum(['read_write', 'read_only'], { message: 'dev.scope_required' }),
});

export async function submitDevelopers(args: ActionFunctionArgs) {
  const { user, form, language } = await adminForm(args);
  const t = dashboardTranslator(language);
  const parsed = tokenForm.safeParse({ name: form.get('name') ?? '', scope: form.get('scope') ?? '' });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: String(issue.path[0]),
      message: t(issue.message as 'dev.name_required'),
    }));
    return json({ errors, created: null }, { status: 400, headers: noStore() });
  }
  const { token, value } = await createToken(args.context, user, parsed.data.scope, parsed.data.name);
  return json({ errors: [], created: { name: token.name, value } }, { headers: noStore() });
}

async function ownToken(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const token = (await listTokens(args.context, who.user)).find((t) => t.id === args.params.id);
  if (!token) dashboardError(404, who.language, 'not_found');
  return { who, token };
}

export async function presentDisableToken(args: LoaderFunctionArgs) {
  const { who, token } = await ownToken(args);
  return json({ frame: frameOf(who), token: { id: token.id, name: token.name } }, { headers: noStore() });
}

export async function submitDisableToken(args: ActionFunctionArgs) {
  const { user, language } = await adminForm(args);
  const id = args.params.id ?? '';
  try {
    await disableToken(args.context, user, id);
  } catch (error) {
    // Another organisation's token is not found; one already disabled has nothing left to do.
    if (!isDomainError(error)) throw error;
    if (error.reason === 'resource_not_found') dashboardError(404, language, 'not_found');
  }
  return redirect(`/dashboard/developers?disabled=${id}`, { status: 303, headers: noStore() });
}

import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
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
  const tokens = await args.context.services.access.listTokens(args.context.services.db, who.user.organisation_id);
  const done = new URL(args.request.url).searchParams.get('disabled');
  return json(
    {
      frame: frameOf(who),
      // The sandbox keeps mail in its mailbox instead of sending it (decision 0032).
      sandbox: args.context.services.environment === 'sandbox',
      disabled: tokens.find((t) => t.id === done)?.name ?? null,
      tokens: tokens.map((t) => ({
        id: t.id,
        name: t.name,
        scope: t.scope,
        status: t.status,
        hint: t.token_hint,
        created: t.created_at.toISOString().slice(0, 10),
        lastUsed: args.context.services.access.lastUsedOf(t)?.toISOString().slice(0, 16).replace('T', ' ') ?? null,
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
  // What was typed comes back into the form when it is refused.
  const values = { name: String(form.get('name') ?? '').slice(0, 200), scope: String(form.get('scope') ?? '') };
  const parsed = tokenForm.safeParse(values);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: String(issue.path[0]),
      message: t(issue.message as 'dev.name_required'),
    }));
    return json({ errors, values, created: null }, { status: 400, headers: noStore() });
  }
  const { token, value } = await write(args.context, (tx) =>
    args.context.services.access.createToken(tx, user.organisation_id, parsed.data.scope, parsed.data.name),
  );
  return json({ errors: [], created: { name: token.name, value } }, { headers: noStore() });
}

async function ownToken(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const token = (
    await args.context.services.access.listTokens(args.context.services.db, who.user.organisation_id)
  ).find((t) => t.id === args.params.id);
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
    await write(args.context, (tx) => args.context.services.access.disableOwnToken(tx, user.organisation_id, id));
  } catch (error) {
    // Another organisation's token is not found; one already disabled has nothing left to do.
    if (!isDomainError(error)) throw error;
    if (error.reason === 'resource_not_found') dashboardError(404, language, 'not_found');
  }
  return redirect(`/dashboard/developers?disabled=${id}`, { status: 303, headers: noStore() });
}

import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { isDomainError } from '../../../server/domain/shared/errors';
import { WEBHOOK_DELIVERY_STATUSES } from '../../../server/domain/webhooks/types';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { PAGE_SIZE, filtersOf } from './records';

/**
 * Developers → webhook endpoints: list and create (the signing secret shown once, in the answer to
 * the form), and on each endpoint's page its deliveries (each with a page of its own, in
 * `webhook-deliveries.ts`) and four actions — rotate the secret, disable, enable, send a test —
 * each asked on a page of its own before it is done.
 */
type EndpointAction = 'rotate' | 'disable' | 'enable' | 'test';
const ACTIONS: readonly EndpointAction[] = ['rotate', 'disable', 'enable', 'test'];

const frameOf = ({ language, session, user }: SignedIn) => ({
  language,
  csrf: session.csrf,
  email: user.email,
  role: user.role,
});

export async function presentEndpoints(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const endpoints = await args.context.services.webhookEndpoints.list(args.context.services.db, {
    organisationId: who.user.organisation_id,
  });
  return json(
    {
      frame: frameOf(who),
      endpoints: endpoints.map((e) => ({ id: e.id, url: e.url, enabled: e.enabled, hint: e.secret_hint })),
    },
    { headers: noStore() },
  );
}

export async function submitNewEndpoint(args: ActionFunctionArgs) {
  const { user, form, language } = await adminForm(args);
  const t = dashboardTranslator(language);
  const url = form.get('url');
  // The address comes back into its field when it is refused, as it was typed.
  const typed = String(url ?? '').slice(0, 2100);
  const refused = () =>
    json(
      { errors: [{ field: 'url', message: t('hooks.url_invalid') }], typed, created: null },
      { status: 400, headers: noStore() },
    );
  if (typeof url !== 'string' || !url.trim()) return refused();
  try {
    const { endpoint, secret } = await write(args.context, (tx) =>
      args.context.services.webhookEndpoints.create(tx, user.organisation_id, url.trim()),
    );
    return json({ errors: [], created: { url: endpoint.url, secret } }, { headers: noStore() });
  } catch (error) {
    if (isDomainError(error) && error.reason === 'validation_failed') return refused();
    throw error;
  }
}

/** The URL's endpoint, if it is the user's organisation's (404 otherwise). */
export async function ownEndpoint(args: LoaderFunctionArgs, who: SignedIn) {
  try {
    return await args.context.services.webhookEndpoints.get(
      args.context.services.db,
      { organisationId: who.user.organisation_id },
      args.params.id ?? '',
    );
  } catch (error) {
    if (isDomainError(error) && error.reason === 'resource_not_found') dashboardError(404, who.language, 'not_found');
    throw error;
  }
}

const cursor = z
  .string()
  .regex(/^[A-Z0-9]{1,40}$/)
  .optional();
const deliveryFilter = z.object({
  after: cursor,
  before: cursor,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});

/**
 * One endpoint: its state, its actions and its deliveries, 25 a page (`after`/`before` cursors on
 * their own index), optionally of one status; a filter that cannot be read is 400, next to its field.
 */
export async function presentEndpoint(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const endpoint = await ownEndpoint(args, who);
  const { values: filter, bad } = filtersOf(args.request, deliveryFilter);
  // One endpoint's deliveries, newest first, a page at a time, of one status or any (decision 0049).
  const request = {
    status: filter.status,
    after: filter.after,
    before: filter.after ? undefined : filter.before,
    limit: PAGE_SIZE,
  };
  const { db, webhooks } = args.context.services;
  const page = bad.length
    ? { items: [], cursors: { before: null, after: null } }
    : await webhooks.listForEndpoint(db, actorOf(who.user), endpoint.id, { status: request.status }, request);
  const done = new URL(args.request.url).searchParams.get('done');
  return json(
    {
      frame: frameOf(who),
      endpoint: { id: endpoint.id, url: endpoint.url, enabled: endpoint.enabled, hint: endpoint.secret_hint },
      done: ACTIONS.includes(done as EndpointAction) ? (done as EndpointAction) : null,
      statuses: WEBHOOK_DELIVERY_STATUSES,
      filter,
      bad,
      query: new URL(args.request.url).search,
      deliveries: page.items.map((d) => ({
        id: d.id,
        created: d.created_at.toISOString().slice(0, 19).replace('T', ' '),
        test: d.is_test,
        status: d.status,
        code: d.response_code,
        attempts: d.attempts,
      })),
      cursors: page.cursors,
    },
    { status: bad.length ? 400 : 200, headers: noStore() },
  );
}

function actionOf(args: LoaderFunctionArgs, who: SignedIn): EndpointAction {
  const action = args.params.action as EndpointAction;
  if (!ACTIONS.includes(action)) dashboardError(404, who.language, 'not_found');
  return action;
}

export async function presentEndpointAction(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const action = actionOf(args, who);
  const endpoint = await ownEndpoint(args, who);
  return json(
    { frame: frameOf(who), action, endpoint: { id: endpoint.id, url: endpoint.url }, secret: null as string | null },
    { headers: noStore() },
  );
}

export async function submitEndpointAction(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const action = actionOf(args, who);
  const endpoint = await ownEndpoint(args, who);
  // One of the endpoint's actions; a rotation answers with the new secret (shown once).
  const scope = { organisationId: who.user.organisation_id };
  const result = await write(args.context, async (tx): Promise<{ secret?: string }> => {
    const { webhookEndpoints, webhooks } = args.context.services;
    if (action === 'rotate') return { secret: (await webhookEndpoints.rotateSecret(tx, scope, endpoint.id)).secret };
    if (action === 'disable') await webhookEndpoints.disable(tx, scope, endpoint.id);
    if (action === 'enable') await webhookEndpoints.enable(tx, scope, endpoint.id);
    if (action === 'test') await webhooks.sendTest(tx, scope, endpoint.id);
    return {};
  });
  // A new secret is shown in this answer only; the other actions go back to the endpoint's page.
  if (result.secret)
    return json(
      { frame: frameOf(who), action, endpoint: { id: endpoint.id, url: endpoint.url }, secret: result.secret },
      { headers: noStore() },
    );
  return redirect(`/dashboard/developers/webhooks/${endpoint.id}?done=${action}`, { status: 303, headers: noStore() });
}

import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { findOrganisation } from '../access/queries';
import { refuseHost } from './addresses';
import type { DomainContext } from '../shared/context';
import { notFound, validationFailed, type FieldIssue } from '../shared/errors';
import { findEndpoint, insertEndpoint, listEndpoints, setEndpointEnabled, setEndpointSecret } from './queries';
import type { EndpointScope, WebhookEndpointRow } from './types';

export type { EndpointScope } from './types';

/** An endpoint as lists show it: the secret is never shown again, only its first characters. */
export type EndpointView = Omit<WebhookEndpointRow, 'secret'> & { secret_hint: string };

const view = ({ secret, ...row }: WebhookEndpointRow): EndpointView => ({ ...row, secret_hint: secret.slice(0, 4) });

/** 256 random bits, URL-safe: the receiver keys its HMAC with this exact string. */
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Webhooks go to absolute http(s) URLs without credentials; https only in live; never to an
 * internal address (addresses.ts): loopback only in the sandbox with WEBHOOK_ALLOW_LOOPBACK.
 * The one check for every way in (dashboard, CLI, BOOTSTRAP_WEBHOOK_URL).
 */
export function checkEndpointUrl(
  value: string,
  environment: 'sandbox' | 'live',
  options: { allowLoopback?: boolean } = {},
): FieldIssue | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { field: 'url', code: 'invalid_uri' };
  }
  const allowed = environment === 'live' ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol) || url.username || url.password) return { field: 'url', code: 'invalid_uri' };
  if (value.length > 2000) return { field: 'url', code: 'too_long', params: { max: 2000 } };
  const refusal = refuseHost(url.hostname, { allowLoopback: environment === 'sandbox' && !!options.allowLoopback });
  if (refusal) return { field: 'url', code: 'internal_address', metadata: { address_kind: refusal } };
  return null;
}

/** Webhook endpoints: use cases taking the caller's unit of work (`tx`) first, as every service does. */
export function createWebhookEndpointService(ctx: DomainContext) {
  async function setEnabled(tx: Queryable, scope: EndpointScope, id: string, enabled: boolean): Promise<EndpointView> {
    await findEndpoint(tx, scope, id, { lock: true });
    return view(await setEndpointEnabled(tx, id, enabled, ctx.clock.now()));
  }

  return {
    /** Registers an endpoint; the answer carries the secret, which is shown this once. */
    async create(
      tx: Queryable,
      organisationId: string,
      url: string,
    ): Promise<{ endpoint: EndpointView; secret: string }> {
      const issue = checkEndpointUrl(url, ctx.environment, { allowLoopback: ctx.webhookAllowLoopback });
      if (issue) throw validationFailed([issue]);
      if (!(await findOrganisation(tx, organisationId))) throw notFound('organisations');
      const secret = newSecret();
      const endpoint = await insertEndpoint(tx, {
        id: ctx.ids('webhookEndpoint'),
        organisation_id: organisationId,
        url,
        secret,
        created_at: ctx.clock.now(),
      });
      return { endpoint: view(endpoint), secret };
    },

    list: async (db: Queryable, scope: EndpointScope): Promise<EndpointView[]> =>
      (await listEndpoints(db, scope)).map(view),

    get: async (db: Queryable, scope: EndpointScope, id: string) => view(await findEndpoint(db, scope, id)),

    /**
     * A disabled endpoint is not queued new events, and what was already queued for it waits:
     * enabling it again resumes those deliveries.
     */
    disable: (tx: Queryable, scope: EndpointScope, id: string) => setEnabled(tx, scope, id, false),
    enable: (tx: Queryable, scope: EndpointScope, id: string) => setEnabled(tx, scope, id, true),

    /** A new secret, effective at once: every send from now on, retries included, is signed with it. */
    async rotateSecret(
      tx: Queryable,
      scope: EndpointScope,
      id: string,
    ): Promise<{ endpoint: EndpointView; secret: string }> {
      await findEndpoint(tx, scope, id, { lock: true });
      const secret = newSecret();
      const endpoint = await setEndpointSecret(tx, id, secret, ctx.clock.now());
      return { endpoint: view(endpoint), secret };
    },
  };
}

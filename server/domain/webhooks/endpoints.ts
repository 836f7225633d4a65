import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { DomainContext } from '../shared/context';
import { notFound, validationFailed, type FieldIssue } from '../shared/errors';
import type { WebhookEndpointRow } from './types';

/**
 * Who is asking: an organisation (its own endpoints only) or the operator at the CLI, who acts on
 * any organisation's endpoint by id, as with access tokens. Merchant-facing callers always pass
 * an organisation id.
 */
export type EndpointScope = { organisationId: string } | 'operator';

/** An endpoint as lists show it: the secret is never shown again, only its first characters. */
export type EndpointView = Omit<WebhookEndpointRow, 'secret'> & { secret_hint: string };

const view = ({ secret, ...row }: WebhookEndpointRow): EndpointView => ({ ...row, secret_hint: secret.slice(0, 4) });

/** 256 random bits, URL-safe: the receiver keys its HMAC with this exact string. */
const newSecret = () => randomBytes(32).toString('base64url');

/** Webhooks go to absolute http(s) URLs without credentials; https only in live. */
export function checkEndpointUrl(value: string, environment: 'sandbox' | 'live'): FieldIssue | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { field: 'url', code: 'invalid_uri' };
  }
  const allowed = environment === 'live' ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol) || url.username || url.password) return { field: 'url', code: 'invalid_uri' };
  if (value.length > 2000) return { field: 'url', code: 'too_long', params: { max: 2000 } };
  return null;
}

export function createWebhookEndpointService(ctx: DomainContext) {
  async function find(db: Queryable, scope: EndpointScope, id: string, lock = false): Promise<WebhookEndpointRow> {
    const byOrganisation = scope === 'operator' ? '' : ' AND organisation_id = $2';
    const params = scope === 'operator' ? [id] : [id, scope.organisationId];
    const { rows } = await db.query<WebhookEndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE id = $1${byOrganisation}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    if (!rows[0]) throw notFound('webhook_endpoints');
    return rows[0];
  }

  async function update(scope: EndpointScope, id: string, set: string, values: unknown[]): Promise<WebhookEndpointRow> {
    return ctx.db.transaction(async (tx) => {
      const endpoint = await find(tx, scope, id, true);
      const { rows } = await tx.query<WebhookEndpointRow>(
        `UPDATE webhook_endpoints SET ${set}, updated_at = $2 WHERE id = $1 AND organisation_id = $3 RETURNING *`,
        [id, ctx.clock.now(), endpoint.organisation_id, ...values],
      );
      return rows[0]!;
    });
  }

  return {
    /** Registers an endpoint; the answer carries the secret, which is shown this once. */
    async create(organisationId: string, url: string): Promise<{ endpoint: EndpointView; secret: string }> {
      const issue = checkEndpointUrl(url, ctx.environment);
      if (issue) throw validationFailed([issue]);
      const org = await ctx.db.query('SELECT id FROM organisations WHERE id = $1', [organisationId]);
      if (!org.rows[0]) throw notFound('organisations');
      const secret = newSecret();
      const now = ctx.clock.now();
      const { rows } = await ctx.db.query<WebhookEndpointRow>(
        `INSERT INTO webhook_endpoints (id, organisation_id, url, secret, enabled, created_at, updated_at)
         VALUES ($1, $2, $3, $4, true, $5, $5) RETURNING *`,
        [ctx.ids('webhookEndpoint'), organisationId, url, secret, now],
      );
      return { endpoint: view(rows[0]!), secret };
    },

    async list(scope: EndpointScope): Promise<EndpointView[]> {
      const { rows } =
        scope === 'operator'
          ? await ctx.db.query<WebhookEndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id')
          : await ctx.db.query<WebhookEndpointRow>(
              'SELECT * FROM webhook_endpoints WHERE organisation_id = $1 ORDER BY id',
              [scope.organisationId],
            );
      return rows.map(view);
    },

    get: async (scope: EndpointScope, id: string) => view(await find(ctx.db, scope, id)),

    /**
     * A disabled endpoint is not queued new events, and what was already queued for it waits:
     * enabling it again resumes those deliveries.
     */
    disable: async (scope: EndpointScope, id: string) => view(await update(scope, id, 'enabled = false', [])),
    enable: async (scope: EndpointScope, id: string) => view(await update(scope, id, 'enabled = true', [])),

    /** A new secret, effective at once: every send from now on, retries included, is signed with it. */
    async rotateSecret(scope: EndpointScope, id: string): Promise<{ endpoint: EndpointView; secret: string }> {
      const secret = newSecret();
      const endpoint = await update(scope, id, 'secret = $4, rotated_at = $2', [secret]);
      return { endpoint: view(endpoint), secret };
    },
  };
}

export type WebhookEndpointService = ReturnType<typeof createWebhookEndpointService>;
